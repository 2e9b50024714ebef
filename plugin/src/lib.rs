//! `libukernel_mlir_plugin.so`: the `ukernel` dialect and this project's
//! passes inside an MLIR host that was not built with them, such as
//! Debian's `mlir-opt-22`:
//!
//! ```sh
//! mlir-opt-22 --load-dialect-plugin=libukernel_mlir_plugin.so \
//!   --load-pass-plugin=libukernel_mlir_plugin.so \
//!   --pass-pipeline='builtin.module(ukernel-set-target{arch=sm_90},ukernel-kernel-config,...)' in.mlir
//! ```
//!
//! Both entry points are in one library. The host must hold the same
//! (shared) `libMLIR.so` as the plugin: the workspace links MLIR only that
//! way. The dialect plugin adds the dialect to the host's registry (every
//! context the host creates loads it when the parser meets `#ukernel.*`); the pass plugin registers the passes of
//! [`ukernel_passes::PASSES`] and the `ukernel-set-target{arch=
//! ukernels=}` pipeline. Upstream's passes are the host's own.

use std::ffi::c_char;

/// `MLIR_PLUGIN_API_VERSION` of mlir/Tools/Plugins/PassPlugin.h.
const PLUGIN_API_VERSION: u32 = 1;
const NAME: &[u8] = b"ukernel\0";
const VERSION: &[u8] = concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes();

/// `mlir::PassPluginLibraryInfo`.
#[repr(C)]
pub struct PassPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_pass_registry_callbacks: extern "C" fn(),
}

/// `mlir::DialectPluginLibraryInfo`; the registry is a `DialectRegistry *`.
#[repr(C)]
pub struct DialectPluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register_dialect_registry_callbacks: extern "C" fn(mlir_sys::MlirDialectRegistry),
}

extern "C" fn register_passes() {
    // A panic must not unwind into the host.
    if std::panic::catch_unwind(ukernel_passes::register_project_passes).is_err() {
        eprintln!("ukernel plugin: error: registering the passes failed");
    }
}

extern "C" fn register_dialect(registry: mlir_sys::MlirDialectRegistry) {
    // SAFETY: the host passes its live dialect registry.
    match std::panic::catch_unwind(|| unsafe { ukernel_dialect::add_ukernel_dialect_to_raw(registry) }) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => eprintln!("ukernel plugin: error: {e}"),
        Err(_) => eprintln!("ukernel plugin: error: registering the dialect failed"),
    }
}

/// The pass-plugin entry point (`--load-pass-plugin`).
#[unsafe(no_mangle)]
pub extern "C" fn mlirGetPassPluginInfo() -> PassPluginLibraryInfo {
    PassPluginLibraryInfo {
        api_version: PLUGIN_API_VERSION,
        plugin_name: NAME.as_ptr() as *const c_char,
        plugin_version: VERSION.as_ptr() as *const c_char,
        register_pass_registry_callbacks: register_passes,
    }
}

/// The dialect-plugin entry point (`--load-dialect-plugin`).
#[unsafe(no_mangle)]
pub extern "C" fn mlirGetDialectPluginInfo() -> DialectPluginLibraryInfo {
    DialectPluginLibraryInfo {
        api_version: PLUGIN_API_VERSION,
        plugin_name: NAME.as_ptr() as *const c_char,
        plugin_version: VERSION.as_ptr() as *const c_char,
        register_dialect_registry_callbacks: register_dialect,
    }
}
