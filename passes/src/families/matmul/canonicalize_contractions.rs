//! `ukernel-canonicalize-contractions`: rewrites any multiply-add
//! contraction the matmul family does not take as written into the
//! `linalg.generic` matmul (or batch matmul) it is, so that every layout
//! reaches a ukernel: `linalg.contract`, `linalg.matmul` and
//! `linalg.batch_matmul` with A's map transposed, `linalg.matvec`,
//! `linalg.vecmat` and their batch forms, `linalg.batch_reduce_matmul`,
//! and generics whose loops come in any order, with several batch, M, N or
//! K loops, or a batch loop over only one operand (a broadcast batch).
//!
//! Runs on tensors, after `ukernel-fold-transposes`, before
//! `ukernel-kernel-config`. Each loop has a role from the operands that
//! index it: batch (A, B and C), M (A and C), N (B and C) or K (A and B).
//! The rewritten op has loops (batch, m, n, k) (no batch loop when there is
//! none) and maps A (b, m, k), B (b, k, n) or (b, n, k), whichever B already
//! has, and C (b, m, n); it keeps the body. To get there an operand is
//!
//! - transposed (`linalg.transpose`, a copy the default path makes in a
//!   kernel of its own) when its dims are not in that order: A indexed
//!   (k, m) is copied as M x K, which every matmul ukernel reads;
//! - collapsed (`tensor.collapse_shape`, no copy) where a role has several
//!   loops: a batch of one operand becomes rows of M;
//! - given a unit dim (`tensor.expand_shape`) where a role has none: a
//!   matrix-vector product is a matmul of N = 1, and becomes M = 1 by
//!   swapping A and B (C^T = B^T A^T; the multiply in the body commutes).
//!
//! C's zero (or any constant) fill is rebuilt in the new shape; another
//! init is transformed like A and B, and the result goes back through the
//! inverse reshape and transpose. Exact: only the order in which elements
//! are addressed changes, each C element's products are summed over K in
//! the same order. Contractions whose body is not the matmul family's
//! (`extf`s, `mulf`, `addf`; `mulf`, `addf` for f32) or whose inputs
//! differ in type are left alone, as are those it takes already; a
//! remark names every copy the rewrite adds.

use crate::ir::{Checked as _, CheckedBlock as _};
use melior::{
    Context,
    ir::{
        Attribute, Identifier, OperationRef, RegionLike, Type, Value, ValueLike,
        attribute::{ArrayAttribute, DenseI64ArrayAttribute, IntegerAttribute},
        operation::{OperationBuilder, OperationLike},
        r#type::IntegerType,
    },
    pass::Pass,
};
use ukernel_dialect::emit_remark;

use crate::{
    build::{DYNAMIC, element_of, insert_before, tensor_type, transpose},
    dispatch::{detach, linalg_ops},
    ir::{defining_op, name, shape_of, users},
};

pub const ARGUMENT: &str = "ukernel-canonicalize-contractions";
pub const SUMMARY: &str = "Rewrite any multiply-add contraction (loops in any order, A transposed, several batch loops, matvec) as the matmul generic the matmul family takes";

/// What a loop is to the contraction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Batch,
    M,
    N,
    K,
}

/// The default maps (results per operand A, B, C) of the named
/// contractions that may print none.
fn default_maps(op_name: &str) -> Option<[&'static [usize]; 3]> {
    Some(match op_name {
        "linalg.matmul" => [&[0, 2], &[2, 1], &[0, 1]],
        "linalg.batch_matmul" => [&[0, 1, 3], &[0, 3, 2], &[0, 1, 2]],
        "linalg.batch_reduce_matmul" => [&[0, 1, 3], &[0, 3, 2], &[1, 2]],
        "linalg.matvec" => [&[0, 1], &[1], &[0]],
        "linalg.vecmat" => [&[1], &[1, 0], &[0]],
        "linalg.batch_matvec" => [&[0, 1, 2], &[0, 2], &[0, 1]],
        "linalg.batch_vecmat" => [&[0, 2], &[0, 2, 1], &[0, 1]],
        _ => return None,
    })
}

