//! Compile-time benchmark: N argmax dispatches through the ukernel passes
//! alone, and through the whole pipeline to PTX. Prints figures. With
//! DISTINCT < N, dispatch i has the shape and types of dispatch i % DISTINCT
//! (a model's layers repeat their dispatches).
//!
//!   cargo run --release -p ukc --example compile_time -- [N] [DISTINCT]
//!
//! With `UKC_COMPILE_TIME_INPUT=FILE` it writes the tensor module to FILE
//! and stops, to time `ukc compile` on it (`--timing`).
use std::time::Instant;

use melior::{ir::Module, pass::PassManager, utility::parse_pass_pipeline};
use ukc::compile::{CompileOptions, Compiler};

/// N dispatches on memrefs, each with its own shape (up to `distinct`
/// shapes, then again) and cycling over the element and index types.
fn dispatches(n: usize, distinct: usize, memrefs: bool) -> String {
    let types = [("f32", "0xFF800000"), ("f16", "0xFC00"), ("bf16", "0xFF80")];
    let mut text = String::from(
        "module attributes {ukernel.target = #ukernel.target<{arch = \"sm_90\", ukernels = \"all\"}>} {\n",
    );
    for i in 0..n {
        let j = i % distinct;
        let (e, ninf) = types[j % 3];
        let idx = if j.is_multiple_of(2) { "i64" } else { "i32" };
        let (rows, len) = (1 + j % 64, 32000 + j);
        let t = |s: &str| if memrefs { format!("memref<{s}>") } else { format!("tensor<{s}>") };
        let (tin, tval, tidx) =
            (t(&format!("{rows}x{len}x{e}")), t(&format!("{rows}x{e}")), t(&format!("{rows}x{idx}")));
        if memrefs {
            text += &format!(
                "  func.func @d{i}(%in: {tin}, %val: {tval}, %idx: {tidx}) {{\n    %z = arith.constant 0 : {idx}\n    %n = arith.constant {ninf} : {e}\n    linalg.fill ins(%z : {idx}) outs(%idx : {tidx})\n    linalg.fill ins(%n : {e}) outs(%val : {tval})\n    linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = [\"parallel\", \"reduction\"]}} ins(%in : {tin}) outs(%val, %idx : {tval}, {tidx}) {{\n    ^bb0(%a: {e}, %b: {e}, %c: {idx}):\n      %k = linalg.index 1 : index\n      %kk = arith.index_cast %k : index to {idx}\n      %m = arith.maximumf %a, %b : {e}\n      %p = arith.cmpf ogt, %a, %b : {e}\n      %s = arith.select %p, %kk, %c : {idx}\n      linalg.yield %m, %s : {e}, {idx}\n    }}\n    return\n  }}\n"
            );
        } else {
            text += &format!(
                "  func.func @d{i}(%in: {tin}) -> {tidx} {{\n    %z = arith.constant 0 : {idx}\n    %n = arith.constant {ninf} : {e}\n    %ei = tensor.empty() : {tidx}\n    %fi = linalg.fill ins(%z : {idx}) outs(%ei : {tidx}) -> {tidx}\n    %ev = tensor.empty() : {tval}\n    %fv = linalg.fill ins(%n : {e}) outs(%ev : {tval}) -> {tval}\n    %r:2 = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = [\"parallel\", \"reduction\"]}} ins(%in : {tin}) outs(%fv, %fi : {tval}, {tidx}) {{\n    ^bb0(%a: {e}, %b: {e}, %c: {idx}):\n      %k = linalg.index 1 : index\n      %kk = arith.index_cast %k : index to {idx}\n      %m = arith.maximumf %a, %b : {e}\n      %p = arith.cmpf ogt, %a, %b : {e}\n      %s = arith.select %p, %kk, %c : {idx}\n      linalg.yield %m, %s : {e}, {idx}\n    }} -> ({tval}, {tidx})\n    return %r#1 : {tidx}\n  }}\n"
            );
        }
    }
    text + "}\n"
}

