//! `ukernel-decompose-pack`: rewrites `linalg.pack` and `linalg.unpack`
//! (relayout ops that bufferization does not take: "op was not
//! bufferized") as one `linalg.generic` each that reads its source with
//! `tensor.extract` at the index the op's definition gives every element of
//! its destination, so that the relayout is one parallel kernel.
//!
//! For a source of rank n tiled along `inner_dims_pos = [p0, ...]` by
//! `inner_tiles = [t0, ...]` (static or SSA sizes), with the outer dims in
//! the order `outer_dims_perm` (identity when absent):
//! - pack: `dest[o_0, ..., o_{n-1}, i_0, ...] = source[s]`, where source
//!   dim d is read at `o_{perm^-1(d)} * t_j + i_j` when `d = p_j`, else at
//!   `o_{perm^-1(d)}`. Where a tiled index passes the source's size the
//!   element is the op's `padding_value`; without one (where the op's own
//!   semantics leave the element undefined) the index is clamped, so no
//!   read leaves the source.
//! - unpack: `dest[x_0, ..., x_{n-1}] = source[o_{perm(0)}, ..., o_{perm(n-1)},
//!   i_0, ...]` with `o_d = x_d / t_j`, `i_j = x_d % t_j` when `d = p_j`,
//!   else `o_d = x_d`; elements of the packed padding are never read.
//!
//! Runs on tensors, first in the configured stage and in the CPU
//! reference's pipeline. A pack or unpack on memrefs is an error at the op.

use melior::{
    Context,
    ir::{
        OperationRef, Value, ValueLike,
        operation::OperationLike,
        r#type::{IntegerType, RankedTensorType},
    },
    pass::Pass,
};

use crate::{
    build::{index_constant, tensor_dim},
    gather::gather_generic,
    ir::{Checked as _, name, operand_segments, shape_of},
};

pub const ARGUMENT: &str = "ukernel-decompose-pack";
pub const SUMMARY: &str = "Rewrite linalg.pack and linalg.unpack as generics that gather their elements";

fn rewrite_module(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_matching(
        module,
        "ukernel: ",
        |op| matches!(name(op).as_str(), "linalg.pack" | "linalg.unpack"),
        |op| decompose(context, op),
    )
}

/// What a pack or unpack says of its layout, its sizes as `index` values
/// built before the op.
struct Layout<'c, 'a> {
    /// Per unpacked dim, its position among the packed outer dims.
    outer_position: Vec<usize>,
    /// Per tile, the unpacked dim it tiles and its size.
    tiles: Vec<(usize, Value<'c, 'a>)>,
}

fn layout<'c, 'a>(context: &'c Context, op: &OperationRef<'c, 'a>, rank: usize) -> Result<Layout<'c, 'a>, String> {
    let positions = crate::ir::dense_i64s(op, "inner_dims_pos");
    let static_tiles = crate::ir::dense_i64s(op, "static_inner_tiles");
    let perm = crate::ir::dense_i64s(op, "outer_dims_perm");
    let perm: Vec<usize> =
        if perm.is_empty() { (0..rank).collect() } else { perm.iter().map(|&p| p as usize).collect() };
    let mut sorted = perm.clone();
    sorted.sort_unstable();
    if sorted != (0..rank).collect::<Vec<_>>() || positions.len() != static_tiles.len() {
        return Err("a pack whose outer_dims_perm or inner tiles do not fit its rank".into());
    }
    let outer_position = crate::ir::inverse_permutation(&perm);
    // The dynamic tile sizes are the op's last operands, in order (a pack
    // has operand segments for its optional padding value; an unpack's
    // source and destination come first).
    let first_dynamic: usize = match operand_segments(op) {
        Some(segments) => segments[..segments.len().saturating_sub(1)].iter().map(|s| *s as usize).sum(),
        None => 2,
    };
    let mut dynamic = (first_dynamic..op.operand_count()).filter_map(|i| op.operand_at(i));
    let mut tiles = Vec::new();
    for (&p, &t) in positions.iter().zip(&static_tiles) {
        let dim = usize::try_from(p).ok().filter(|d| *d < rank).ok_or("an inner_dims_pos past the rank")?;
        let size = if t == i64::MIN {
            dynamic.next().ok_or("a dynamic inner tile without its size operand")?
        } else {
            index_constant(context, op, t)?
        };
        tiles.push((dim, size));
    }
    Ok(Layout { outer_position, tiles })
}