/// The loops each operand's dims index, for a contraction of two inputs
/// into one init whose maps are projected permutations.
fn operand_loops(op: &OperationRef) -> Option<(usize, [Vec<usize>; 3])> {
    let op_name = name(op);
    if op.operand_count() != 3 || op.result_count() != 1 || op.region_count() != 1 {
        return None;
    }
    let maps: Vec<(usize, Vec<usize>)> = match crate::ir::indexing_maps(op) {
        Some(maps) if !maps.is_empty() => maps
            .iter()
            .map(|m| Some((m.dims, m.results.iter().copied().collect::<Option<Vec<usize>>>()?)))
            .collect::<Option<_>>()?,
        _ => {
            let defaults = default_maps(&op_name)?;
            let loops = defaults.iter().flat_map(|m| m.iter()).max()? + 1;
            defaults.iter().map(|m| (loops, m.to_vec())).collect()
        }
    };
    let [(loops, a), (lb, b), (lc, c)] = <[(usize, Vec<usize>); 3]>::try_from(maps).ok()?;
    if lb != loops || lc != loops {
        return None;
    }
    for m in [&a, &b, &c] {
        let mut seen = vec![false; loops];
        for &d in m {
            if d >= loops || std::mem::replace(&mut seen[d], true) {
                return None;
            }
        }
    }
    match op_name.as_str() {
        "linalg.generic" => {
            if crate::ir::operand_segments(op).as_deref() != Some(&[2, 1]) {
                return None;
            }
            // A contraction: exactly the loops C does not index reduce.
            let reductions = crate::ir::reduction_loops(op)?;
            if reductions.len() != loops || (0..loops).any(|l| reductions[l] == c.contains(&l)) {
                return None;
            }
        }
        "linalg.contract" => {}
        n if default_maps(n).is_some() => {}
        _ => return None,
    }
    Some((loops, [a, b, c]))
}

/// The rewrite decided for one op, before any IR is built.
struct Plan {
    /// Whether A and B trade places (C^T = B^T A^T: a matrix-vector
    /// product, or fewer bytes copied).
    swapped: bool,
    /// The loops of each role in the new order.
    batch: Vec<usize>,
    m: Vec<usize>,
    n: Vec<usize>,
    k: Vec<usize>,
    /// B's layout: N x K (else K x N).
    b_nk: bool,
}

fn roles(loops: usize, maps: &[Vec<usize>; 3]) -> Option<Vec<Role>> {
    (0..loops)
        .map(|l| match (maps[0].contains(&l), maps[1].contains(&l), maps[2].contains(&l)) {
            (true, true, true) => Some(Role::Batch),
            (true, false, true) => Some(Role::M),
            (false, true, true) => Some(Role::N),
            (true, true, false) => Some(Role::K),
            _ => None,
        })
        .collect()
}

/// The plan with A and B as they are, or `swapped`; None when that
/// assignment has no N loop (a matrix-vector product must swap).
fn plan(loops: usize, maps: &[Vec<usize>; 3], swapped: bool) -> Option<Plan> {
    let roles = roles(loops, maps)?;
    // Batch, M and N loops in the order C has them, K in A's order.
    let of =
        |role: Role, order: &[usize]| -> Vec<usize> { order.iter().copied().filter(|l| roles[*l] == role).collect() };
    let (batch, mut m, mut n, k) =
        (of(Role::Batch, &maps[2]), of(Role::M, &maps[2]), of(Role::N, &maps[2]), of(Role::K, &maps[0]));
    if k.is_empty() || (m.is_empty() && n.is_empty()) {
        return None;
    }
    if swapped {
        std::mem::swap(&mut m, &mut n);
    }
    if n.is_empty() {
        return None;
    }
    // B keeps its layout when it has one of the two.
    let b_map = &maps[if swapped { 0 } else { 1 }];
    let b_nk = b_map.iter().find(|l| !batch.contains(l)).is_some_and(|l| n.contains(l));
    Some(Plan { swapped, batch, m, n, k, b_nk })
}

impl Plan {
    /// A's, B's and C's layouts in the canonical op.
    fn layouts(&self) -> [Layout; 3] {
        let group = |groups: [&Vec<usize>; 3]| Layout {
            droppable: vec![true, false, false],
            groups: groups.into_iter().cloned().collect(),
        };
        let b = if self.b_nk { [&self.batch, &self.n, &self.k] } else { [&self.batch, &self.k, &self.n] };
        [group([&self.batch, &self.m, &self.k]), group(b), group([&self.batch, &self.m, &self.n])]
    }

    /// Which of A, B and C (in the op's operand order) need a transposed
    /// copy.
    fn copies(&self, maps: &[Vec<usize>; 3]) -> [bool; 3] {
        let [a, b, c] = self.layouts();
        let (ai, bi) = if self.swapped { (1, 0) } else { (0, 1) };
        let mut out = [false; 3];
        out[ai] = a.is_copy(&maps[ai]);
        out[bi] = b.is_copy(&maps[bi]);
        out[2] = c.is_copy(&maps[2]);
        out
    }