fn peak_rss_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(0.0, |kib| kib / 1024.0)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let distinct: usize = std::env::args().nth(2).and_then(|a| a.parse().ok()).unwrap_or(n).clamp(1, n.max(1));
    if let Ok(path) = std::env::var("UKC_COMPILE_TIME_INPUT") {
        std::fs::write(&path, dispatches(n, distinct, false))?;
        println!("wrote {n} argmax dispatches of {distinct} distinct shapes to {path}");
        return Ok(());
    }
    let compiler =
        Compiler::new(CompileOptions { arches: vec![ukernel_dialect::GpuArch::portable(90)], ..Default::default() })?;
    let context = compiler.context();

    // The three ukernel passes alone, on memrefs.
    let text = dispatches(n, distinct, true);
    let mut module = Module::parse(context, &text).ok_or("the generated module does not parse")?;
    println!("{n} argmax dispatches of {distinct} distinct shapes (memrefs), ukernel passes alone:");
    for pass in ["ukernel-kernel-config", "ukernel-hoist-executable-objects", "ukernel-lower-to-ukernels"] {
        let pm = PassManager::new(context);
        parse_pass_pipeline(pm.as_operation_pass_manager(), &format!("builtin.module({pass})"))?;
        let start = Instant::now();
        pm.run(&mut module)?;
        let ms = start.elapsed().as_secs_f64() * 1e3;
        println!("  {pass:<34} {ms:>9.2} ms  {:>8.1} us/op", ms * 1e3 / n as f64);
    }

    // Each stage of the pipeline, on tensors.
    let text = dispatches(n, distinct, false);
    let mut module = compiler.parse(&text, "generated.mlir")?;
    println!("{n} argmax dispatches of {distinct} distinct shapes (tensors), stage by stage:");
    let mut previous = ukernel_passes::codegen::Stage::Input;
    for stage in ukernel_passes::codegen::Stage::ALL.into_iter().skip(1) {
        let start = Instant::now();
        ukernel_passes::codegen::run_stages(context, &mut module, previous, stage)?;
        println!(
            "  {:<12} {:>9.1} ms  (peak RSS {:.0} MiB)",
            stage.name(),
            start.elapsed().as_secs_f64() * 1e3,
            peak_rss_mib()
        );
        previous = stage;
    }
    let objects = ukernel_target_nvptx::module_objects(&module);
    let start = Instant::now();
    let llvm = inkwell::context::Context::create();
    let partitions =
        ukernel_target_nvptx::translate_partitioned(&module, &llvm, ukernel_target_nvptx::Split::PerKernel)?;
    println!("  {:<12} {:>9.1} ms ({} partitions)", "translate", start.elapsed().as_secs_f64() * 1e3, partitions.len());
    let sm90 = [ukernel_dialect::GpuArch::portable(90)];
    for jobs in [1, 0] {
        let start = Instant::now();
        let options = ukernel_target_nvptx::EmitOptions { jobs, ..Default::default() };
        ukernel_target_nvptx::emit(&partitions, &objects, &sm90, &options)?;
        println!(
            "  {:<12} {:>9.1} ms (link, O3, PTX per kernel on {} thread(s); peak RSS {:.0} MiB)",
            "sm_90",
            start.elapsed().as_secs_f64() * 1e3,
            if jobs == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { jobs },
            peak_rss_mib()
        );
    }
    let whole = ukernel_target_nvptx::translate_partitioned(&module, &llvm, ukernel_target_nvptx::Split::Whole)?;
    let start = Instant::now();
    let called = ukernel_target_nvptx::emit(
        &whole,
        &objects,
        &sm90,
        &ukernel_target_nvptx::EmitOptions {
            linkage: ukernel_target_nvptx::link::UKernelLinkage::Call,
            ..Default::default()
        },
    )?;
    println!(
        "  {:<12} {:>9.1} ms (link, O3, PTX of one module with one called copy of each ukernel: {} bytes of PTX)",
        "sm_90 call",
        start.elapsed().as_secs_f64() * 1e3,
        called.modules.iter().flat_map(|m| m.ptx.values()).map(|p| p.len()).sum::<usize>()
    );

    // The whole pipeline to PTX, as `ukc compile` runs it.
    let start = Instant::now();
    let compiled = compiler.compile_text(&text, "generated.mlir")?;
    let ms = start.elapsed().as_secs_f64() * 1e3;
    println!(
        "full compile to sm_90 PTX ({} kernels, {} bytes of PTX): {ms:.1} ms, {:.2} ms/dispatch; peak RSS {:.0} MiB",
        compiled.kernels.len(),
        compiled.modules.iter().flat_map(|m| m.ptx.values()).map(|p| p.len()).sum::<usize>(),
        ms / n as f64,
        peak_rss_mib()
    );
    Ok(())
}
