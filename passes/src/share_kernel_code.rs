//! `ukernel-share-kernel-code`: the last step of the `llvm` stage. Kernels
//! that differ only in integer constants (the sizes a dispatch bakes in: a
//! row length, a stride, a scratch offset) and in the size of their scratch
//! global compile once. The first kernel of such a group keeps its code with
//! each differing constant turned into a new trailing parameter, its scratch
//! global grown to the largest of the group's; the others are erased. The
//! first kernel's [`SHARED_CODE_ATTR`] maps every kernel of the group (itself
//! included) to the values its launches pass for those parameters, which the
//! driver records in each kernel's launch metadata (the package names the
//! shared entry); a remark at each erased kernel says whose code it runs.
//!
//! Only kernels of families that take sizes as arguments without loss share
//! (see [`Family::shares_code_across_sizes`](crate::families::Family));
//! others keep a kernel per shape, with a remark where they could have
//! shared. A constant becomes a parameter only where every use takes a run
//! time value (arithmetic, comparisons, selects, stores, insertions, calls of
//! non-intrinsic functions); one that feeds anything else (an intrinsic's
//! immediate, a GEP index, inline assembly) is part of the code, so kernels
//! that differ there do not share. A kernel that reaches a mutable global
//! another kernel also reaches (state passed between kernels) never shares.
//! A module with [`SPECIALIZE_SIZES_ATTR`] keeps a kernel per shape.

use std::collections::{BTreeMap, HashMap, HashSet};

use melior::{
    Context,
    ir::{
        Attribute, BlockLike, OperationRef, RegionLike, Type, Value, ValueLike,
        attribute::{
            ArrayAttribute, AttributeLike, DenseElementsAttribute, DictionaryAttribute, FloatAttribute,
            IntegerAttribute, TypeAttribute,
        },
        operation::{OperationLike, OperationMutLike},
        r#type::{IntegerType, RankedTensorType, TypeLike},
    },
};

use crate::ir::{Checked as _, name, symbol_name};
use crate::names::{SCRATCH_GLOBAL_PREFIX, SHARED_CODE_ATTR, SPECIALIZE_SIZES_ATTR};

pub const ARGUMENT: &str = "ukernel-share-kernel-code";
pub const SUMMARY: &str = "Compile kernels that differ only in sizes once, the sizes as launch arguments";

/// Ops whose operands may be run-time values wherever a constant sits
/// (besides calls of non-intrinsics and GEPs that index no struct).
const RUNTIME_OPERAND_USERS: &[&str] = &[
    "llvm.add",
    "llvm.sub",
    "llvm.mul",
    "llvm.sdiv",
    "llvm.udiv",
    "llvm.srem",
    "llvm.urem",
    "llvm.and",
    "llvm.or",
    "llvm.xor",
    "llvm.shl",
    "llvm.lshr",
    "llvm.ashr",
    "llvm.icmp",
    "llvm.select",
    "llvm.trunc",
    "llvm.sext",
    "llvm.zext",
    "llvm.store",
    "llvm.insertvalue",
];

/// A scratch global: a zero-filled `!llvm.array<count x element>`.
struct Scratch<'c> {
    element: Type<'c>,
    count: i64,
}