fn decompose<'c>(context: &'c Context, op: &OperationRef<'c, '_>) -> Result<(), String> {
    let is_pack = name(op) == "linalg.pack";
    let (source, dest) = (op.operand(0).map_err(|e| e.to_string())?, op.operand(1).map_err(|e| e.to_string())?);
    if RankedTensorType::try_from(source.r#type()).is_err() || op.result_count() != 1 {
        return Err(format!("{} on memrefs is not supported (on tensors it is)", name(op)));
    }
    let (source_dims, element) = shape_of(source.r#type()).ok_or("a source that is not shaped")?;
    let (dest_dims, _) = shape_of(dest.r#type()).ok_or("a destination that is not shaped")?;
    let rank = if is_pack { source_dims.len() } else { dest_dims.len() };
    let layout = layout(context, op, rank)?;
    // The padding value (pack only): the third operand segment.
    let padding =
        if is_pack && operand_segments(op).is_some_and(|s| s.get(2) == Some(&1)) { op.operand_at(2) } else { None };
    // Per tiled source dim (pack), its size and the last index, for the
    // bounds test and the clamp; a static size that the tile divides
    // needs neither.
    let mut bounds = Vec::new();
    if is_pack {
        for &(d, tile) in &layout.tiles {
            let divides =
                source_dims[d].zip(crate::ir::constant_int(tile)).is_some_and(|(s, t)| t > 0 && s % t as u64 == 0);
            if divides {
                bounds.push(None);
                continue;
            }
            let size = match source_dims[d] {
                Some(s) => index_constant(context, op, s as i64)?,
                None => tensor_dim(context, op, source, d)?,
            };
            bounds.push(Some(size));
        }
    }
    let one = if bounds.iter().any(Option::is_some) { Some(index_constant(context, op, 1)?) } else { None };
    let result = op.result(0).map_err(|e| e.to_string())?.r#type();
    let generic = gather_generic(context, op, dest, result, |body, loops| {
        let mut at: Vec<Value>;
        let mut in_bounds: Option<Value> = None;
        if is_pack {
            // Source dim d at outer index o_{perm^-1(d)}, scaled and offset where tiled.
            at = (0..rank).map(|d| loops[layout.outer_position[d]]).collect();
            for (j, &(d, tile)) in layout.tiles.iter().enumerate() {
                let scaled = body.arith("arith.muli", at[d], tile)?;
                let mut index = body.arith("arith.addi", scaled, loops[rank + j])?;
                if let Some(size) = bounds[j] {
                    let inside = body.ult(index, size)?;
                    in_bounds = Some(match in_bounds {
                        Some(all) => body.op("arith.andi", &[all, inside], IntegerType::new(context, 1).into(), &[])?,
                        None => inside,
                    });
                    let last = body.arith("arith.subi", size, one.ok_or("internal error: no constant 1")?)?;
                    index = body.arith("arith.minui", index, last)?;
                }
                at[d] = index;
            }
        } else {
            // Unpacked dim d splits into its outer index and, where tiled, its place in the tile.
            let mut outer: Vec<Value> = loops.to_vec();
            let mut inner = Vec::new();
            for &(d, tile) in &layout.tiles {
                outer[d] = body.arith("arith.divui", loops[d], tile)?;
                inner.push(body.arith("arith.remui", loops[d], tile)?);
            }
            let mut perm = vec![0; rank];
            for (d, &p) in layout.outer_position.iter().enumerate() {
                perm[p] = d;
            }
            at = perm.iter().map(|&d| outer[d]).chain(inner).collect();
        }
        let mut operands = vec![source];
        operands.extend(at);
        let mut value = body.op("tensor.extract", &operands, element, &[])?;
        if let (Some(inside), Some(pad)) = (in_bounds, padding) {
            value = body.op("arith.select", &[inside, value, pad], element, &[])?;
        }
        Ok(value)
    })?;
    crate::ir::replace_uses(op.result(0).map_err(|e| e.to_string())?, generic);
    drop(crate::dispatch::detach(op));
    Ok(())
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelDecomposePack", ARGUMENT, SUMMARY, rewrite_module)
}
