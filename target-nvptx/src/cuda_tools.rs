//! NVIDIA's redistributable compile-time pieces, found where they are
//! installed: `libdevice.10.bc` (math functions as NVPTX bitcode) and
//! `ptxas` (PTX to cubin). Neither is needed to compile PTX without math
//! functions; with them, math ops compile and packages carry cubins.
//!
//! A directory laid out as NVIDIA's `nvidia-cuda-nvcc-cu12` wheel or a CUDA
//! toolkit (`nvvm/libdevice/libdevice.10.bc`, `bin/ptxas`): `$UKC_CUDA_DIR`
//! when set, and then nothing else; otherwise, in order,
//! `.toolchain/cuda_nvcc` of the workspace this program was built in or of a
//! directory above the executable (what `scripts/setup.sh` installs),
//! `$CUDA_HOME`, `/usr/local/cuda`, and `ptxas` on `PATH`.

use std::path::{Path, PathBuf};

/// Where libdevice and ptxas are (each may be missing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CudaTools {
    pub libdevice: Option<PathBuf>,
    pub ptxas: Option<PathBuf>,
}

const LIBDEVICE: &str = "nvvm/libdevice/libdevice.10.bc";
const PTXAS: &str = "bin/ptxas";
/// Where `scripts/setup.sh` unpacks the wheel, relative to the workspace.
pub const PROJECT_DIR: &str = ".toolchain/cuda_nvcc";

impl CudaTools {
    /// Neither tool: PTX-only packages, math ops that need libdevice fail.
    pub fn none() -> Self {
        Self::default()
    }

    /// Searches the usual places (see the module documentation).
    pub fn discover() -> Self {
        if let Some(dir) = std::env::var_os("UKC_CUDA_DIR") {
            return Self::in_dir(Path::new(&dir));
        }
        let dirs = candidate_dirs();
        let find = |rel: &str| dirs.iter().map(|d| d.join(rel)).find(|p| p.is_file());
        let ptxas = find(PTXAS).or_else(|| on_path("ptxas"));
        Self { libdevice: find(LIBDEVICE), ptxas }
    }

    /// The tools under one directory (a wheel's `nvidia/cuda_nvcc` or a CUDA
    /// toolkit).
    pub fn in_dir(dir: &Path) -> Self {
        let at = |rel: &str| Some(dir.join(rel)).filter(|p| p.is_file());
        Self { libdevice: at(LIBDEVICE), ptxas: at(PTXAS) }
    }

    /// One line saying how to get what is missing, or None.
    pub fn missing_hint(&self) -> Option<String> {
        let mut missing = Vec::new();
        if self.libdevice.is_none() {
            missing.push("libdevice (math functions)");
        }
        if self.ptxas.is_none() {
            missing.push("ptxas (cubins)");
        }
        (!missing.is_empty()).then(|| {
            format!(
                "{} not found: scripts/setup.sh installs NVIDIA's nvidia-cuda-nvcc-cu12 wheel into {PROJECT_DIR}, \
                 or set UKC_CUDA_DIR to a directory with {LIBDEVICE} and {PTXAS}",
                missing.join(" and ")
            )
        })
    }
}

fn candidate_dirs() -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    dirs.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(PROJECT_DIR));
    if let Ok(exe) = std::env::current_exe() {
        dirs.extend(exe.ancestors().skip(1).map(|a| a.join(PROJECT_DIR)));
    }
    if let Some(d) = std::env::var_os("CUDA_HOME") {
        dirs.push(PathBuf::from(d));
    }
    dirs.push(PathBuf::from("/usr/local/cuda"));
    dirs
}

fn on_path(tool: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|d| d.join(tool)).find(|p| p.is_file())
}
