//! The embedded ukernel bitcode: it parses, defines the documented symbol
//! with the documented signature and shared memory, and links into a kernel
//! that compiles to PTX with the ukernel inlined.

use inkwell::{
    AddressSpace,
    context::Context,
    memory_buffer::MemoryBuffer,
    module::Module,
    targets::{InitializationConfig, Target, TargetMachine, TargetTriple},
    types::{AnyType, BasicTypeEnum},
};
use ukernel_dialect::GpuArch;
use ukernel_target_nvptx::link;
use ukernels::{harness_bitcode, registry};

fn parse<'c>(context: &'c Context, name: &str, bytes: &'static [u8]) -> Module<'c> {
    let buffer = MemoryBuffer::create_from_memory_range(bytes, name);
    Module::parse_bitcode_from_buffer(&buffer, context).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn llvm_type_name(t: BasicTypeEnum) -> String {
    t.print_to_string().to_string()
}

fn data_layout_machine() -> TargetMachine {
    Target::initialize_nvptx(&InitializationConfig::default());
    let triple = TargetTriple::create("nvptx64-nvidia-cuda");
    Target::from_triple(&triple)
        .unwrap()
        .create_target_machine(
            &triple,
            "sm_90",
            "+ptx80",
            inkwell::OptimizationLevel::None,
            inkwell::targets::RelocMode::Default,
            inkwell::targets::CodeModel::Default,
        )
        .unwrap()
}

#[test]
fn every_ukernel_defines_its_symbol_with_the_documented_abi() {
    let tm = data_layout_machine();
    let layout = tm.get_target_data();
    for uk in registry().ukernels() {
        for (sm, bytes) in &uk.bitcode {
            let context = Context::create();
            let module = parse(&context, &uk.object_path(*sm), bytes);
            let f = module.get_function(&uk.symbol).unwrap_or_else(|| panic!("{} sm_{sm}: symbol missing", uk.symbol));
            assert!(f.count_basic_blocks() > 0, "{} is only declared", uk.symbol);
            let ty = f.get_type();
            assert!(ty.get_return_type().is_none(), "{} returns void", uk.symbol);
            let params: Vec<String> =
                ty.get_param_types().into_iter().map(|t| llvm_type_name(t.try_into().unwrap())).collect();
            let documented: Vec<&str> = uk.abi.iter().map(|p| p.ty.llvm_type()).collect();
            assert_eq!(params, documented, "{} sm_{sm} signature", uk.symbol);

            // Static shared memory (address space 3) is what the registry says.
            let shared: u64 = module
                .get_globals()
                .filter(|g| g.as_pointer_value().get_type().get_address_space() == AddressSpace::from(3u16))
                .map(|g| layout.get_store_size(&g.get_value_type().as_any_type_enum()))
                .sum();
            assert_eq!(shared, uk.static_shared_memory_bytes as u64, "{} sm_{sm} shared memory", uk.symbol);
        }
    }
}

#[test]
fn harness_links_each_ukernel_inlined_into_ptx_for_sm90() {
    let context = Context::create();
    let harness = parse(&context, "harness_argmax.sm_90.bc", harness_bitcode("harness_argmax", 90).unwrap());
    let objects: Vec<(String, &[u8])> =
        registry().ukernels().iter().filter_map(|u| Some((u.object_path(90), u.bitcode_for(90)?.1))).collect();
    let objects: Vec<(&str, &[u8])> = objects.iter().map(|(p, b)| (p.as_str(), *b)).collect();
    let linked = link::link_needed_objects(&harness, &objects).unwrap();
    // Only what the harness calls: the 18 argmax variants.
    assert_eq!(linked.len(), registry().of_family("argmax").count());
    link::internalize_non_kernels(&harness);
    let mut kernels = link::kernel_names(&harness);
    kernels.sort();
    // Two per ukernel: without an input map and with the identity as one.
    assert_eq!(kernels.len(), 2 * registry().of_family("argmax").count());
    assert_eq!(kernels.len(), 36);
    let ptx = link::emit_ptx(&harness, GpuArch::portable(90)).unwrap();
    assert!(ptx.contains(".target sm_90"), "{}", &ptx[..300]);
    assert!(ptx.contains(".version 8.0"));
    for k in &kernels {
        assert!(ptx.contains(&format!(".entry {k}(")), "{k} missing");
    }
    // Inlined: no callable ukernel function is left in the PTX.
    assert!(!ptx.contains(".func uk_argmax"), "ukernel not inlined");
    // The sm_80 bitcode serves an sm_90 kernel as well.
    let ptx80 = link::emit_ptx(&harness, GpuArch::portable(80)).unwrap();
    assert!(ptx80.contains(".target sm_80"));
}

#[test]
fn objects_nobody_calls_are_not_linked_and_bad_bitcode_is_an_error() {
    let context = Context::create();
    let module = context.create_module("empty");
    let uk = &registry().ukernels()[0];
    let bytes = uk.bitcode_for(90).unwrap().1;
    assert!(link::link_needed_objects(&module, &[("a.bc", bytes)]).unwrap().is_empty());
    let err = link::link_needed_objects(&module, &[("junk.bc", b"not bitcode")]).unwrap_err();
    assert!(err.to_string().contains("'junk.bc' is not valid LLVM bitcode"), "{err}");
}

#[test]
fn matmul_harness_ptx_uses_tensor_cores_and_dynamic_shared_memory() {
    let ptx = link::harness_ptx("harness_matmul", GpuArch::portable(80)).unwrap();
    assert!(ptx.contains(".target sm_80"));
    for needed in
        ["mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", "ldmatrix.sync.aligned", "cp.async.cg.shared.global"]
    {
        assert!(ptx.contains(needed), "{needed} missing");
    }
    // The tile ukernel's stages are dynamic shared memory the launch provides.
    assert!(ptx.contains(".extern .shared .align 128 .b8 uk_matmul_smem[]"));
    let portable = registry().of_family("matmul").filter(|u| !u.arch_specific).count();
    assert_eq!(ptx.matches(".entry harness_uk_matmul_").count(), portable);
}

#[test]
fn sm90a_harness_ptx_targets_the_arch_specific_chip() {
    let ptx = link::harness_ptx("harness_matmul_sm90a", GpuArch::specific(90)).unwrap();
    assert!(ptx.contains(".target sm_90a"), "{}", &ptx[..300]);
    assert!(ptx.contains("wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16"));
    assert!(ptx.contains("wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16"));
    // The narrow variant's tiles.
    assert!(ptx.contains("wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16"));
    // Each wgmma harness kernel (both widths, both B layouts, 16-bit inputs:
    // the FP8 variants are checked through compiled packages) is launched in
    // the clusters the registry records, as a compiled dispatch is.
    let wgmma = registry()
        .of_family("matmul")
        .filter(|u| u.kind.starts_with("wgmma") && !u.operand_types[0].starts_with("f8"))
        .collect::<Vec<_>>();
    assert_eq!(wgmma.len(), 8);
    let c = ukernels::Facts::cluster_m(&wgmma[0].def).expect("the wgmma ukernel runs in clusters");
    assert_eq!(ptx.matches(&format!(".reqnctapercluster 1, {c}, 1")).count(), wgmma.len());
}

#[test]
fn only_kernels_that_just_call_tagged_ukernels_get_the_short_pipeline() {
    let context = Context::create();
    let module_of = |text: &str| {
        let buffer = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "kernels");
        context.create_module_from_ir(buffer).unwrap()
    };
    let argmax = "declare void @uk_argmax_f32i64(ptr)\n\
                  define ptx_kernel void @k(ptr %p) {\n  call void @uk_argmax_f32i64(ptr %p)\n  ret void\n}\n";
    assert_eq!(
        link::pipeline_for(&module_of(argmax), &link::UKernelFacts::of_library()),
        link::Pipeline::AfterInlining
    );
    // Code of its own with a loop: O3.
    let with_loop = "declare void @uk_argmax_f32i64(ptr)\n\
                     define ptx_kernel void @k(ptr %p, i64 %n) {\nentry:\n  br label %loop\n\
                     loop:\n  %i = phi i64 [ 0, %entry ], [ %j, %loop ]\n  call void @uk_argmax_f32i64(ptr %p)\n\
                     %j = add i64 %i, 1\n  %c = icmp slt i64 %j, %n\n  br i1 %c, label %loop, label %done\n\
                     done:\n  ret void\n}\n";
    assert_eq!(link::pipeline_for(&module_of(with_loop), &link::UKernelFacts::of_library()), link::Pipeline::O3);
    // A ukernel without the tag (matmul's), or none at all: O3.
    let matmul = argmax.replace("uk_argmax_f32i64", "uk_matmul_skinny_bf16_nk");
    assert!(registry().by_symbol("uk_matmul_skinny_bf16_nk").is_some());
    assert_eq!(link::pipeline_for(&module_of(&matmul), &link::UKernelFacts::of_library()), link::Pipeline::O3);
    let plain = "define ptx_kernel void @k(ptr %p) {\n  ret void\n}\n";
    assert_eq!(link::pipeline_for(&module_of(plain), &link::UKernelFacts::of_library()), link::Pipeline::O3);
}
