//! `ukernel-kernel-config` through the pass manager, as an embedding
//! compiler would run it: the printed configuration of a representative
//! decode dispatch is pinned, and remarks come out as diagnostics.

use melior::{
    ir::{Module, operation::OperationLike},
    pass::PassManager,
    utility::parse_pass_pipeline,
};
use ukernel_dialect::{LoweringConfig, create_context, location::capture_diagnostics};

const DECODE: &str = r#"
module attributes {ukernel.target = #ukernel.target<{arch = "sm_90", ukernels = "all", sm_count = 132 : i64}>} {
  func.func @next_token(%logits: tensor<8x128256xbf16>) -> tensor<8xi32> {
    %zero = arith.constant 0 : i32
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<8xi32>
    %idx = linalg.fill ins(%zero : i32) outs(%ei : tensor<8xi32>) -> tensor<8xi32>
    %ev = tensor.empty() : tensor<8xbf16>
    %val = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<8xbf16>) -> tensor<8xbf16>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%logits : tensor<8x128256xbf16>) outs(%val, %idx : tensor<8xbf16>, tensor<8xi32>) {
    ^bb0(%in: bf16, %out: bf16, %out_i: i32):
      %i = linalg.index 1 : index
      %ii = arith.index_cast %i : index to i32
      %m = arith.maximumf %in, %out : bf16
      %p = arith.cmpf ogt, %in, %out : bf16
      %s = arith.select %p, %ii, %out_i : i32
      linalg.yield %m, %s : bf16, i32
    } -> (tensor<8xbf16>, tensor<8xi32>)
    return %r#1 : tensor<8xi32>
  }
}
"#;

#[test]
fn decode_dispatch_config_is_pinned() {
    ukernel_passes::register_passes();
    let context = create_context().unwrap();
    let mut module = Module::parse(&context, DECODE).unwrap();
    let pm = PassManager::new(&context);
    parse_pass_pipeline(pm.as_operation_pass_manager(), "builtin.module(ukernel-kernel-config)").unwrap();
    let (result, diagnostics) = capture_diagnostics(&context, || pm.run(&mut module));
    result.unwrap();
    let remarks: Vec<String> = diagnostics.iter().map(|d| d.to_string()).collect();
    insta::assert_snapshot!(remarks.join("\n"), @"-:10:12: remark: ukernel: selected uk_argmax_ogt_bf16i32 (bitcode for sm_90): each row split across 33 workgroup(s) of 256 threads");

    let mut config = None;
    module.as_operation().walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
        if let Ok(a) = op.attribute("lowering_config") {
            config = Some((a.to_string(), LoweringConfig::try_from(a).unwrap()));
        }
        melior::ir::operation::WalkResult::Advance
    });
    let (text, typed) = config.expect("the generic is configured");
    insta::assert_snapshot!(text, @r#"#ukernel.lowering_config<{params = {split = 33 : i64}, reduction = [0, 0], ukernel = #ukernel.spec<"uk_argmax_ogt_bf16i32", {abi = ["in: ptr", "in_offset: i64", "val: ptr", "val_offset: i64", "idx: ptr", "idx_offset: i64", "length: i64", "split_index: i32", "split_count: i32", "scratch: ptr", "scratch_offset: i64", "write_value: i32", "input_map: ptr"], family = "argmax", operand_types = ["bf16", "bf16", "i32"], semantics = "ogt", shared_memory_bytes = 396 : i64, tags = {fusion = "input_map", pipeline = "after-inlining", semantics = "ogt"}}>, workgroup = [1, 0], workgroup_size = [256, 1, 1]}>"#);
    assert_eq!(typed.param("split"), Some(33));
    assert_eq!(typed.ukernel.unwrap().name, "uk_argmax_ogt_bf16i32");
}
