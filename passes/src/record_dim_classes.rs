//! `ukernel-record-dim-classes`: after bufferization, records on each
//! dispatch, as [`DIM_CLASSES_ATTR`](crate::names::DIM_CLASSES_ATTR), a
//! class per dynamic dim of each argument: dims that a linalg op indexes
//! with the same loop are the same size (the runtime generates inputs and
//! checks shapes with them). Unknown relations stay apart. A dynamic dim
//! that shares a loop with a static dim (`tensor<?x768xbf16>` summed into a
//! `tensor<8xf32>`) can only be that size: it is recorded in
//! [`PINNED_DIMS_ATTR`](crate::names::PINNED_DIMS_ATTR), so that the package
//! requires it and the reference run generates it (run at another size, the
//! loops overran the static buffer).

use melior::{
    Context,
    ir::{
        Attribute,
        attribute::{ArrayAttribute, IntegerAttribute},
        operation::{OperationLike, OperationMutLike},
    },
};

use crate::{
    ir::function_type,
    ir::name,
    names::{DIM_CLASSES_ATTR, PINNED_DIMS_ATTR},
};

pub const ARGUMENT: &str = "ukernel-record-dim-classes";
pub const SUMMARY: &str = "Record which dynamic dims of a dispatch's arguments are equal sizes";

/// The buffer `value` views through casts and reshapes, and per dim of
/// `value` the dim of that buffer it is: casts keep every dim, a reshape
/// keeps the dims that are a group of their own (`?x768` expanded to
/// `?x48x16`: dim 0 is dim 0); a dim split or merged is of no one dim.
fn viewed<'c: 'a, 'a>(mut value: melior::ir::Value<'c, 'a>) -> (melior::ir::Value<'c, 'a>, Vec<Option<usize>>) {
    let rank =
        |v: melior::ir::Value| crate::ir::shape_of(melior::ir::ValueLike::r#type(&v)).map_or(0, |(d, _)| d.len());
    let mut through: Vec<Option<usize>> = (0..rank(value)).map(Some).collect();
    while let Some(d) = crate::ir::defining_op(value) {
        let Ok(source) = d.operand(0) else { break };
        match name(&d).as_str() {
            "memref.cast" => {}
            n @ ("memref.expand_shape" | "memref.collapse_shape") => {
                let Some(groups) = crate::ir::reassociation(&d) else { break };
                // Per dim of the op's result, the source dim it is.
                let mut of_result: Vec<Option<usize>> = vec![None; rank(value)];
                for (g, group) in groups.iter().enumerate() {
                    if let [only] = group.as_slice() {
                        let (result_dim, source_dim) = if n == "memref.expand_shape" { (*only, g) } else { (g, *only) };
                        if let Some(slot) = of_result.get_mut(result_dim) {
                            *slot = Some(source_dim);
                        }
                    }
                }
                through = through.iter().map(|d| d.and_then(|d| of_result.get(d).copied().flatten())).collect();
            }
            _ => break,
        }
        value = source;
    }
    (value, through)
}

