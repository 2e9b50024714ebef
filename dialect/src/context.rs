use melior::{
    Context,
    dialect::DialectRegistry,
    ir::{Module, operation::OperationLike},
    utility::{load_irdl_dialects, register_all_dialects, register_all_llvm_translations},
};

use crate::{Error, location::collect_diagnostics};

/// The IRDL text of the `ukernel` dialect.
pub const IRDL_SOURCE: &str = include_str!("../ukernel.irdl.mlir");

/// A context with every upstream dialect, the LLVM IR translations and the
/// `ukernel` dialect loaded. Multithreading is off so that diagnostics arrive
/// in program order.
pub fn create_context() -> Result<Context, Error> {
    let registry = DialectRegistry::new();
    register_all_dialects(&registry);
    let context = Context::new_with_registry(&registry, false);
    context.load_all_available_dialects();
    register_all_llvm_translations(&context);
    load_ukernel_dialect(&context)?;
    Ok(context)
}

/// Loads the `ukernel` dialect from its IRDL definition into `context`.
/// Loading twice is harmless: the second call finds the dialect and returns.
pub fn load_ukernel_dialect(context: &Context) -> Result<(), Error> {
    let loaded =
        unsafe { mlir_sys::mlirContextGetOrLoadDialect(context.to_raw(), crate::dynamic::string_ref(crate::DIALECT)) };
    if !loaded.ptr.is_null() {
        return Ok(());
    }
    let (module, diagnostics) = collect_diagnostics(context, || Module::parse(context, IRDL_SOURCE));
    let module = module.ok_or_else(|| Error::DialectLoad(diagnostics.join("; ")))?;
    if !module.as_operation().verify() || !load_irdl_dialects(&module) {
        return Err(Error::DialectLoad("IRDL verification failed".into()));
    }
    Ok(())
}

unsafe extern "C" {
    fn ukContextSetPrintOpOnDiagnostic(ctx: mlir_sys::MlirContext, enable: bool);
}

/// Whether verifier errors carry a note printing the failing op (MLIR's
/// default). Tools that match diagnostics against expectations turn it off.
pub fn set_print_op_on_diagnostic(context: &Context, enable: bool) {
    unsafe { ukContextSetPrintOpOnDiagnostic(context.to_raw(), enable) }
}
