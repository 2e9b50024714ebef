//! Which GPUs a package serves: for each known capability, the image of
//! every kernel the runtime would load there (the function's variant for
//! it, then `MultiKernelLoaderSpec::select_for`) and whether its shared
//! memory fits
//! that capability's limit per workgroup. A package for `sm_80` alone hands
//! its 144 KiB tile kernels to 8.6 and 8.9 devices too (portable PTX runs
//! forward), where 99 KiB is the limit: the runtime refuses them there, and
//! `ukc compile` says ahead which `--arch` would serve those devices.

use ukernel_dialect::KNOWN_ARCHES;
use ukernel_runtime::{ComputeCapability, LoadChoice, Package};

/// Devices of one capability that some of a package's kernels cannot run
/// on for want of shared memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeftOut {
    pub device: ComputeCapability,
    /// Kernels whose image for the device needs more than it allows.
    pub kernels: Vec<String>,
    /// The most shared memory they need, and what the device allows.
    pub needs: u32,
    pub allows: u32,
}

/// The known capabilities (plain forms) the package has images for, whose
/// kernels need more dynamic shared memory than the capability allows.
pub fn left_out(package: &Package) -> Vec<LeftOut> {
    let mut out = Vec::new();
    for arch in KNOWN_ARCHES {
        let device = ComputeCapability::from_sm(arch.sm);
        let allows = arch.shared_memory_per_workgroup;
        let mut kernels = Vec::new();
        let mut needs = 0;
        // Per function, the variant the runtime runs there.
        for f in package.functions() {
            for k in f.steps_for(device) {
                let loads = matches!(k.spec.select_for(device), Ok(LoadChoice::Ptx { .. } | LoadChoice::Cubin { .. }));
                if loads && k.launch.shared_memory_bytes > allows {
                    kernels.push(k.name().to_string());
                    needs = needs.max(k.launch.shared_memory_bytes);
                }
            }
        }
        if !kernels.is_empty() {
            out.push(LeftOut { device, kernels, needs, allows });
        }
    }
    out
}

/// One warning line per capability left out, naming the `--arch` that
/// would serve it.
pub fn warnings(package: &Package) -> Vec<String> {
    left_out(package)
        .into_iter()
        .map(|l| {
            let first = &l.kernels[0];
            let more = if l.kernels.len() > 1 { format!(" and {} more", l.kernels.len() - 1) } else { String::new() };
            format!(
                "{first}{more}: the image a {} device would load needs {} bytes of shared memory per workgroup, the \
                 device allows {}; add --arch sm_{}{} to serve it",
                l.device, l.needs, l.allows, l.device.major, l.device.minor
            )
        })
        .collect()
}