/// What one kernel is, for comparing it with others.
struct Described<'c, 'a> {
    /// Its code with the values of its run-time-valued constants and the
    /// names and sizes of its scratch globals left out.
    key: String,
    /// Those constants, in walk order, with their values and types.
    constants: Vec<(OperationRef<'c, 'a>, i64, Type<'c>)>,
    /// The scratch globals it takes the address of, in walk order.
    scratch: Vec<String>,
}

fn flat_symbol(a: Attribute) -> Option<String> {
    let raw = a.to_raw();
    // SAFETY: `raw` is a live attribute; the accessor is called only on a flat symbol reference.
    unsafe {
        mlir_sys::mlirAttributeIsAFlatSymbolRef(raw).then(|| {
            let s = mlir_sys::mlirFlatSymbolRefAttrGetValue(raw);
            String::from_utf8_lossy(std::slice::from_raw_parts(s.data as *const u8, s.length)).into_owned()
        })
    }
}

/// An `llvm.mlir.constant` of i32 or i64 whose every use takes a run-time
/// value: its value, else None.
fn runtime_valued_constant(op: &OperationRef) -> Option<i64> {
    if name(op) != "llvm.mlir.constant" {
        return None;
    }
    let result = op.result_at(0)?;
    let width = IntegerType::try_from(result.r#type()).ok()?.width();
    if width != 32 && width != 64 {
        return None;
    }
    let value = IntegerAttribute::try_from(op.attribute("value").ok()?).ok()?.value();
    let users = crate::ir::users(result.into());
    let runtime = |u: &OperationRef| match name(u).as_str() {
        "llvm.call" => u.attribute("callee").ok().and_then(flat_symbol).is_some_and(|c| !c.starts_with("llvm.")),
        // An index operand (not an attribute) steps over elements; only a
        // struct's field index must be a constant.
        "llvm.getelementptr" => u.attribute("elem_type").is_ok_and(|t| !t.to_string().contains("struct")),
        n => RUNTIME_OPERAND_USERS.contains(&n),
    };
    (!users.is_empty() && users.iter().all(runtime)).then_some(value)
}

/// Numbers values and blocks in the order the walk meets them.
#[derive(Default)]
struct Numbering {
    values: HashMap<usize, usize>,
    blocks: HashMap<usize, usize>,
}

impl Numbering {
    fn value(&mut self, v: Value) {
        let next = self.values.len();
        self.values.insert(v.to_raw().ptr as usize, next);
    }
}

/// Describes `func` (a kernel with a body), or None when it reaches a
/// mutable global other than its own scratch, or holds a value the walk
/// cannot number.
fn describe<'c, 'a>(
    func: &OperationRef<'c, 'a>,
    scratch_globals: &HashMap<String, Scratch<'c>>,
    other_mutable: &HashSet<String>,
) -> Option<Described<'c, 'a>> {
    let mut key = String::new();
    // The kernel's own attributes, but its name and the launch facts the
    // driver read before this stage.
    for (n, a) in func.attributes() {
        let n = n.as_string_ref().as_str().ok()?;
        if n != "sym_name" && !n.starts_with("ukernel.") {
            key += &format!("{n}={a};");
        }
    }
    let mut walk = Describer {
        numbering: Numbering::default(),
        out: Described { key, constants: Vec::new(), scratch: Vec::new() },
        scratch_globals,
        other_mutable,
    };
    walk.regions(func)?;
    Some(walk.out)
}

/// The walk that builds a [`Described`].
struct Describer<'g, 'c, 'a> {
    numbering: Numbering,
    out: Described<'c, 'a>,
    scratch_globals: &'g HashMap<String, Scratch<'c>>,
    other_mutable: &'g HashSet<String>,
}

impl<'c, 'a> Describer<'_, 'c, 'a> {
    fn regions(&mut self, op: &OperationRef<'c, 'a>) -> Option<()> {
        for r in 0..op.region_count() {
            let region = op.region_at(r)?;
            self.out.key += "{";
            // Blocks first, so that branches can name blocks ahead of them.
            let mut block = region.first_block();
            while let Some(b) = block {
                let next = self.numbering.blocks.len();
                self.numbering.blocks.insert(b.to_raw().ptr as usize, next);
                block = b.next_in_region();
            }
            let mut block = region.first_block();
            while let Some(b) = block {
                self.out.key += "^(";
                for i in 0..b.argument_count() {
                    let arg = b.argument(i).ok()?;
                    self.out.key += &format!("{},", arg.r#type());
                    self.numbering.value(arg.into());
                }
                self.out.key += ")";
                let mut inner = b.first_operation();
                while let Some(o) = inner {
                    self.op(&o)?;
                    inner = o.next_in_block();
                }
                block = b.next_in_region();
            }
            self.out.key += "}";
        }
        Some(())
    }

    fn op(&mut self, op: &OperationRef<'c, 'a>) -> Option<()> {
        let op_name = name(op);
        let out = &mut self.out;
        out.key += &op_name;
        out.key += "(";
        for i in 0..op.operand_count() {
            let v = op.operand_at(i)?;
            out.key += &format!("%{},", self.numbering.values.get(&(v.to_raw().ptr as usize))?);
        }
        out.key += ")";
        for i in 0..op.successor_count() {
            let b = op.successor(i).ok()?;
            out.key += &format!("^{},", self.numbering.blocks.get(&(b.to_raw().ptr as usize))?);
        }
        let constant = runtime_valued_constant(op);
        if let (Some(value), Some(result)) = (constant, op.result_at(0)) {
            out.constants.push((*op, value, result.r#type()));
        }
        let mut attributes: Vec<(String, Attribute)> =
            op.attributes().filter_map(|(n, a)| Some((n.as_string_ref().as_str().ok()?.to_string(), a))).collect();
        attributes.sort_by(|a, b| a.0.cmp(&b.0));
        for (n, a) in attributes {
            let global = (op_name == "llvm.mlir.addressof" && n == "global_name").then(|| flat_symbol(a)).flatten();
            if constant.is_some() && n == "value" {
                out.key += "value=?;";
            } else if op_name == "llvm.getelementptr" && n == "elem_type" && indexes_scratch(op, self.scratch_globals) {
                // The array's length changes no address inside it.
                out.key += "elem_type=scratch;";
            } else if let Some(g) = global.as_ref().filter(|g| self.scratch_globals.contains_key(*g)) {
                out.key += &format!("global_name=scratch<{}>;", self.scratch_globals[g].element);
                out.scratch.push(g.clone());
            } else if global.as_ref().is_some_and(|g| self.other_mutable.contains(g)) {
                return None;
            } else {
                out.key += &format!("{n}={a};");
            }
        }
        out.key += "->";
        for i in 0..op.result_count() {
            let r = op.result_at(i)?;
            out.key += &format!("{},", r.r#type());
            self.numbering.value(r.into());
        }
        self.regions(op)?;
        self.out.key += ";\n";
        Some(())
    }
}

/// The global `gep` steps into, when its base is a global's address.
fn gep_global(gep: &OperationRef) -> Option<String> {
    gep.operand_at(0)
        .and_then(crate::ir::defining_op)
        .filter(|d| name(d) == "llvm.mlir.addressof")
        .and_then(|d| d.attribute("global_name").ok().and_then(flat_symbol))
}

/// Whether `gep` steps into a scratch global.
fn indexes_scratch(gep: &OperationRef, scratch_globals: &HashMap<String, Scratch>) -> bool {
    gep_global(gep).is_some_and(|g| scratch_globals.contains_key(&g))
}

/// The module's mutable globals outside shared memory: the scratch ones (a
/// zero-filled array named with [`SCRATCH_GLOBAL_PREFIX`]), and the names
/// of the others.
fn mutable_globals<'c>(module: &OperationRef<'c, '_>) -> (HashMap<String, Scratch<'c>>, HashSet<String>) {
    let mut scratch = HashMap::new();
    let mut other = HashSet::new();
    for op in crate::ir::body_ops(module) {
        if name(&op) != "llvm.mlir.global" || op.has_attribute("constant") {
            continue;
        }
        if crate::ir::int_attr(&op, "addr_space").unwrap_or(0) == 3 {
            continue;
        }
        let Some(sym) = symbol_name(&op) else { continue };
        let zero_array = op.attribute("value").ok().and_then(|v| {
            let dense = DenseElementsAttribute::try_from(v).ok()?;
            let (dims, element) = crate::ir::shape_of(v.r#type())?;
            // All bits zero: an integer 0 or a float +0.0.
            let zero = dense.is_splat() && {
                let splat = dense.splat_value();
                IntegerAttribute::try_from(splat).is_ok_and(|i| i.value() == 0)
                    || FloatAttribute::try_from(splat).is_ok_and(|f| f.value().to_bits() == 0)
            };
            match dims[..] {
                [Some(count)] if zero => Some(Scratch { element, count: count as i64 }),
                _ => None,
            }
        });
        match zero_array {
            Some(s) if sym.starts_with(SCRATCH_GLOBAL_PREFIX) => {
                scratch.insert(sym, s);
            }
            _ => {
                other.insert(sym);
            }
        }
    }
    (scratch, other)
}

/// Kernels: `llvm.func`s marked `nvvm.kernel` with a body.
fn kernels<'c, 'a>(module: &OperationRef<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    crate::ir::body_ops(module)
        .into_iter()
        .filter(|o| {
            name(o) == "llvm.func"
                && o.has_attribute("nvvm.kernel")
                && o.region_at(0).and_then(|r| r.first_block()).is_some()
        })
        .collect()
}

/// The family named in the kernel's reference, if any.
fn family_name(func: &OperationRef) -> Option<String> {
    let reference = DictionaryAttribute::try_from(func.attribute(crate::names::REFERENCE_ATTR).ok()?).ok()?;
    ukernel_dialect::string_value(reference.element_by_name("family")?)
}

fn share_kernel_code(context: &Context, module: &OperationRef) -> bool {
    if module.has_attribute(SPECIALIZE_SIZES_ATTR) {
        return true;
    }
    let (scratch_globals, other_mutable) = mutable_globals(module);
    let kernels = kernels(module);
    let described: Vec<Option<Described>> =
        kernels.iter().map(|k| describe(k, &scratch_globals, &other_mutable)).collect();
    // A scratch global two kernels reach is state passed between them.
    let mut reached_by: HashMap<&str, usize> = HashMap::new();
    for d in described.iter().flatten() {
        for g in d.scratch.iter().collect::<HashSet<_>>() {
            *reached_by.entry(g.as_str()).or_default() += 1;
        }
    }
    let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, d) in described.iter().enumerate() {
        if let Some(d) = d
            && d.scratch.iter().all(|g| reached_by[g.as_str()] == 1)
        {
            groups.entry(d.key.as_str()).or_default().push(i);
        }
    }
    let mut groups: Vec<Vec<usize>> = groups.into_values().filter(|g| g.len() > 1).collect();
    groups.sort();
    let mut erased_scratch = Vec::new();
    for group in groups {
        let first = kernels[group[0]];
        let first_name = symbol_name(&first).unwrap_or_default();
        let family = family_name(&first);
        let shares = family.as_deref().and_then(crate::families::family).is_some_and(|f| f.shares_code_across_sizes());
        if !shares {
            // Kernels identical to the first (the same dispatch in every
            // layer) are emitted once anyway (target-nvptx's dedup).
            let differs = |m: usize| {
                let (a, b) = (described[m].as_ref(), described[group[0]].as_ref());
                a.zip(b).is_some_and(|(a, b)| a.constants.iter().zip(&b.constants).any(|(x, y)| x.1 != y.1))
            };
            for &m in group[1..].iter().filter(|&&m| differs(m)) {
                ukernel_dialect::emit_remark(
                    kernels[m].location(),
                    &format!(
                        "kernel keeps its own code: it differs from @{first_name} only in sizes, but family '{}' specializes its kernels on them",
                        family.as_deref().unwrap_or("none")
                    ),
                );
            }
            continue;
        }
        if let Err(e) = share(context, &kernels, &described, &group, &scratch_globals, module, &mut erased_scratch) {
            ukernel_dialect::emit_error(first.location(), &format!("ukernel-share-kernel-code: {e}"));
            return false;
        }
    }
    for op in crate::ir::body_ops(module) {
        if name(&op) == "llvm.mlir.global" && symbol_name(&op).is_some_and(|s| erased_scratch.contains(&s)) {
            drop(crate::dispatch::detach(&op));
        }
    }
    true
}

/// Makes `group[0]` the code of every kernel of `group` and erases the rest.
fn share<'c, 'a>(
    context: &'c Context,
    kernels: &[OperationRef<'c, 'a>],
    described: &[Option<Described<'c, 'a>>],
    group: &[usize],
    scratch_globals: &HashMap<String, Scratch<'c>>,
    module: &OperationRef<'c, 'a>,
    erased_scratch: &mut Vec<String>,
) -> Result<(), String> {
    let of = |m: usize| described[m].as_ref().expect("grouped kernels are described");
    let first = of(group[0]);
    let positions = first.constants.len();
    // Constants whose value differs somewhere in the group become parameters.
    let varying: Vec<usize> =
        (0..positions).filter(|&p| group.iter().any(|&m| of(m).constants[p].1 != first.constants[p].1)).collect();
    let func = kernels[group[0]];
    let entry = func.region_at(0).and_then(|r| r.first_block()).ok_or("the kernel has no body")?;
    let function_type = TypeAttribute::try_from(func.attribute("function_type").map_err(|e| e.to_string())?)
        .map_err(|e| e.to_string())?
        .value();
    // SAFETY: `function_type` is an `!llvm.func` type (an `llvm.func`'s).
    let (result, mut inputs) = unsafe {
        let raw = function_type.to_raw();
        let inputs: Vec<Type> = (0..mlir_sys::mlirLLVMFunctionTypeGetNumInputs(raw))
            .map(|i| Type::from_raw(mlir_sys::mlirLLVMFunctionTypeGetInput(raw, i)))
            .collect();
        (Type::from_raw(mlir_sys::mlirLLVMFunctionTypeGetReturnType(raw)), inputs)
    };
    let location = func.location();
    for &p in &varying {
        let (constant, _, ty) = first.constants[p];
        let parameter = entry.add_argument(ty, location);
        crate::ir::replace_uses(constant.result_at(0).ok_or("a constant without a result")?, parameter);
        inputs.push(ty);
    }
    for &p in &varying {
        drop(crate::dispatch::detach(&first.constants[p].0));
    }
    let mut f = crate::ir::mutable(&func);
    f.set_attribute(
        "function_type",
        TypeAttribute::new(melior::dialect::llvm::r#type::function(result, &inputs, false)).into(),
    );
    if let Ok(arg_attrs) = func.attribute("arg_attrs").and_then(|a| ArrayAttribute::try_from(a).map_err(Into::into)) {
        let mut all: Vec<Attribute> = (0..arg_attrs.len()).filter_map(|i| arg_attrs.element(i).ok()).collect();
        all.extend(varying.iter().map(|_| Attribute::from(DictionaryAttribute::new(context, &[]))));
        f.set_attribute("arg_attrs", ArrayAttribute::new(context, &all).into());
    }
    // Each member's values for the new parameters.
    let mut table = Vec::new();
    for &m in group {
        let values: Vec<Attribute> = varying
            .iter()
            .map(|&p| {
                let (_, v, ty) = of(m).constants[p];
                IntegerAttribute::new(ty, v).into()
            })
            .collect();
        let member = symbol_name(&kernels[m]).unwrap_or_default();
        table.push((member, ArrayAttribute::new(context, &values)));
    }
    let table: Vec<(melior::ir::Identifier, Attribute)> =
        table.iter().map(|(n, values)| (melior::ir::Identifier::new(context, n), (*values).into())).collect();
    f.set_attribute(SHARED_CODE_ATTR, DictionaryAttribute::new(context, &table).into());
    // The first kernel's scratch globals grow to the largest of the group's.
    for (s, global) in first.scratch.iter().enumerate() {
        let largest = group.iter().map(|&m| scratch_globals[&of(m).scratch[s]].count).max().unwrap_or(0);
        if largest > scratch_globals[global].count {
            grow_scratch(context, module, &func, global, scratch_globals[global].element, largest)?;
        }
    }
    let first_name = symbol_name(&func).unwrap_or_default();
    for &m in &group[1..] {
        let member = kernels[m];
        ukernel_dialect::emit_remark(
            member.location(),
            &format!(
                "kernel shares the code of @{first_name}: {} size{} become launch arguments",
                varying.len(),
                if varying.len() == 1 { "" } else { "s" }
            ),
        );
        erased_scratch.extend(of(m).scratch.iter().cloned());
        drop(crate::dispatch::detach(&member));
    }
    Ok(())
}

/// Gives scratch global `global` `count` zero-filled elements, and the GEPs
/// of `func` into it the array type of that length (an in-bounds step
/// past the old length would be poison).
fn grow_scratch<'c>(
    context: &'c Context,
    module: &OperationRef<'c, '_>,
    func: &OperationRef<'c, '_>,
    global: &str,
    element: Type<'c>,
    count: i64,
) -> Result<(), String> {
    let op = crate::ir::body_ops(module)
        .into_iter()
        .find(|o| name(o) == "llvm.mlir.global" && symbol_name(o).as_deref() == Some(global))
        .ok_or_else(|| format!("no scratch global @{global}"))?;
    let tensor = RankedTensorType::new(&[count as u64], element, None).into();
    let zero: Attribute = if element.is_integer() {
        IntegerAttribute::new(element, 0).into()
    } else {
        FloatAttribute::new(context, element, 0.0).into()
    };
    let value = DenseElementsAttribute::new(tensor, &[zero]).map_err(|e| e.to_string())?;
    let array = TypeAttribute::new(melior::dialect::llvm::r#type::array(element, count as u32));
    let mut g = crate::ir::mutable(&op);
    g.set_attribute("value", value.into());
    g.set_attribute("global_type", array.into());
    func.walk(melior::ir::operation::WalkOrder::PreOrder, |o| {
        if name(&o) == "llvm.getelementptr" && gep_global(&o).as_deref() == Some(global) {
            crate::ir::mutable(&o).set_attribute("elem_type", array.into());
        }
        melior::ir::operation::WalkResult::Advance
    });
    Ok(())
}

/// Which kernel's code each kernel of the module runs, and the values it
/// passes for that code's trailing parameters: every kernel named in a
/// [`SHARED_CODE_ATTR`] table. Kernels absent run their own code.
pub fn shared_code(module: &OperationRef) -> HashMap<String, (String, Vec<(u32, i64)>)> {
    let mut out = HashMap::new();
    for func in kernels(module) {
        let Some(table) = func.attribute(SHARED_CODE_ATTR).ok().and_then(|a| DictionaryAttribute::try_from(a).ok())
        else {
            continue;
        };
        let entry = symbol_name(&func).unwrap_or_default();
        for i in 0..table.len() {
            let Ok((member, values)) = table.element(i) else { continue };
            let Ok(values) = ArrayAttribute::try_from(values) else { continue };
            let values = (0..values.len())
                .filter_map(|j| IntegerAttribute::try_from(values.element(j).ok()?).ok())
                .map(|v| (IntegerType::try_from(Attribute::from(v).r#type()).map_or(64, |t| t.width()), v.value()))
                .collect();
            out.insert(member.as_string_ref().as_str().unwrap_or_default().to_string(), (entry.clone(), values));
        }
    }
    out
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> melior::pass::Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelShareKernelCode", ARGUMENT, SUMMARY, share_kernel_code)
}
