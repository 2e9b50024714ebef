//! `ukernel-asserts-trap`: in the `llvm` stage, after the conversion to the
//! LLVM dialect: what a `cf.assert` became there (a call of the C library's
//! `puts` with the message, then of `abort`) becomes what a GPU can do: the
//! message printed through CUDA's `vprintf` and a `trap`, which fails the
//! launch (the runtime reports it; later launches fail the same way).
//!
//! torch-mlir guards an embedding lookup's index with `cf.assert`; before,
//! its PTX did not load ("Unresolved extern function 'puts'"). A message
//! with a `%` in it is not printed (`vprintf` would read it as a format);
//! the trap stays.

use melior::{
    Context,
    ir::{
        BlockLike, Identifier, OperationRef, Region, RegionLike, Type,
        attribute::{AttributeLike, DenseI32ArrayAttribute, StringAttribute, TypeAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::TypeLike,
    },
    pass::Pass,
};

use crate::{
    build::insert_before,
    dispatch::detach,
    ir::{Checked as _, body_ops, defining_op, name, symbol_name},
};

pub const ARGUMENT: &str = "ukernel-asserts-trap";
pub const SUMMARY: &str = "Make cf.assert's puts and abort calls a vprintf and a trap";

/// The callee of an `llvm.call`, if direct.
fn callee(op: &OperationRef) -> Option<String> {
    let a = op.attribute("callee").ok()?;
    Some(a.to_string().trim_start_matches('@').to_string())
}

/// The bytes a constant `llvm.mlir.global` named `global` holds (a string,
/// or the dense i8 array the conversion of `cf.assert` makes).
fn global_bytes(module: &OperationRef, global: &str) -> Option<Vec<u8>> {
    let op = body_ops(module)
        .into_iter()
        .find(|o| name(o) == "llvm.mlir.global" && symbol_name(o).as_deref() == Some(global))?;
    let value = op.attribute("value").ok()?;
    if let Some(text) = ukernel_dialect::string_value(value) {
        return Some(text.into_bytes());
    }
    // SAFETY: C API reads of a live attribute, checked to be dense elements of i8.
    unsafe {
        let raw = value.to_raw();
        if !mlir_sys::mlirAttributeIsADenseElements(raw) {
            return None;
        }
        let element = mlir_sys::mlirShapedTypeGetElementType(mlir_sys::mlirAttributeGetType(raw));
        if !mlir_sys::mlirTypeIsAInteger(element) || mlir_sys::mlirIntegerTypeGetWidth(element) != 8 {
            return None;
        }
        let n = mlir_sys::mlirElementsAttrGetNumElements(raw);
        Some((0..n).map(|i| mlir_sys::mlirDenseElementsAttrGetInt8Value(raw, i as isize) as u8).collect())
    }
}

fn rewrite(context: &Context, module: &OperationRef) -> Result<(), String> {
    let calls: Vec<OperationRef> = {
        let mut calls = Vec::new();
        module.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
            if name(&op) == "llvm.call" && matches!(callee(&op).as_deref(), Some("puts" | "abort")) {
                // SAFETY: the op is in the live module being rewritten.
                calls.push(unsafe { OperationRef::from_raw(op.to_raw()) });
            }
            melior::ir::operation::WalkResult::Advance
        });
        calls
    };
    if calls.is_empty() {
        return Ok(());
    }
    let ptr: Type = melior::dialect::llvm::r#type::pointer(context, 0);
    let i32t: Type = melior::ir::r#type::IntegerType::new(context, 32).into();
    let mut printing = false;
    for call in &calls {
        let location = call.location();
        if callee(call).as_deref() == Some("abort") {
            insert_before(call, OperationBuilder::new("llvm.intr.trap", location)).ok();
            drop(detach(call));
            continue;
        }
        // puts(message): vprintf(message, null) where the message is a
        // constant without `%`; otherwise nothing.
        let message = call.operand_at(0);
        // The message: the global's address, through a GEP of its first byte.
        let mut address = message.and_then(defining_op);
        if let Some(gep) = address.filter(|d| name(d) == "llvm.getelementptr") {
            address = gep.operand_at(0).and_then(defining_op);
        }
        let text = address
            .filter(|d| name(d) == "llvm.mlir.addressof")
            .and_then(|d| d.attribute("global_name").ok())
            .and_then(|g| global_bytes(module, g.to_string().trim_start_matches('@')));
        if let (Some(message), Some(text)) = (message, text)
            && !text.contains(&b'%')
        {
            let null = insert_before(call, OperationBuilder::new("llvm.mlir.zero", location).add_results(&[ptr]))?;
            insert_before(
                call,
                OperationBuilder::new("llvm.call", location)
                    .add_operands(&[message, null])
                    .add_attributes(&[
                        (
                            Identifier::new(context, "callee"),
                            melior::ir::attribute::FlatSymbolRefAttribute::new(context, "vprintf").into(),
                        ),
                        (
                            Identifier::new(context, "operandSegmentSizes"),
                            DenseI32ArrayAttribute::new(context, &[2, 0]).into(),
                        ),
                        (Identifier::new(context, "op_bundle_sizes"), DenseI32ArrayAttribute::new(context, &[]).into()),
                    ])
                    .add_results(&[i32t]),
            )?;
            printing = true;
        }
        drop(detach(call));
    }
    // The C library's declarations go; vprintf's comes in.
    for op in body_ops(module) {
        if name(&op) == "llvm.func" && matches!(symbol_name(&op).as_deref(), Some("puts" | "abort")) {
            drop(detach(&op));
        }
    }
    let has_vprintf = body_ops(module).iter().any(|o| symbol_name(o).as_deref() == Some("vprintf"));
    if printing && !has_vprintf {
        // SAFETY: an LLVM function type built in the live context from live types.
        let fn_type: Type = unsafe {
            Type::from_raw(mlir_sys::mlirLLVMFunctionTypeGet(
                i32t.to_raw(),
                2,
                [ptr.to_raw(), ptr.to_raw()].as_ptr(),
                false,
            ))
        };
        let body = module.region(0).map_err(|e| e.to_string())?.first_block().ok_or("a module without a body")?;
        let decl = OperationBuilder::new("llvm.func", module.location())
            .add_attributes(&[
                (Identifier::new(context, "sym_name"), StringAttribute::new(context, "vprintf").into()),
                (Identifier::new(context, "function_type"), TypeAttribute::new(fn_type).into()),
            ])
            .add_regions([Region::new()])
            .build()
            .map_err(|e| format!("internal error declaring vprintf: {e}"))?;
        body.insert_operation(0, decl);
    }
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    match rewrite(context, module) {
        Ok(()) => true,
        Err(message) => {
            ukernel_dialect::emit_error(module.location(), &format!("ukernel: {message}"));
            false
        }
    }
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelAssertsTrap", ARGUMENT, SUMMARY, rewrite_module)
}
