//! `ukernel-record-dim-classes`: after bufferization, records on each
//! dispatch, as [`DIM_CLASSES_ATTR`](crate::names::DIM_CLASSES_ATTR), a
//! class per dynamic dim of each argument: dims that a linalg op indexes
//! with the same loop are the same size (the runtime generates inputs and
//! checks shapes with them). Unknown relations stay apart.

use melior::{
    Context,
    ir::{
        Attribute,
        attribute::{ArrayAttribute, IntegerAttribute},
        operation::{OperationLike, OperationMutLike},
    },
};

use crate::{ir::function_type, ir::name, names::DIM_CLASSES_ATTR};

pub const ARGUMENT: &str = "ukernel-record-dim-classes";
pub const SUMMARY: &str = "Record which dynamic dims of a dispatch's arguments are equal sizes";

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
                let Ok(mut value) = op.operand(operand_index) else { continue };
                // Through casts to the argument they view.
                while let Some(d) = crate::ir::defining_op(value).filter(|d| name(d) == "memref.cast") {
                    match d.operand(0) {
                        Ok(v) => value = v,
                        Err(_) => break,
                    }
                }
                let arg = crate::ir::func_arg_number(value, &func);
                for (dim, result) in map.results.iter().enumerate() {
                    if let Some(l) = result {
                        let key = match arg {
                            Some(arg) => Key::Arg(arg, dim),
                            None => Key::Local(melior::ir::ValueLike::to_raw(&value).ptr as usize, dim),
                        };
                        let (a, b) = (find(&mut parent, key), find(&mut parent, Key::Loop(op_index, *l)));
                        if a != b {
                            parent.insert(a, b);
                        }
                    }
                }
            }
        }
        let mut ids: HashMap<Key, i64> = HashMap::new();
        let mut classes: Vec<Attribute> = Vec::new();
        let i64_type = melior::ir::r#type::IntegerType::new(context, 64).into();
        for arg in 0..ty.input_count() {
            let Ok(t) = ty.input(arg) else { continue };
            let dims = crate::ir::shape_of(t).map(|(d, _)| d).unwrap_or_default();
            let per_dim: Vec<Attribute> = dims
                .iter()
                .enumerate()
                .map(|(dim, size)| {
                    let id = match size {
                        Some(_) => -1,
                        None => {
                            let root = find(&mut parent, Key::Arg(arg, dim));
                            let next = ids.len() as i64;
                            *ids.entry(root).or_insert(next)
                        }
                    };
                    IntegerAttribute::new(i64_type, id).into()
                })
                .collect();
            classes.push(ArrayAttribute::new(context, &per_dim).into());
        }
        let mut f = crate::ir::mutable(&func);
        f.set_attribute(DIM_CLASSES_ATTR, ArrayAttribute::new(context, &classes).into());
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> melior::pass::Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelRecordDimClasses", ARGUMENT, SUMMARY, record_dim_classes)
}
