//! Checks every `#ukernel.*` attribute in an op tree against its typed view.
//! IRDL only checks parameter kinds (a string, a dictionary); this names the
//! missing or mistyped dictionary field, at the location of the op that
//! carries the attribute.

use melior::ir::{
    Attribute, OperationRef,
    attribute::{ArrayAttribute, DictionaryAttribute},
    operation::{OperationLike, WalkOrder, WalkResult},
};

use crate::{DIALECT, DynamicAttr, Error, ExecutableObject, LoweringConfig, Target, UKernelSpec};

/// Emits an error diagnostic at the carrying op for each malformed
/// `#ukernel.*` attribute under `root` (nested ones included). Returns how
/// many were found.
pub fn verify_ukernel_attributes(root: OperationRef) -> usize {
    let mut failures = 0;
    root.walk(WalkOrder::PreOrder, |op| {
        for (name, attr) in op.attributes() {
            if let Err(e) = check(attr) {
                let msg = format!("'{}' attribute: {e}", name.as_string_ref().as_str().unwrap_or("?"));
                emit_error(op.location(), &msg);
                failures += 1;
            }
        }
        WalkResult::Advance
    });
    failures
}

unsafe extern "C" {
    fn ukEmitDiagnostic(loc: mlir_sys::MlirLocation, severity: i32, message: mlir_sys::MlirStringRef);
}

fn emit(location: melior::ir::Location, severity: i32, message: &str) {
    // SAFETY: a live location and a message alive for the call (MLIR copies it).
    unsafe { ukEmitDiagnostic(location.to_raw(), severity, crate::dynamic::string_ref(message)) }
}

/// Reports `message` as an error diagnostic at `location`.
pub fn emit_error(location: melior::ir::Location, message: &str) {
    emit(location, 0, message)
}

/// Reports `message` as a warning at `location`.
pub fn emit_warning(location: melior::ir::Location, message: &str) {
    emit(location, 1, message)
}

/// Reports `message` as a remark at `location`.
pub fn emit_remark(location: melior::ir::Location, message: &str) {
    emit(location, 2, message)
}

fn check(attr: Attribute) -> Result<(), Error> {
    if let Some(d) = DynamicAttr::read(attr) {
        if d.dialect == DIALECT {
            match d.name.as_str() {
                "target" => drop(Target::try_from(attr)?),
                "spec" => drop(UKernelSpec::try_from(attr)?),
                "lowering_config" => drop(LoweringConfig::try_from(attr)?),
                "object" => drop(ExecutableObject::try_from(attr)?),
                _ => {}
            }
        }
        return d.params.into_iter().try_for_each(check);
    }
    if let Ok(array) = ArrayAttribute::try_from(attr) {
        return (0..array.len()).filter_map(|i| array.element(i).ok()).try_for_each(check);
    }
    if let Ok(dict) = DictionaryAttribute::try_from(attr) {
        return (0..dict.len()).filter_map(|i| dict.element(i).ok()).try_for_each(|(_, v)| check(v));
    }
    Ok(())
}
