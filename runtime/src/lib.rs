//! The runtime: loads packages of compiled kernels onto NVIDIA GPUs and
//! launches them. It depends on the CUDA driver (through cudarc, loaded at
//! run time) and nothing of LLVM or MLIR, so it builds into a small binary.
//!
//! Layers, bottom up: [`spec`] and [`launch`] (what a kernel is and how it is
//! launched; pure data), [`package`] (the file format), [`cuda`] (the
//! driver, with explicit ownership of every native handle) and [`Runtime`]
//! (loading onto devices, module caches, checked launches).

pub mod arch;
pub mod bounded;
pub mod cuda;
pub mod launch;
pub mod package;
mod runtime;
pub mod spec;

pub use arch::{ArchError, GpuArch, KNOWN_ARCHES, KnownArch};
pub use cuda::{CudaError, Ownership};
pub use launch::{ArgSpec, ArgValue, DimExpr, ElementKind, InvalidLaunch, LaunchMetadata};
pub use package::{Function, Package, PackageError, PackagedKernel};
pub use runtime::{
    Device, DeviceSelection, ENTRY_ATTRIBUTE, Error, LaunchArg, LoadedKernel, MODULE_STATE_ATTRIBUTE, Runtime,
};
pub use spec::{ComputeCapability, ImageForm, KernelLoaderSpec, LoadChoice, MultiKernelLoaderSpec, SpecError};
