//! The three passes end to end through the Rust pass manager on a module of
//! several dispatches (the lit test `three_passes_end_to_end.mlir` pins the
//! IR): a second run of the pipeline changes nothing.

use melior::{ir::Module, pass::PassManager, utility::parse_pass_pipeline};
use ukernel_dialect::{create_context, location::capture_diagnostics};

const DISPATCHES: &str = include_str!("../../../test/passes/pipeline/three_passes_end_to_end.mlir");
const PIPELINE: &str =
    "builtin.module(ukernel-kernel-config,ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)";

#[test]
fn three_pass_pipeline_is_idempotent() {
    ukernel_passes::register_passes();
    let context = create_context().unwrap();
    let mut module = Module::parse(&context, DISPATCHES).unwrap();
    let run = |module: &mut Module| {
        let pm = PassManager::new(&context);
        parse_pass_pipeline(pm.as_operation_pass_manager(), PIPELINE).unwrap();
        let (result, diagnostics) = capture_diagnostics(&context, || pm.run(module));
        assert!(result.is_ok(), "{diagnostics:?}");
        module.as_operation().to_string()
    };
    let once = run(&mut module);
    assert_eq!(once.matches("func.call @uk_argmax_").count(), 3, "{once}");
    // The oge argmax has no ukernel and stays.
    assert_eq!(once.matches("linalg.generic").count(), 1, "{once}");
    let twice = run(&mut module);
    assert_eq!(once, twice);
}
