//! Splits the LLVM-dialect module of kernels into one LLVM IR module per
//! kernel before linking, so that each kernel is linked, optimized and
//! emitted on its own (on any thread, cached on its own content), as a
//! compiler that builds one executable per dispatch does.
//!
//! A partition holds its kernel and every top-level symbol the kernel reaches
//! (declarations, constants, helper functions, globals), each copied. Copies
//! are only sound where a symbol's identity does not matter: kernels that
//! share a mutable global outside shared memory (state that one launch
//! leaves for another) or that refer to each other stay in one partition.
//! So do kernels that call the same ukernel that its declaration says is
//! called rather than inlined (`ukernel.linkage = "call"`): one copy of it
//! serves them all.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use inkwell::context::Context as LlvmContext;
use melior::ir::{
    Attribute, BlockLike, Location, Module, Operation, OperationRef, RegionLike,
    attribute::AttributeLike,
    operation::{OperationLike, OperationMutLike, WalkOrder, WalkResult},
};

use crate::TargetError;

/// How kernels are grouped into LLVM modules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Split {
    /// One module per kernel (kernels that must share state stay together).
    #[default]
    PerKernel,
    /// One module with every kernel (what a called ukernel wants: one copy
    /// of it serves every kernel).
    Whole,
}

/// One LLVM IR module to link and emit: its kernels and its text.
#[derive(Clone, Debug)]
pub struct Partition {
    pub kernels: Vec<String>,
    pub ir: String,
    /// What the module's ukernel declarations said of linking them.
    pub facts: crate::UKernelFacts,
}

/// `nvvm.kernel` functions with a body.
fn is_kernel(op: &OperationRef) -> bool {
    op.name().as_string_ref().as_str() == Ok("llvm.func")
        && op.has_attribute("nvvm.kernel")
        && op.region(0).ok().and_then(|r| r.first_block()).is_some()
}

fn symbol_name(op: &OperationRef) -> Option<String> {
    let a = op.attribute("sym_name").ok()?;
    melior::ir::attribute::StringAttribute::try_from(a).ok().map(|s| s.value().to_string())
}

/// A global whose identity matters: written at run time and seen by every
/// workgroup of every launch (not shared memory, not a constant).
fn is_shared_state(op: &OperationRef) -> bool {
    let global = op.name().as_string_ref().as_str() == Ok("llvm.mlir.global");
    let constant = op.has_attribute("constant");
    let addr_space = op
        .attribute("addr_space")
        .ok()
        .and_then(|a| melior::ir::attribute::IntegerAttribute::try_from(a).ok())
        .map_or(0, |i| i.value());
    global && !constant && addr_space != 3
}

/// A declaration of a ukernel that kernels call rather than inline.
fn is_called_ukernel(op: &OperationRef, name: Option<&str>, facts: &crate::UKernelFacts) -> bool {
    op.name().as_string_ref().as_str() == Ok("llvm.func") && name.is_some_and(|n| facts.called.contains(n))
}

/// What partitioning needs of one top-level op, read once.
struct TopLevel {
    name: Option<String>,
    kernel: bool,
    /// Kernels that reach it share one module (shared state, a called
    /// ukernel).
    joins: bool,
}

fn top_level(op: &OperationRef, ukernels: &crate::UKernelFacts) -> TopLevel {
    let name = symbol_name(op);
    TopLevel {
        kernel: is_kernel(op),
        joins: is_shared_state(op) || is_called_ukernel(op, name.as_deref(), ukernels),
        name,
    }
}

/// Symbol names that `attr` refers to, looking into arrays and dictionaries.
fn collect_symbols(attr: Attribute, out: &mut BTreeSet<String>) {
    let raw = attr.to_raw();
    // SAFETY: `raw` is a live attribute; each accessor is called only on the kind just tested, and indices stay below the counts.
    unsafe {
        if mlir_sys::mlirAttributeIsAFlatSymbolRef(raw) {
            out.insert(string_of(mlir_sys::mlirFlatSymbolRefAttrGetValue(raw)));
        } else if mlir_sys::mlirAttributeIsASymbolRef(raw) {
            out.insert(string_of(mlir_sys::mlirSymbolRefAttrGetRootReference(raw)));
        } else if mlir_sys::mlirAttributeIsAArray(raw) {
            for i in 0..mlir_sys::mlirArrayAttrGetNumElements(raw) {
                collect_symbols(Attribute::from_raw(mlir_sys::mlirArrayAttrGetElement(raw, i)), out);
            }
        } else if mlir_sys::mlirAttributeIsADictionary(raw) {
            for i in 0..mlir_sys::mlirDictionaryAttrGetNumElements(raw) {
                collect_symbols(Attribute::from_raw(mlir_sys::mlirDictionaryAttrGetElement(raw, i).attribute), out);
            }
        }
    }
}

fn string_of(s: mlir_sys::MlirStringRef) -> String {
    // SAFETY: a string ref from a live attribute: `length` bytes at `data`, copied at once.
    let bytes = unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) };
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every symbol referred to inside `op` (its own attributes and nested ops').
fn references(op: &OperationRef) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    op.walk(WalkOrder::PreOrder, |inner| {
        for (name, attr) in inner.attributes() {
            // A definition's own name is not a use.
            if name.as_string_ref().as_str() != Ok("sym_name") {
                collect_symbols(attr, &mut out);
            }
        }
        WalkResult::Advance
    });
    out
}