    /// The bytes its copies move: a copied A or B once, a copied C twice
    /// (in and out). Unknown sizes count as 4096.
    fn copied_bytes(&self, maps: &[Vec<usize>; 3], sizes: &[Option<u64>], element_bytes: [u64; 3]) -> u64 {
        let copies = self.copies(maps);
        let bytes = |i: usize| maps[i].iter().map(|l| sizes[*l].unwrap_or(4096)).product::<u64>() * element_bytes[i];
        (0..3).filter(|i| copies[*i]).map(|i| if i == 2 { 2 * bytes(i) } else { bytes(i) }).sum()
    }
}

/// The plan that copies the fewest bytes (a copied C counts twice: in and
/// out), A and B as they are on a tie; a matrix-vector product puts the
/// vector first (M = 1). Unknown sizes count as 4096.
fn choose(loops: usize, maps: &[Vec<usize>; 3], sizes: &[Option<u64>], element_bytes: [u64; 3]) -> Option<Plan> {
    let cost = |p: &Plan| p.copied_bytes(maps, sizes, element_bytes);
    match (plan(loops, maps, false), plan(loops, maps, true)) {
        (Some(p), Some(q)) => Some(if cost(&q) < cost(&p) { q } else { p }),
        (p, q) => p.or(q),
    }
}

/// One operand on its way into the canonical op: its dims reordered into
/// `groups` order, each group collapsed into one dim (a unit dim where the
/// group is empty, unless `drop_empty`).
struct Layout {
    groups: Vec<Vec<usize>>,
    /// Whether an empty group is absent rather than a unit dim (the batch).
    droppable: Vec<bool>,
}

impl Layout {
    fn order(&self) -> Vec<usize> {
        self.groups.concat()
    }

    /// Whether an operand indexed by `map` must be transposed into it.
    fn is_copy(&self, map: &[usize]) -> bool {
        self.permutation(map).iter().enumerate().any(|(i, p)| i != *p)
    }

    /// For each dim in `order()`, the dim of an operand indexed by `map`.
    fn permutation(&self, map: &[usize]) -> Vec<usize> {
        self.order().iter().map(|l| map.iter().position(|x| x == l).unwrap()).collect()
    }

    /// The groups present in the grouped form.
    fn kept(&self) -> impl Iterator<Item = &Vec<usize>> {
        self.groups.iter().zip(&self.droppable).filter(|(g, d)| !(g.is_empty() && **d)).map(|(g, _)| g)
    }
}

fn attr_i64_groups<'c>(context: &'c Context, groups: &[Vec<usize>]) -> Attribute<'c> {
    let i64t = IntegerType::new(context, 64).into();
    let arrays: Vec<Attribute> = groups
        .iter()
        .map(|g| {
            let items: Vec<Attribute> = g.iter().map(|d| IntegerAttribute::new(i64t, *d as i64).into()).collect();
            ArrayAttribute::new(context, &items).into()
        })
        .collect();
    ArrayAttribute::new(context, &arrays).into()
}

/// `v` with each group of its dims (`groups`, in order, covering every
/// dim) collapsed into one.
fn collapse<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
    groups: &[Vec<usize>],
) -> Result<Value<'c, 'a>, String> {
    if groups.iter().all(|g| g.len() == 1) {
        return Ok(v);
    }
    let (dims, element) = element_of(v)?;
    let out: Vec<Option<u64>> =
        groups.iter().map(|g| g.iter().try_fold(1u64, |acc, d| dims[*d].map(|s| acc * s))).collect();
    insert_before(
        anchor,
        OperationBuilder::new("tensor.collapse_shape", anchor.location())
            .add_operands(&[v])
            .add_attributes(&[(Identifier::new(context, "reassociation"), attr_i64_groups(context, groups))])
            .add_results(&[tensor_type(&out, element)]),
    )
}

