//! A toy family, `square` (y[i] = x[i] * x[i] on f32 vectors), added from
//! outside the crates as an embedder would add one: its MLIR side (the
//! [`Family`] below) and its ukernels (one variant) live in this directory,
//! and [`register`] is the one line a user of it writes.
//!
//! Its "bitcode" is a placeholder: the tests that use this family stop
//! before the llvm stage links ukernel objects.

use melior::ir::{
    BlockLike, OperationRef, RegionLike, ValueLike,
    operation::OperationLike,
    r#type::{MemRefType, RankedTensorType},
};
use ukernel_dialect::{LoweringConfig, Target};
use ukernel_passes::families::{Arg, CallPlan, Extent, Family, Globals, Match, Plan, RefValue};
use ukernels::{
    Descriptor, UKernel,
    variant::{AbiParam, AbiType, VariantDef},
};

/// Elements per workgroup (and threads: one each).
const THREADS: i64 = 256;

pub struct Square;

/// Registers the family's both halves: the matcher and call with the
/// passes, its ukernel with the library's registry.
pub fn register() -> Result<(), String> {
    ukernels::register_variants(variants(), BITCODE).map_err(|e| e.to_string())?;
    ukernel_passes::families::register(&Square).map_err(|e| e.to_string())
}

pub fn variants() -> Vec<VariantDef> {
    let p = |name, ty| AbiParam { name, ty };
    vec![VariantDef {
        family: "square",
        kind: "elementwise",
        symbol: "uk_square_f32".into(),
        source: "",
        defines: vec![],
        arches: &[80],
        arch_specific: false,
        operand_types: vec!["f32", "f32"],
        params: vec![],
        tags: vec![],
        workgroup_size: [THREADS as u32, 1, 1],
        static_shared_memory_bytes: 0,
        dynamic_shared_memory_bytes: 0,
        abi: vec![
            p("x", AbiType::Ptr),
            p("x_offset", AbiType::I64),
            p("y", AbiType::Ptr),
            p("y_offset", AbiType::I64),
            p("length", AbiType::I64),
        ],
    }]
}

pub const BITCODE: &[(&str, u32, bool, &[u8])] =
    &[("uk_square_f32", 80, false, b"placeholder: the tests stop before linking")];

/// The element type of a ranked tensor or memref, as MLIR spells it.
fn element(ty: melior::ir::Type) -> Option<String> {
    use melior::ir::r#type::ShapedTypeLike;
    if let Ok(t) = RankedTensorType::try_from(ty) {
        return (t.rank() == 1).then(|| t.element().to_string());
    }
    MemRefType::try_from(ty).ok().filter(|t| t.rank() == 1).map(|t| t.element().to_string())
}

impl Family for Square {
    fn name(&self) -> &'static str {
        "square"
    }

    fn match_op(&self, op: &OperationRef) -> Result<Match, String> {
        let op_name = op.name().as_string_ref().as_str().unwrap_or_default().to_string();
        if op_name != "linalg.generic" || op.operand_count() != 2 {
            return Err(format!("'{op_name}' is not a one-input linalg.generic"));
        }
        let block = op.region(0).ok().and_then(|r| r.first_block()).ok_or("no body")?;
        let mul = block.first_operation().ok_or("an empty body")?;
        let yielded = mul.next_in_block().ok_or("no yield")?;
        let is_square = mul.name().as_string_ref().as_str() == Ok("arith.mulf")
            && mul.operand(0).ok() == mul.operand(1).ok()
            && mul.operand(0).ok() == block.argument(0).ok().map(Into::into)
            && yielded.operand(0).ok() == mul.result(0).ok().map(Into::into)
            && yielded.next_in_block().is_none();
        if !is_square {
            return Err("its body is not x * x".into());
        }
        let types: Vec<String> = (0..2)
            .map(|i| op.operand(i).ok().and_then(|v| element(v.r#type())))
            .collect::<Option<_>>()
            .ok_or("not 1-d")?;
        Ok(Match { operand_types: types, semantics: None, summary: "x * x".into(), facts: Box::new(()) })
    }

    fn configure(&self, _found: &Match, _ukernel: &UKernel, _target: &Target) -> Result<Plan, String> {
        Ok(Plan {
            workgroup: vec![THREADS],
            reduction: vec![0],
            workgroup_size: [THREADS, 1, 1],
            params: vec![],
            rank: 0,
            summary: format!("{THREADS} elements per workgroup"),
        })
    }

    fn call<'c, 'a>(
        &self,
        op: &OperationRef<'c, 'a>,
        _config: &LoweringConfig,
        _ukernel: &Descriptor,
        _globals: &mut dyn Globals<'c, 'a>,
    ) -> Result<CallPlan<'c, 'a>, String> {
        let x = op.operand(0).map_err(|e| e.to_string())?;
        let y = op.operand(1).map_err(|e| e.to_string())?;
        Ok(CallPlan {
            grid: vec![Extent::CeilDiv(Box::new(Extent::Size(x, 0)), THREADS)],
            threads: THREADS,
            args: vec![Arg::Base(x), Arg::Offset(x, vec![]), Arg::Base(y), Arg::Offset(y, vec![]), Arg::Size(x, 0)],
            remove: vec![],
            drop_if_unused: vec![],
        })
    }

    fn reference(&self, _found: &Match, _op: &OperationRef, _func: &OperationRef) -> Vec<(&'static str, RefValue)> {
        vec![]
    }

    fn argument_roles(&self) -> &'static [&'static str] {
        &[]
    }
}
