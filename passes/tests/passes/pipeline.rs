//! The three passes end to end on a module of several dispatches; the whole
//! printed output is pinned.

use melior::{
    ir::{Module, operation::OperationLike, operation::OperationPrintingFlags},
    pass::PassManager,
    utility::parse_pass_pipeline,
};
use ukernel_dialect::{create_context, location::capture_diagnostics};

const DISPATCHES: &str = include_str!("../../../test/passes/pipeline/three_passes_end_to_end.mlir");

#[test]
fn three_pass_pipeline_output_is_pinned() {
    ukernel_passes::register_passes();
    let context = create_context().unwrap();
    let mut module = Module::parse(&context, DISPATCHES).unwrap();
    let pm = PassManager::new(&context);
    parse_pass_pipeline(
        pm.as_operation_pass_manager(),
        "builtin.module(ukernel-kernel-config,ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)",
    )
    .unwrap();
    let (result, diagnostics) = capture_diagnostics(&context, || pm.run(&mut module));
    assert!(result.is_ok(), "{diagnostics:?}");
    let flags = OperationPrintingFlags::new();
    // The bitcode blobs are pinned by the registry tests, not here.
    unsafe { mlir_sys::mlirOpPrintingFlagsElideLargeResourceString(flags.to_raw(), 1) };
    let text = module.as_operation().to_string_with_flags(flags).unwrap();
    insta::assert_snapshot!("three_pass_pipeline", text);
}