/// `v` with each dim `i` expanded into the dims `groups[i]` of `target`;
/// `dynamic` holds the sizes of `target`'s dynamic dims, in order.
fn expand<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
    groups: &[Vec<usize>],
    target: &[Option<u64>],
    dynamic: &[Value<'c, 'a>],
) -> Result<Value<'c, 'a>, String> {
    if groups.iter().all(|g| g.len() == 1) {
        return Ok(v);
    }
    let (_, element) = element_of(v)?;
    let static_shape: Vec<i64> = target.iter().map(|d| d.map_or(DYNAMIC, |s| s as i64)).collect();
    insert_before(
        anchor,
        OperationBuilder::new("tensor.expand_shape", anchor.location())
            .add_operands(&[v])
            .add_operands(dynamic)
            .add_attributes(&[
                (Identifier::new(context, "reassociation"), attr_i64_groups(context, groups)),
                (
                    Identifier::new(context, "static_output_shape"),
                    DenseI64ArrayAttribute::new(context, &static_shape).into(),
                ),
            ])
            .add_results(&[tensor_type(target, element)]),
    )
}

/// Reassociations from the ungrouped form (dims of `layout.order()`) to
/// the grouped one: the collapse of the non-empty groups, then the expand
/// that adds the unit dims of the empty kept ones. Each empty group's unit
/// dim joins the next non-empty group (the previous one at the end).
fn reassociations(layout: &Layout) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let mut collapse = vec![];
    let mut at = 0;
    for g in layout.groups.iter().filter(|g| !g.is_empty()) {
        collapse.push((at..at + g.len()).collect());
        at += g.len();
    }
    let kept: Vec<&Vec<usize>> = layout.kept().collect();
    let mut expand: Vec<Vec<usize>> = vec![vec![]; collapse.len()];
    let mut pending = vec![];
    let mut source = 0;
    for (i, g) in kept.iter().enumerate() {
        if g.is_empty() {
            pending.push(i);
            continue;
        }
        expand[source].append(&mut pending);
        expand[source].push(i);
        source += 1;
    }
    if let Some(last) = expand.last_mut() {
        last.append(&mut pending);
    }
    (collapse, expand)
}

/// Sizes of `order` loops given the loops' sizes.
fn sizes_of(order: &[usize], loop_sizes: &[Option<u64>]) -> Vec<Option<u64>> {
    order.iter().map(|l| loop_sizes[*l]).collect()
}

/// Grouped sizes: a group's product (static), its one dim, or 1 when empty.
fn grouped_sizes(layout: &Layout, loop_sizes: &[Option<u64>]) -> Vec<Option<u64>> {
    layout.kept().map(|g| g.iter().try_fold(1u64, |acc, l| loop_sizes[*l].map(|s| acc * s))).collect()
}

/// `v` (indexed by `map`) in `layout`'s grouped form.
fn into_layout<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
    map: &[usize],
    layout: &Layout,
    loop_sizes: &[Option<u64>],
) -> Result<Value<'c, 'a>, String> {
    let t = transpose(context, anchor, v, &layout.permutation(map), None)?;
    let (c, e) = reassociations(layout);
    let collapsed = collapse(context, anchor, t, &c)?;
    // The expand adds unit dims only: a dynamic dim is one collapsed dim.
    let target = grouped_sizes(layout, loop_sizes);
    let mut dynamic = vec![];
    if e.iter().any(|g| g.len() != 1) {
        for (t, size) in target.iter().enumerate() {
            if size.is_none() {
                let source =
                    e.iter().position(|g| g.contains(&t)).ok_or("internal error: an expand without its dim")?;
                dynamic.push(crate::build::tensor_dim(context, anchor, collapsed, source)?);
            }
        }
    }
    expand(context, anchor, collapsed, &e, &target, &dynamic)
}

/// The inverse of [`into_layout`]: `v` in `layout`'s grouped form back in
/// the dims of `map`; a transpose writes into `dest` (C's own init, so that
/// a C written in place stays written in place).
fn from_layout<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    v: Value<'c, 'a>,
    map: &[usize],
    layout: &Layout,
    loop_sizes: &[Option<u64>],
    sources: &Sources<'c, 'a, '_>,
    dest: Value<'c, 'a>,
) -> Result<Value<'c, 'a>, String> {
    let (c, e) = reassociations(layout);
    // Undo the expand (a collapse by the same groups), then the collapse.
    let unexpanded = collapse(context, anchor, v, &e)?;
    let order = layout.order();
    let target = sizes_of(&order, loop_sizes);
    let mut dynamic = vec![];
    if c.iter().any(|g| g.len() != 1) {
        for (l, size) in order.iter().zip(&target) {
            if size.is_none() {
                dynamic.push(loop_dim(context, anchor, sources, *l)?);
            }
        }
    }
    let ungrouped = expand(context, anchor, unexpanded, &c, &target, &dynamic)?;
    let inverse = crate::ir::inverse_permutation(&layout.permutation(map));
    transpose(context, anchor, ungrouped, &inverse, Some(dest))
}

