//! `ukernel-scalar-results-as-tensors`: a dispatch's scalar results (the
//! types `ukernel-scalar-arguments-as-tensors` takes: a sum read back with
//! `tensor.extract`, a flag) become 0-d tensor results (`tensor<f32>`),
//! built with `tensor.from_elements` before the return; an `index` result
//! is cast to `i64` first. A kernel returns nothing but what it writes to
//! buffers: before, bufferization kept the scalar as the function's return
//! value, the kernel computed it and dropped it, and the package had no
//! output for it (and the CPU reference crashed on the signature).
//!
//! Exact: the one element is the value. Runs on tensors after
//! `ukernel-scalar-arguments-as-tensors`, in the configured stage and in
//! the CPU reference's bufferization.

use melior::{
    Context,
    ir::{
        BlockLike, OperationRef, RegionLike, Type, Value, ValueLike,
        attribute::TypeAttribute,
        operation::{OperationBuilder, OperationLike, OperationMutLike},
        r#type::{FunctionType, RankedTensorType},
    },
    pass::Pass,
};

use crate::{
    build::insert_before,
    ir::{CheckedBlock as _, name},
    scalar_arguments::{buffer_element, is_scalar},
};

pub const ARGUMENT: &str = "ukernel-scalar-results-as-tensors";
pub const SUMMARY: &str = "Make a dispatch's scalar results 0-d tensors, built before the return";

fn rewrite_func(context: &Context, func: &OperationRef) -> Result<(), String> {
    let Some(ty) = crate::ir::function_type(func) else { return Ok(()) };
    let results: Vec<Type> = (0..ty.result_count()).filter_map(|i| ty.result(i).ok()).collect();
    if !results.iter().any(|t| is_scalar(*t)) {
        return Ok(());
    }
    let region = func.region(0).map_err(|e| e.to_string())?;
    let mut block = region.first_block();
    let mut new_results = results.clone();
    while let Some(b) = block {
        if let Some(ret) = b.terminator().filter(|t| name(t) == "func.return") {
            for (i, t) in results.iter().enumerate() {
                if !is_scalar(*t) {
                    continue;
                }
                let location = ret.location();
                let mut v: Value = ret.operand(i).map_err(|e| e.to_string())?;
                let (element, index) = buffer_element(context, *t);
                if index {
                    v = insert_before(
                        &ret,
                        OperationBuilder::new("arith.index_cast", location).add_operands(&[v]).add_results(&[element]),
                    )?;
                }
                let tensor: Type = RankedTensorType::new(&[], element, None).into();
                let built = insert_before(
                    &ret,
                    OperationBuilder::new("tensor.from_elements", location).add_operands(&[v]).add_results(&[tensor]),
                )?;
                crate::ir::mutable(&ret).set_operand(i, built);
                new_results[i] = tensor;
            }
        }
        block = b.next_in_region();
    }
    let entry = region.first_block().ok_or("a dispatch without a body")?;
    let inputs: Vec<Type> =
        (0..entry.argument_count()).filter_map(|i| entry.argument_at(i)).map(|a| Value::from(a).r#type()).collect();
    let ty: Type = FunctionType::new(context, &inputs, &new_results).into();
    crate::ir::mutable(func).set_attribute("function_type", TypeAttribute::new(ty).into());
    Ok(())
}

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_functions(module, |func| rewrite_func(context, func))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelScalarResultsAsTensors", ARGUMENT, SUMMARY, rewrite_module)
}