/// After bufferization: dims of the arguments that a linalg op indexes
/// with the same loop are the same size. Unknown relations stay apart.
fn record_dim_classes(context: &Context, module: &melior::ir::OperationRef) -> bool {
    use std::collections::HashMap;
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    enum Key {
        Arg(usize, usize),
        Loop(usize, usize),
        /// A dim of a buffer local to the dispatch (the matmul's C that a
        /// fused consumer reads): it links the loops of the ops it joins.
        Local(usize, usize),
    }
    fn find(parent: &mut HashMap<Key, Key>, k: Key) -> Key {
        let p = *parent.get(&k).unwrap_or(&k);
        if p == k {
            return k;
        }
        let root = find(parent, p);
        parent.insert(k, root);
        root
    }
    for func in crate::dispatch::dispatches(module) {
        let Some(ty) = function_type(&func) else { continue };
        let mut parent: HashMap<Key, Key> = HashMap::new();
        // Dims of a static size, which pin every dynamic dim of their class.
        let mut statics: Vec<(Key, u64)> = Vec::new();
        for (op_index, op) in crate::dispatch::linalg_ops(&func).iter().enumerate() {
            let maps = match crate::ir::indexing_maps(op) {
                Some(m) => m,
                // linalg.matmul without explicit maps: (m, k), (k, n), (m, n).
                None if name(op) == "linalg.matmul" => vec![
                    crate::ir::IndexingMap { dims: 3, results: vec![Some(0), Some(2)] },
                    crate::ir::IndexingMap { dims: 3, results: vec![Some(2), Some(1)] },
                    crate::ir::IndexingMap { dims: 3, results: vec![Some(0), Some(1)] },
                ],
                None => continue,
            };
            if maps.len() != op.operand_count() {
                continue;
            }
            for (operand_index, map) in maps.iter().enumerate() {
                let Ok(operand) = op.operand(operand_index) else { continue };
                let (value, through) = viewed(operand);
                let arg = crate::ir::func_arg_number(value, &func);
                let sizes =
                    crate::ir::shape_of(melior::ir::ValueLike::r#type(&value)).map(|(d, _)| d).unwrap_or_default();
                for (operand_dim, result) in map.results.iter().enumerate() {
                    // The viewed buffer's dim this one is, where known.
                    let Some(dim) = through.get(operand_dim).copied().flatten() else { continue };
                    if let Some(l) = result {
                        let key = match arg {
                            Some(arg) => Key::Arg(arg, dim),
                            None => Key::Local(melior::ir::ValueLike::to_raw(&value).ptr as usize, dim),
                        };
                        if let Some(Some(n)) = sizes.get(dim) {
                            statics.push((key, *n));
                        }
                        let (a, b) = (find(&mut parent, key), find(&mut parent, Key::Loop(op_index, *l)));
                        if a != b {
                            parent.insert(a, b);
                        }
                    }
                }
            }
        }
        let mut pinned_size: HashMap<Key, u64> = HashMap::new();
        for (key, n) in statics {
            let root = find(&mut parent, key);
            pinned_size.insert(root, n);
        }
        let mut ids: HashMap<Key, i64> = HashMap::new();
        let mut classes: Vec<Attribute> = Vec::new();
        let mut pinned: Vec<Attribute> = Vec::new();
        let i64_type = melior::ir::r#type::IntegerType::new(context, 64).into();
        for arg in 0..ty.input_count() {
            let Ok(t) = ty.input(arg) else { continue };
            let dims = crate::ir::shape_of(t).map(|(d, _)| d).unwrap_or_default();
            // Per dim: its class and the size it is pinned to (-1 for
            // static dims, and for dims no static dim pins).
            let (mut class_of, mut pinned_of) = (Vec::new(), Vec::new());
            for (dim, size) in dims.iter().enumerate() {
                let (id, n) = match size {
                    Some(_) => (-1, -1),
                    None => {
                        let root = find(&mut parent, Key::Arg(arg, dim));
                        let next = ids.len() as i64;
                        (*ids.entry(root).or_insert(next), pinned_size.get(&root).map_or(-1, |n| *n as i64))
                    }
                };
                class_of.push(IntegerAttribute::new(i64_type, id).into());
                pinned_of.push(IntegerAttribute::new(i64_type, n).into());
            }
            classes.push(ArrayAttribute::new(context, &class_of).into());
            pinned.push(ArrayAttribute::new(context, &pinned_of).into());
        }
        let mut f = crate::ir::mutable(&func);
        f.set_attribute(DIM_CLASSES_ATTR, ArrayAttribute::new(context, &classes).into());
        f.set_attribute(PINNED_DIMS_ATTR, ArrayAttribute::new(context, &pinned).into());
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> melior::pass::Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelRecordDimClasses", ARGUMENT, SUMMARY, record_dim_classes)
}