/// Tensors and the loops their dims index, to read a dynamic loop size
/// from (`tensor.dim` of the first that has the loop).
type Sources<'c, 'a, 'm> = [(Value<'c, 'a>, &'m [usize])];

/// The size of loop `l`, as a `tensor.dim` of the first of `sources` that
/// has it.
fn loop_dim<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    sources: &Sources<'c, 'a, '_>,
    l: usize,
) -> Result<Value<'c, 'a>, String> {
    for (v, map) in sources {
        if let Some(d) = map.iter().position(|x| *x == l) {
            // A tensor.empty's own size operand: after bufferization the
            // allocation's, which a reshape back then plainly undoes.
            if let Some(empty) = defining_op(*v).filter(|e| name(e) == "tensor.empty")
                && let Some((dims, _)) = shape_of(v.r#type())
            {
                let nth = dims[..d].iter().filter(|x| x.is_none()).count();
                if let Ok(size) = empty.operand(nth) {
                    return Ok(size);
                }
            }
            return crate::build::tensor_dim(context, anchor, *v, d);
        }
    }
    Err("internal error: no operand has the loop".into())
}

/// The sizes of the dynamic kept groups of `layout`: the product of their
/// loops' sizes.
fn dynamic_group_sizes<'c, 'a>(
    context: &'c Context,
    anchor: &OperationRef<'c, 'a>,
    layout: &Layout,
    loop_sizes: &[Option<u64>],
    sources: &Sources<'c, 'a, '_>,
) -> Result<Vec<Value<'c, 'a>>, String> {
    let mut out = vec![];
    for (g, size) in layout.kept().zip(grouped_sizes(layout, loop_sizes)) {
        if size.is_some() {
            continue;
        }
        let mut product: Option<Value> = None;
        for l in g {
            let d = match loop_sizes[*l] {
                Some(s) => crate::build::index_constant(context, anchor, s as i64)?,
                None => loop_dim(context, anchor, sources, *l)?,
            };
            product = Some(match product {
                None => d,
                Some(p) => insert_before(
                    anchor,
                    OperationBuilder::new("arith.muli", anchor.location())
                        .add_operands(&[p, d])
                        .add_results(&[Type::index(context)]),
                )?,
            });
        }
        out.push(product.ok_or("internal error: an empty dynamic group")?);
    }
    Ok(out)
}

/// The sizes of the loops, from the operands' static dims (None where
/// every operand that has the loop has it dynamic).
fn loop_sizes(loops: usize, maps: &[Vec<usize>; 3], operands: &[Value]) -> Vec<Option<u64>> {
    let mut sizes = vec![None; loops];
    for (map, v) in maps.iter().zip(operands) {
        if let Some((dims, _)) = shape_of(v.r#type()) {
            for (d, l) in map.iter().enumerate() {
                sizes[*l] = sizes[*l].or(dims.get(d).copied().flatten());
            }
        }
    }
    sizes
}

/// What makes operand `v` (indexed by `map`) when it is a view of another
/// tensor that a contraction can read in place: a `linalg.transpose`, a
/// `linalg.broadcast`, or a generic that only yields its one input read
/// through a projected permutation. Returns the viewed tensor, the map
/// that reads it, and the view op.
fn viewed<'c, 'a>(v: Value<'c, 'a>, map: &[usize]) -> Option<(Value<'c, 'a>, Vec<usize>, OperationRef<'c, 'a>)> {
    let view = defining_op(v)?;
    if view.result_count() != 1 || users(v).len() != 1 {
        return None;
    }
    let source = view.operand_at(0)?;
    let ints = |attr: &str| -> Option<Vec<usize>> {
        let a = DenseI64ArrayAttribute::try_from(view.attribute(attr).ok()?).ok()?;
        (0..a.len()).map(|i| a.element(i).ok().map(|x| x as usize)).collect()
    };
    let new_map: Vec<usize> = match name(&view).as_str() {
        // Result dim i is the source's dim permutation[i].
        "linalg.transpose" => {
            let perm = ints("permutation")?;
            let mut m = vec![0; perm.len()];
            for (i, p) in perm.iter().enumerate() {
                *m.get_mut(*p)? = *map.get(i)?;
            }
            m
        }
        // The source's dims are the result's not in `dimensions`.
        "linalg.broadcast" => {
            let added = ints("dimensions")?;
            map.iter().enumerate().filter(|(i, _)| !added.contains(i)).map(|(_, l)| *l).collect()
        }
        "linalg.generic" => {
            let maps = crate::ir::indexing_maps(&view)?;
            let body = crate::ir::body_ops(&view);
            let yields_input = body.len() == 1
                && body[0].operand_at(0).is_some_and(|y| {
                    view.region(0)
                        .ok()
                        .and_then(|r| r.first_block())
                        .and_then(|b| b.argument_at(0))
                        .is_some_and(|a| crate::ir::same(y, a.into()))
                });
            let [input, output] = &maps[..] else { return None };
            let loops = output.dims;
            if !yields_input
                || crate::ir::operand_segments(&view).as_deref() != Some(&[1, 1])
                || crate::ir::reduction_loops(&view)?.iter().any(|r| *r)
                || !output.is(&(0..loops).collect::<Vec<_>>())
            {
                return None;
            }
            // Result dim i is loop i; the source's dim j is loop input[j].
            input.results.iter().map(|r| r.and_then(|l| map.get(l).copied())).collect::<Option<_>>()?
        }
        _ => return None,
    };
    let (dims, _) = shape_of(source.r#type())?;
    (dims.len() == new_map.len()).then_some((source, new_map, view))
}

/// Bytes of one element of the matmul family's types (bf16, f16, f32).
fn element_size(t: Type) -> u64 {
    if t.to_string() == "f32" { 4 } else { 2 }
}

/// Bytes of a tensor (unknown sizes count as 4096).
fn tensor_bytes(v: Value) -> u64 {
    shape_of(v.r#type())
        .map_or(0, |(dims, t)| dims.iter().map(|d| d.unwrap_or(4096)).product::<u64>() * element_size(t))
}

fn canonicalize(context: &Context, op: OperationRef) -> Result<(), String> {
    let Some((loops, mut maps)) = operand_loops(&op) else { return Ok(()) };
    let mut operands: Vec<Value> = (0..3).filter_map(|i| op.operand_at(i)).collect();
    if operands.iter().any(|v| melior::ir::r#type::RankedTensorType::try_from(v.r#type()).is_err()) {
        return Ok(());
    }
    let (a_elem, b_elem) = (element_of(operands[0])?.1, element_of(operands[1])?.1);
    let a_name = a_elem.to_string();
    if a_elem != b_elem || !matches!(a_name.as_str(), "bf16" | "f16" | "f32") {
        return Ok(());
    }
    if crate::families::matmul::generic_body(&op, a_name == "f32").is_err() {
        return Ok(());
    }
    let element_bytes = [0, 1, 2].map(|i| element_of(operands[i]).map_or(4, |(_, t)| element_size(t)));
    let cost = |maps: &[Vec<usize>; 3], sizes: &[Option<u64>]| {
        choose(loops, maps, sizes, element_bytes).map(|p| p.copied_bytes(maps, sizes, element_bytes))
    };
    // Views that make A or B (a transpose, a broadcast) are read in place
    // where that copies fewer bytes than the view writes plus what the
    // rewrite would copy without it.
    let mut views = vec![];
    let matched = crate::families::matmul::match_matmul(&op).is_ok();
    let as_is = if matched { Some(0) } else { cost(&maps, &loop_sizes(loops, &maps, &operands)) };
    let (mut folded_maps, mut folded_operands, mut view_bytes) = (maps.clone(), operands.clone(), 0);
    for i in 0..2 {
        if let Some((source, map, view)) = viewed(operands[i], &maps[i]) {
            view_bytes += tensor_bytes(operands[i]);
            folded_operands[i] = source;
            folded_maps[i] = map;
            views.push(view);
        }
    }
    if !views.is_empty() {
        let folded = cost(&folded_maps, &loop_sizes(loops, &folded_maps, &folded_operands));
        match (folded, as_is) {
            (Some(f), Some(a)) if f < a + view_bytes => {}
            (Some(_), None) => {}
            _ => views.clear(),
        }
        if !views.is_empty() {
            (maps, operands) = (folded_maps, folded_operands);
        }
    }
    if views.is_empty() && matched {
        return Ok(());
    }
    let sizes = loop_sizes(loops, &maps, &operands);
    let Some(plan) = choose(loops, &maps, &sizes, element_bytes) else { return Ok(()) };
    let batched = !plan.batch.is_empty();
    let (ai, bi) = if plan.swapped { (1, 0) } else { (0, 1) };
    let [a_layout, b_layout, c_layout] = plan.layouts();
    let copied = plan.copies(&maps);

    let location = op.location();
    let mut copies = vec![];
    if copied[ai] {
        copies.push("A is copied as M x K");
    }
    if copied[bi] {
        copies.push(if plan.b_nk { "B is copied as N x K" } else { "B is copied as K x N" });
    }
    let a = into_layout(context, &op, operands[ai], &maps[ai], &a_layout, &sizes)?;
    let b = into_layout(context, &op, operands[bi], &maps[bi], &b_layout, &sizes)?;
    // C: a constant fill is made anew in the grouped shape; any other init
    // is transformed like A and B.
    let c_init = operands[2];
    let fill = defining_op(c_init).filter(|d| name(d) == "linalg.fill");
    // Dynamic sizes from the inputs first: reading C's would keep its fill.
    let c_shape = fill.as_ref().and_then(|f| f.operand_at(1)).unwrap_or(c_init);
    let sources = [(operands[0], &maps[0][..]), (operands[1], &maps[1][..]), (c_shape, &maps[2][..])];
    // The result's sizes from C's own buffer: the reshape back is then
    // plainly a view of it (see ukernel-fold-reshape-round-trips).
    let c_sources = [(c_shape, &maps[2][..]), (operands[0], &maps[0][..]), (operands[1], &maps[1][..])];
    let c_sizes = grouped_sizes(&c_layout, &sizes);
    let c_copy = copied[2];
    let c = if let Some(fill) = &fill {
        let scalar = fill.operand(0).map_err(|e| e.to_string())?;
        let init = if c_copy {
            let (_, c_elem) = element_of(c_init)?;
            let dynamic = dynamic_group_sizes(context, &op, &c_layout, &sizes, &sources)?;
            insert_before(
                &op,
                OperationBuilder::new("tensor.empty", location)
                    .add_operands(&dynamic)
                    .add_results(&[tensor_type(&c_sizes, c_elem)]),
            )?
        } else {
            // A reshape of the fill's own init: the result's reshape back
            // is then a view of that buffer, which the function's result
            // can be without a copy.
            into_layout(context, &op, c_shape, &maps[2], &c_layout, &sizes)?
        };
        crate::build::fill(context, &op, scalar, init)?
    } else {
        if c_copy {
            copies.push("C's init is copied as (batch, M, N)");
        }
        into_layout(context, &op, c_init, &maps[2], &c_layout, &sizes)?
    };
    if c_copy {
        copies.push("the result is copied back to C's layout");
    }

    // The canonical op: loops (b, m, n, k), the body moved over.
    let (bl, m, n, k) = if batched { (vec![0], 1, 2, 3) } else { (vec![], 0, 1, 2) };
    let nloops = k + 1;
    let map = |dims: Vec<usize>| crate::build::dim_map(context, nloops, &dims);
    let b_map = if plan.b_nk { [bl.clone(), vec![n, k]].concat() } else { [bl.clone(), vec![k, n]].concat() };
    let new_maps = [map([bl.clone(), vec![m, k]].concat()), map(b_map), map([bl.clone(), vec![m, n]].concat())];
    let mut kinds = vec![false; nloops];
    kinds[k] = true;
    // Swapped, the body's first argument reads B's elements: the types
    // match (A and B have one element type) and its product commutes.
    let generic: Value = crate::build::generic_with_body_of(context, &op, &[a, b, c], 2, &new_maps, &kinds)?
        .result(0)
        .map_err(|e| e.to_string())?
        .into();
    let result = from_layout(context, &op, generic, &maps[2], &c_layout, &sizes, &c_sources, c_shape)?;
    let old: Value = op.result(0).map_err(|e| e.to_string())?.into();
    crate::ir::replace_uses(old, result);
    let mut notes = vec![];
    if plan.swapped && plan.m.is_empty() {
        notes.push("A and B trade places (a matrix-vector product as M = 1)".to_string());
    } else if plan.swapped {
        notes.push("A and B trade places (C^T = B^T A^T: fewer copies)".to_string());
    } else if plan.m.is_empty() {
        notes.push("M = 1 (a vector times a matrix)".to_string());
    }
    for (role, loops) in [("batch", &plan.batch), ("M", &plan.m), ("N", &plan.n), ("K", &plan.k)] {
        if loops.len() > 1 {
            notes.push(format!("its {} {role} loops are one", loops.len()));
        }
    }
    for view in &views {
        notes.push(format!("the {} that makes an operand is read in place", name(view)));
    }
    notes.extend(copies.iter().map(|c| c.to_string()));
    emit_remark(
        location,
        &format!(
            "ukernel: the {} is a {}, B as {}{}",
            name(&op),
            if batched { "batch matmul" } else { "matmul" },
            if plan.b_nk { "N x K" } else { "K x N" },
            notes.iter().map(|n| format!("; {n}")).collect::<String>()
        ),
    );
    drop(detach(&op));
    if let Some(fill) = fill
        && users(c_init).is_empty()
    {
        crate::dispatch::erase_with_empty_init(&fill, 1);
    }
    for view in views {
        if view.result_at(0).is_some_and(|r| users(r.into()).is_empty()) {
            crate::dispatch::erase_with_empty_init(&view, 1);
        }
    }
    Ok(())
}

fn canonicalize_contractions(context: &Context, module: &OperationRef) -> bool {
    crate::dispatch::rewrite_ops(module, linalg_ops, |op| canonicalize(context, op))
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(
        &PASS_ID,
        "UKernelCanonicalizeContractions",
        ARGUMENT,
        SUMMARY,
        canonicalize_contractions,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(groups: Vec<Vec<usize>>) -> Layout {
        Layout { droppable: (0..groups.len()).map(|i| i == 0).collect(), groups }
    }

    #[test]
    fn a_broadcast_batch_is_rows_of_m() {
        // (b, m, k) x (k, n) -> (b, m, n): b indexes A and C only.
        let maps = [vec![0, 1, 3], vec![3, 2], vec![0, 1, 2]];
        let p = plan(4, &maps, false).unwrap();
        assert_eq!((p.batch.clone(), p.m.clone(), p.n.clone(), p.k.clone()), (vec![], vec![0, 1], vec![2], vec![3]));
        let (c, e) = reassociations(&layout(vec![p.batch, p.m, p.k]));
        assert_eq!(c, vec![vec![0, 1], vec![2]]);
        assert_eq!(e, vec![vec![0], vec![1]]);
    }

    #[test]
    fn a_matrix_vector_product_swaps_into_one_row() {
        // matvec: (m, k) x (k) -> (m).
        let maps = [vec![0, 1], vec![1], vec![0]];
        assert!(plan(2, &maps, false).is_none());
        let p = choose(2, &maps, &[Some(8), Some(4)], [2, 2, 4]).unwrap();
        assert!(p.swapped);
        assert_eq!((p.m.clone(), p.n.clone(), p.k.clone()), (vec![], vec![0], vec![1]));
        // The matrix (operand 0) is B, indexed (n, k): N x K.
        assert!(p.b_nk);
        // The vector becomes a 1 x K A: the unit dim joins K.
        let (c, e) = reassociations(&layout(vec![vec![], p.m, p.k]));
        assert_eq!(c, vec![vec![0]]);
        assert_eq!(e, vec![vec![0, 1]]);
    }

    #[test]
    fn outer_products_and_lone_loops_are_not_contractions() {
        assert!(choose(2, &[vec![0], vec![1], vec![0, 1]], &[None; 2], [2, 2, 4]).is_none());
        assert!(choose(3, &[vec![0, 2], vec![2, 1], vec![0]], &[None; 3], [2, 2, 4]).is_none());
    }

    #[test]
    fn a_transposed_a_is_permuted_into_m_k() {
        let maps = [vec![2, 0], vec![2, 1], vec![0, 1]];
        let p = choose(3, &maps, &[Some(64); 3], [2, 2, 4]).unwrap();
        assert!(!p.b_nk && !p.swapped);
        assert_eq!(p.copies(&maps), [true, false, false]);
        assert_eq!(layout(vec![p.batch, p.m, p.k]).permutation(&maps[0]), vec![1, 0]);
    }

    #[test]
    fn a_transposed_c_swaps_instead_of_copying() {
        // A (m, k), B (n, k), C (n, m): C^T = B^T A^T needs no copy.
        let maps = [vec![0, 2], vec![1, 2], vec![1, 0]];
        let p = choose(3, &maps, &[Some(64); 3], [2, 2, 4]).unwrap();
        assert!(p.swapped && p.b_nk);
        assert_eq!(p.copies(&maps), [false, false, false]);
        // With B as K x N the swap would copy B, cheaper than C in and out.
        let maps = [vec![0, 2], vec![2, 1], vec![1, 0]];
        let p = choose(3, &maps, &[Some(64); 3], [2, 2, 4]).unwrap();
        assert!(p.swapped);
        assert_eq!(p.copies(&maps), [false, true, false]);
    }
}
