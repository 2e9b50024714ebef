//! A family added from outside the crates: `square/` (this directory) and
//! one line, `square::register()`. Its own test process, so that the
//! registration touches no other test.

mod square;

use melior::ir::Module;
use ukernel_dialect::create_context;
use ukernel_passes::codegen::{Stage, run_stage};

const MODULE: &str = r#"
module attributes {ukernel.target = #ukernel.target<{arch = "sm_80", ukernels = "all", sm_count = 108 : i64}>} {
  func.func @square(%x: tensor<1000xf32>) -> tensor<1000xf32> {
    %e = tensor.empty() : tensor<1000xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%x : tensor<1000xf32>) outs(%e : tensor<1000xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.mulf %in, %in : f32
      linalg.yield %s : f32
    } -> tensor<1000xf32>
    return %y : tensor<1000xf32>
  }
  func.func @cube(%x: tensor<1000xf32>) -> tensor<1000xf32> {
    %e = tensor.empty() : tensor<1000xf32>
    %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        ins(%x : tensor<1000xf32>) outs(%e : tensor<1000xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.mulf %in, %in : f32
      %c = arith.mulf %s, %in : f32
      linalg.yield %c : f32
    } -> tensor<1000xf32>
    return %y : tensor<1000xf32>
  }
}
"#;

#[test]
fn a_family_registered_from_outside_is_selected_and_lowered_to_its_ukernel() {
    square::register().unwrap();
    let context = create_context().unwrap();
    let mut module = Module::parse(&context, MODULE).unwrap();
    let remarks = run_stage(&context, &mut module, Stage::Configured).unwrap();
    let remarks: Vec<String> = remarks.iter().map(|d| d.to_string()).collect();
    assert!(
        remarks.iter().any(|r| r.contains("selected uk_square_f32") && r.contains("256 elements per workgroup")),
        "{remarks:#?}"
    );
    // x * x * x is not the family's: the default path, with the reason.
    assert!(remarks.iter().any(|r| r.contains("not a square: its body is not x * x")), "{remarks:#?}");
    run_stage(&context, &mut module, Stage::Lowered).unwrap();
    let text = module.as_operation().to_string();
    assert!(text.contains("func.call @uk_square_f32("), "{text}");
    assert!(text.contains("path = \"uk_square_f32.sm_80.bc\""), "{text}");
    assert_eq!(text.matches("func.call @uk_square_f32(").count(), 1, "{text}");

    // A second registration of the same name or symbol is an error.
    assert_eq!(
        ukernel_passes::families::register(&square::Square).unwrap_err().to_string(),
        "family 'square' is registered already"
    );
    assert_eq!(
        ukernels::register_variants(square::variants(), square::BITCODE).unwrap_err().to_string(),
        "ukernel 'uk_square_f32' is registered already"
    );
}
