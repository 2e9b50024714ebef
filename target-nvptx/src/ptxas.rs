//! Ahead-of-time machine code: PTX to cubin with NVIDIA's `ptxas`, so that
//! loading a package costs no driver JIT and PTX errors show at compile
//! time, attributed to the kernel they are in.

use std::{path::Path, process::Command};

use ukernel_dialect::GpuArch;

#[derive(Debug, thiserror::Error)]
pub enum PtxasError {
    #[error("cannot run {ptxas}: {error}")]
    Spawn { ptxas: String, error: std::io::Error },
    #[error("ptxas failed for {arch}{}:\n{log}", kernel.as_ref().map(|k| format!(" in kernel '{k}'")).unwrap_or_default())]
    Failed { arch: String, kernel: Option<String>, log: String },
    #[error("cannot write a temporary file for ptxas: {0}")]
    Io(#[from] std::io::Error),
}

/// Compiles `ptx` to a cubin for `arch` (`-arch=sm_90a` for arch-specific
/// code), optimizing at ptxas's default level (-O3), its kernels on as many
/// threads as the machine has cores. `name` (a kernel's) names the PTX file
/// in ptxas's messages (default `kernels`).
pub fn compile(ptxas: &Path, ptx: &str, arch: GpuArch, name: Option<&str>) -> Result<Vec<u8>, PtxasError> {
    let dir = tempfile::tempdir()?;
    // Kernel names are PTX identifiers: safe as file names.
    let file = format!(
        "{}.ptx",
        name.filter(|n| n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')).unwrap_or("kernels")
    );
    let input = dir.path().join(&file);
    let output = dir.path().join("kernels.cubin");
    std::fs::write(&input, ptx)?;
    let out = Command::new(ptxas)
        .arg(format!("-arch={arch}"))
        .arg("-O3")
        // Kernels optimized on all cores (the machine code does not change).
        .arg("--split-compile=0")
        .arg("-o")
        .arg(&output)
        .arg(&input)
        .output()
        .map_err(|error| PtxasError::Spawn { ptxas: ptxas.display().to_string(), error })?;
    if !out.status.success() {
        let log = String::from_utf8_lossy(&out.stderr).replace(&*input.to_string_lossy(), &file);
        return Err(PtxasError::Failed { arch: arch.to_string(), kernel: kernel_of_error(ptx, &log), log });
    }
    Ok(std::fs::read(&output)?)
}

/// The kernel (`.entry`) that holds the first line ptxas complains about
/// (`ptxas <name>.ptx, line N; error : ...`), or that the log names.
fn kernel_of_error(ptx: &str, log: &str) -> Option<String> {
    let line: usize = log.split(", line ").nth(1)?.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()?;
    ptx.lines().take(line).filter_map(entry_name).last()
}

fn entry_name(line: &str) -> Option<String> {
    let rest = line.split(".entry ").nth(1)?;
    Some(rest.split(|c: char| c == '(' || c.is_whitespace()).next()?.to_string())
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_error_line_is_attributed_to_its_kernel() {
        let ptx = ".version 8.0\n.target sm_80\n.visible .entry first(\n) {\nret;\n}\n.visible .entry second(\n) {\nbogus;\n}\n";
        let log = "ptxas kernels.ptx, line 9; error   : Not a name of any known instruction: 'bogus'\n";
        assert_eq!(super::kernel_of_error(ptx, log).as_deref(), Some("second"));
        assert_eq!(super::kernel_of_error(ptx, "ptxas fatal : Unresolved extern function 'f'"), None);
    }
}
