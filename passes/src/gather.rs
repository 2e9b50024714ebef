//! Gathering generics: a parallel `linalg.generic` over a destination that
//! reads its inputs with `tensor.extract` at indices its body computes from
//! the loop indices. Relayout ops (`linalg.pack`, `tensor.concat`) become
//! one of these, which bufferizes, runs as one kernel, and fuses into the
//! elementwise ops that read it.

use melior::{
    Context,
    ir::{
        Attribute, BlockLike, Identifier, Location, OperationRef, Type, Value, ValueLike,
        attribute::{ArrayAttribute, DenseI32ArrayAttribute, IntegerAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
    },
};

use crate::build::{dim_map, insert_before, iterator_types, linalg_yield, region_with};

/// `arith.cmpi` predicate `ult`.
const ULT: i64 = 6;

/// Appends ops to a generic's body block; each returns its first result.
pub struct Body<'c, 'b> {
    pub context: &'c Context,
    block: &'b melior::ir::BlockRef<'c, 'b>,
    location: Location<'c>,
}

impl<'c, 'b> Body<'c, 'b> {
    pub fn op(
        &self,
        op_name: &str,
        operands: &[Value<'c, '_>],
        result: Type<'c>,
        attributes: &[(&str, Attribute<'c>)],
    ) -> Result<Value<'c, 'b>, String> {
        let attributes: Vec<(Identifier, Attribute)> =
            attributes.iter().map(|(n, a)| (Identifier::new(self.context, n), *a)).collect();
        let built = self.block.append_operation(
            OperationBuilder::new(op_name, self.location)
                .add_operands(operands)
                .add_results(&[result])
                .add_attributes(&attributes)
                .build()
                .map_err(|e| format!("internal error building {op_name}: {e}"))?,
        );
        let value = built.result(0).map_err(|e| e.to_string())?;
        // SAFETY: the op lives in the body block, which outlives this borrow.
        Ok(unsafe { Value::from_raw(value.to_raw()) })
    }

    /// An `index` op of `a` and `b` (`arith.addi`, `muli`, `minui`, ...).
    pub fn arith(&self, op_name: &str, a: Value<'c, '_>, b: Value<'c, '_>) -> Result<Value<'c, 'b>, String> {
        self.op(op_name, &[a, b], Type::index(self.context), &[])
    }

    /// `a < b` on indices (unsigned).
    pub fn ult(&self, a: Value<'c, '_>, b: Value<'c, '_>) -> Result<Value<'c, 'b>, String> {
        let predicate = IntegerAttribute::new(IntegerType::new(self.context, 64).into(), ULT).into();
        self.op("arith.cmpi", &[a, b], IntegerType::new(self.context, 1).into(), &[("predicate", predicate)])
    }

    /// `linalg.index d`.
    fn loop_index(&self, d: usize) -> Result<Value<'c, 'b>, String> {
        let i64_type = IntegerType::new(self.context, 64).into();
        self.op(
            "linalg.index",
            &[],
            Type::index(self.context),
            &[("dim", IntegerAttribute::new(i64_type, d as i64).into())],
        )
    }
}

/// Builds, before `anchor`, a parallel generic over `dest` (its only
/// operand: an init it never reads) of result type `result`, whose body
/// `element` computes from the loop indices; the generic's result.
pub fn gather_generic<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    dest: Value<'c, 'a>,
    result: Type<'c>,
    element: impl for<'b> FnOnce(&Body<'c, 'b>, &[Value<'c, 'b>]) -> Result<Value<'c, 'b>, String>,
) -> Result<Value<'c, 'a>, String> {
    let location = anchor.location();
    let (dims, element_type) = crate::ir::shape_of(dest.r#type()).ok_or("a destination that is not shaped")?;
    let rank = dims.len();
    let region = region_with(&[(element_type, location)], |block| {
        let body = Body { context, block, location };
        let loops: Vec<Value> = (0..rank).map(|d| body.loop_index(d)).collect::<Result<_, _>>()?;
        let value = element(&body, &loops)?;
        block.append_operation(linalg_yield(location, value)?);
        Ok(())
    })?;
    let identity: Vec<usize> = (0..rank).collect();
    insert_before(
        anchor,
        OperationBuilder::new("linalg.generic", location)
            .add_operands(&[dest])
            .add_results(&[result])
            .add_attributes(&[
                (
                    Identifier::new(context, "indexing_maps"),
                    ArrayAttribute::new(context, &[dim_map(context, rank, &identity)]).into(),
                ),
                (Identifier::new(context, "iterator_types"), iterator_types(context, &vec![false; rank])?),
                (Identifier::new(context, "operandSegmentSizes"), DenseI32ArrayAttribute::new(context, &[0, 1]).into()),
            ])
            .add_regions([region]),
    )
}