/// Groups of kernels (indices into the module's top-level ops), in module
/// order, and for each group the top-level ops it needs; None when the
/// module cannot be split (an op without a name, copied into every part,
/// refers to a kernel).
fn plan(ops: &[OperationRef], facts: &[TopLevel]) -> Option<Vec<(Vec<usize>, BTreeSet<usize>)>> {
    let by_name: HashMap<&str, usize> =
        facts.iter().enumerate().filter_map(|(i, f)| f.name.as_deref().map(|n| (n, i))).collect();
    // The top-level ops each one refers to.
    let refs: Vec<Vec<usize>> =
        ops.iter().map(|op| references(op).iter().filter_map(|n| by_name.get(n.as_str()).copied()).collect()).collect();
    let kernels: Vec<usize> = (0..facts.len()).filter(|&i| facts[i].kernel).collect();

    // What `start` reaches through non-kernel symbols (kernels reached are
    // in the set, not followed).
    let reach_from = |start: &[usize], skip: Option<usize>| {
        let mut seen = BTreeSet::new();
        let mut stack = start.to_vec();
        while let Some(s) = stack.pop() {
            if Some(s) != skip && seen.insert(s) && !facts[s].kernel {
                stack.extend(refs[s].iter().copied());
            }
        }
        seen
    };
    // Ops without a name (module flags, constructor lists) go into every
    // part, with what they refer to.
    let unnamed: Vec<usize> = (0..facts.len()).filter(|&i| facts[i].name.is_none()).collect();
    let mut common = reach_from(&unnamed.iter().flat_map(|&u| refs[u].iter().copied()).collect::<Vec<_>>(), None);
    if common.iter().any(|&s| facts[s].kernel) {
        return None;
    }
    common.extend(unnamed);
    let reach: BTreeMap<usize, BTreeSet<usize>> = kernels.iter().map(|&k| (k, reach_from(&refs[k], Some(k)))).collect();

    // Union-find over kernels: those that refer to each other, share state
    // or call the same called ukernel.
    let mut parent: BTreeMap<usize, usize> = kernels.iter().map(|&k| (k, k)).collect();
    fn root(parent: &mut BTreeMap<usize, usize>, mut k: usize) -> usize {
        while parent[&k] != k {
            let up = parent[&parent[&k]];
            parent.insert(k, up);
            k = up;
        }
        k
    }
    let mut state_owner: HashMap<usize, usize> = HashMap::new();
    for (&k, reached) in &reach {
        for &s in reached {
            let other = if facts[s].kernel {
                Some(s)
            } else if facts[s].joins {
                Some(*state_owner.entry(s).or_insert(k))
            } else {
                None
            };
            if let Some(other) = other {
                let (a, b) = (root(&mut parent, k), root(&mut parent, other));
                // The earlier kernel is the root, so groups keep module order.
                parent.insert(a.max(b), a.min(b));
            }
        }
    }
    let mut groups: BTreeMap<usize, (Vec<usize>, BTreeSet<usize>)> = BTreeMap::new();
    for &k in &kernels {
        let r = root(&mut parent, k);
        let group = groups.entry(r).or_default();
        group.0.push(k);
        group.1.insert(k);
        group.1.extend(reach[&k].iter().copied());
        group.1.extend(common.iter().copied());
    }
    Some(groups.into_values().collect())
}

/// Translates `module` (LLVM dialect, ukernel attributes stripped) to LLVM IR
/// text, in partitions as `split` says. Partitions come in module order of
/// their first kernel. A module without kernels is one partition.
pub fn translate_partitions(
    module: &Module,
    llvm: &LlvmContext,
    split: Split,
    ukernels: &crate::UKernelFacts,
) -> Result<Vec<Partition>, TargetError> {
    let ops = crate::body_ops(module);
    let facts: Vec<TopLevel> = ops.iter().map(|op| top_level(op, ukernels)).collect();
    let kernel_name = |i: usize| facts[i].name.clone().unwrap_or_default();
    let all_kernels: Vec<String> = (0..ops.len()).filter(|&i| facts[i].kernel).map(kernel_name).collect();
    let groups = match split {
        Split::PerKernel if all_kernels.len() > 1 => plan(&ops, &facts),
        _ => None,
    };
    let Some(groups) = groups else {
        let ir = crate::translate_raw(module, llvm)?.print_to_string().to_string();
        return Ok(vec![Partition { kernels: all_kernels, ir, facts: ukernels.clone() }]);
    };
    let context = module.context();
    let mut out = Vec::new();
    for (kernels, needed) in groups {
        // SAFETY: the whole module's context, alive for this function.
        let part = Module::new(Location::unknown(unsafe { context.to_ref() }));
        {
            // SAFETY: `part` is owned here and outlives this mutable reference to its operation.
            let mut m = unsafe { melior::ir::operation::OperationRefMut::from_raw(part.as_operation().to_raw()) };
            for (name, attr) in module.as_operation().attributes() {
                m.set_attribute(name.as_string_ref().as_str().unwrap_or_default(), attr);
            }
        }
        let body = part.body();
        // Module order, so that the text reads as the whole module's does.
        for &i in &needed {
            // SAFETY: a fresh clone of a live operation, owned by the returned value until it is appended.
            let copy = unsafe { Operation::from_raw(mlir_sys::mlirOperationClone(ops[i].to_raw())) };
            body.append_operation(copy);
        }
        let ir = crate::translate_raw(&part, llvm)?.print_to_string().to_string();
        // The copy is dropped at the end of the iteration; its text is kept.
        out.push(Partition { kernels: kernels.into_iter().map(kernel_name).collect(), ir, facts: ukernels.clone() });
    }
    Ok(out)
}
