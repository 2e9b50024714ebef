//! Embedding the pipeline in another compiler driver: compile a module of
//! dispatches to a package, or stop at a stage and keep the module.
//!
//!   cargo run -p ukc --example embed -- [out.pkg]
use ukc::compile::{CompileOptions, Compiler};
use ukernel_dialect::UKernelSelection;
use ukernel_passes::codegen::Stage;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "embedded.pkg".into());
    let options = CompileOptions {
        arches: vec![ukernel_dialect::GpuArch::portable(90)],
        ukernels: Some(UKernelSelection::All),
        ..Default::default()
    };
    let compiler = Compiler::new(options)?;

    // A prefix of the pipeline: the module with ukernels selected and lowered.
    let mut module = compiler.parse(ukc::ukc::DEMO_SOURCE, "decode_step.mlir")?;
    let decisions = compiler.run_to(&mut module, Stage::Lowered)?;
    for d in &decisions {
        println!("{d}");
    }
    let lowered = module.as_operation().to_string();
    println!(
        "lowered module: {} lines, {} ukernel calls",
        lowered.lines().count(),
        lowered.matches("call @uk_").count()
    );

    // The whole pipeline: a package for the runtime.
    let compiled = compiler.compile_text(ukc::ukc::DEMO_SOURCE, "decode_step.mlir")?;
    std::fs::write(&out, compiled.package.to_bytes())?;
    println!("wrote {out}: {} kernels", compiled.package.kernels.len());
    Ok(())
}
