use melior::{
    Context,
    dialect::DialectRegistry,
    utility::{register_all_dialects, register_all_llvm_translations},
};

use crate::Error;

/// The IRDL text of the `ukernel` dialect.
pub const IRDL_SOURCE: &str = include_str!("../ukernel.irdl.mlir");

/// A context with every upstream dialect, the LLVM IR translations and the
/// `ukernel` dialect loaded. Multithreading is off so that diagnostics arrive
/// in program order.
pub fn create_context() -> Result<Context, Error> {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    add_ukernel_dialect(&registry)?;
    let context = Context::new_with_registry(&registry, false);
    context.load_all_available_dialects();
    register_all_llvm_translations(&context);
    load_ukernel_dialect(&context)?;
    Ok(context)
}

unsafe extern "C" {
    fn ukRegistryInsertIRDLDialect(
        registry: mlir_sys::MlirDialectRegistry,
        name: mlir_sys::MlirStringRef,
        irdl: mlir_sys::MlirStringRef,
        report: unsafe extern "C" fn(*mut std::ffi::c_void, mlir_sys::MlirStringRef),
        report_data: *mut std::ffi::c_void,
    ) -> bool;
}

unsafe extern "C" fn report_into(data: *mut std::ffi::c_void, message: mlir_sys::MlirStringRef) {
    // SAFETY: `data` is the `&mut String` `add_ukernel_dialect_to_raw` passes, alive for the call that reports into it.
    unsafe { *(data as *mut String) = crate::dynamic::string_ref_text(message) };
}

/// Adds the `ukernel` dialect, defined by [`IRDL_SOURCE`], to `registry`:
/// every context created from it (or that appends it) loads the dialect by
/// name, when the parser first meets `#ukernel.*` or when asked. This is how
/// a host such as `mlir-opt` gets the dialect from the plugin.
pub fn add_ukernel_dialect(registry: &DialectRegistry) -> Result<(), Error> {
    // SAFETY: `registry` is a live registry borrowed for the call.
    unsafe { add_ukernel_dialect_to_raw(registry.to_raw()) }
}

/// [`add_ukernel_dialect`] for a registry the host owns (a plugin's
/// `DialectRegistry *`).
///
/// # Safety
/// `registry` must be a live dialect registry.
pub unsafe fn add_ukernel_dialect_to_raw(registry: mlir_sys::MlirDialectRegistry) -> Result<(), Error> {
    let mut error = String::new();
    // SAFETY: the caller guarantees a live registry; the strings are static and `error` outlives the call that writes it through `report_into`.
    let ok = unsafe {
        ukRegistryInsertIRDLDialect(
            registry,
            crate::dynamic::string_ref(crate::DIALECT),
            crate::dynamic::string_ref(IRDL_SOURCE),
            report_into,
            &mut error as *mut String as *mut std::ffi::c_void,
        )
    };
    if ok { Ok(()) } else { Err(Error::DialectLoad(error)) }
}

/// Loads the `ukernel` dialect into `context`, which need not have been
/// created by [`create_context`]. Loading twice is harmless.
pub fn load_ukernel_dialect(context: &Context) -> Result<(), Error> {
    let name = crate::dynamic::string_ref(crate::DIALECT);
    // SAFETY: a live context and a static dialect name.
    let loaded = unsafe { mlir_sys::mlirContextGetOrLoadDialect(context.to_raw(), name) };
    if !loaded.ptr.is_null() {
        return Ok(());
    }
    let registry = DialectRegistry::new();
    add_ukernel_dialect(&registry)?;
    context.append_dialect_registry(&registry);
    // SAFETY: a live context and a static dialect name.
    let loaded = unsafe { mlir_sys::mlirContextGetOrLoadDialect(context.to_raw(), name) };
    if loaded.ptr.is_null() {
        return Err(Error::DialectLoad("the registry did not create the dialect".into()));
    }
    Ok(())
}

unsafe extern "C" {
    fn ukContextSetPrintOpOnDiagnostic(ctx: mlir_sys::MlirContext, enable: bool);
}

/// Whether verifier errors carry a note printing the failing op (MLIR's
/// default). Tools that match diagnostics against expectations turn it off.
pub fn set_print_op_on_diagnostic(context: &Context, enable: bool) {
    // SAFETY: a live context.
    unsafe { ukContextSetPrintOpOnDiagnostic(context.to_raw(), enable) }
}
