//! Writes the PTX of the argmax test harness (each ukernel linked into a
//! kernel that launches it directly) for sm_80 and sm_90 into a directory:
//!   cargo run -p ukernel-passes --example emit_harness_ptx -- OUT_DIR
use inkwell::{context::Context, memory_buffer::MemoryBuffer, module::Module};
use ukernel_passes::link;
use ukernels::{harness_bitcode, registry};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args().nth(1).ok_or("usage: emit_harness_ptx OUT_DIR")?;
    std::fs::create_dir_all(&dir)?;
    for sm in [80, 90] {
        let context = Context::create();
        let bytes = harness_bitcode("harness_argmax", sm).ok_or("no harness bitcode")?;
        let buffer = MemoryBuffer::create_from_memory_range(bytes, "harness");
        let module = Module::parse_bitcode_from_buffer(&buffer, &context).map_err(|e| e.to_string())?;
        let paths: Vec<String> = registry().ukernels().iter().map(|u| u.object_path(sm)).collect();
        let objects: Vec<(&str, &[u8])> = registry()
            .ukernels()
            .iter()
            .zip(&paths)
            .map(|(u, p)| (p.as_str(), u.bitcode_for(sm).map(|b| b.1).unwrap_or_default()))
            .collect();
        link::link_needed_objects(&module, &objects)?;
        link::internalize_non_kernels(&module);
        let ptx = link::emit_ptx(&module, sm)?;
        let path = format!("{dir}/harness_argmax.sm_{sm}.ptx");
        std::fs::write(&path, ptx)?;
        println!("{path}");
    }
    Ok(())
}
