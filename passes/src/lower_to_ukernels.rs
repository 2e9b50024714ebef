//! `ukernel-lower-to-ukernels`: replaces each op whose `lowering_config`
//! carries a `#ukernel.spec` with the call of that ukernel, distributed as
//! the configuration says.
//!
//! Runs after bufferization: the op's operands must be memrefs. (A
//! tensor-level `ukernel` op would block one-shot-bufferize, since an IRDL op
//! cannot implement its interfaces; the call is made where the buffers are
//! known.) For an argmax, the op becomes
//!
//! ```mlir
//! scf.parallel (%row, %part) = (0, 0) to (rows, split)      // GPU blocks x, y
//!   scf.parallel (%t) = (0) to (workgroup_size)              // GPU threads x
//!     func.call @uk_argmax_f32i64(%in_base, %in_offset, %val_base, %val_offset,
//!         %idx_base, %idx_offset, %length, %part, %split, %scratch, %scratch_offset,
//!         %write_value)
//! ```
//!
//! with every memref flattened to its base (a 0-d memref, passed as a bare
//! pointer) and an i64 element offset computed from the row's coordinates and
//! the memref's strides, so strided and offset memrefs work as long as the
//! reduced dimension has unit stride. `write_value` is 1 only when the value
//! buffer is observable (a function argument, or used by anything but fills,
//! its deallocation and this op). Rows split across workgroups get zeroed scratch from a
//! private `memref.global`. The ukernel is declared once as `func.func
//! private @<name>` with `llvm.bareptr` and the spec's definition attributes.
//!
//! Errors, at the op: an unknown ukernel name; no object providing it on the
//! owner (after `ukernel-hoist-executable-objects`; an object provides
//! `@name` when its path is `name.bc` or `name.<anything>.bc`); tensor
//! operands; types that differ from the ukernel's; a reduced dimension whose
//! stride is not statically 1. Ops without a spec are left alone.

use melior::{
    Context,
    ir::{
        BlockLike, Module, OperationRef, RegionLike, Type, Value, ValueLike,
        operation::{Operation, OperationLike, OperationMutLike, OperationRefMut},
        r#type::TypeLike,
    },
    pass::Pass,
};
use ukernel_dialect::{LOWERING_CONFIG_ATTR, LoweringConfig, emit_error, location::capture_diagnostics};
use ukernels::{UKernel, argmax, registry};

use crate::{
    hoist_executable_objects::OWNER_ATTR,
    ir::{body_ops, name, same, shape_of},
    kernel_config::object_paths,
};

pub const ARGUMENT: &str = "ukernel-lower-to-ukernels";
pub const SUMMARY: &str = "Replace ops whose lowering config names a ukernel with distributed calls to it";

const DYNAMIC: i64 = i64::MIN;

/// A lowering failure, reported at the op.
struct LowerError(String);

/// Whether `path` names an object that provides `symbol`.
pub fn provides(path: &str, symbol: &str) -> bool {
    path.strip_prefix(symbol).is_some_and(|rest| rest == ".bc" || (rest.starts_with('.') && rest.ends_with(".bc")))
}

/// Ops to lower under `root`: those whose lowering config names a ukernel.
fn ops_to_lower<'c, 'a>(root: &OperationRef<'c, 'a>, out: &mut Vec<(OperationRef<'c, 'a>, LoweringConfig)>) {
    for r in 0..root.region_count() {
        let Ok(region) = root.region(r) else { continue };
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut next = b.first_operation();
            while let Some(op) = next {
                next = op.next_in_block();
                if let Some(config) =
                    op.attribute(LOWERING_CONFIG_ATTR).ok().and_then(|a| LoweringConfig::try_from(a).ok())
                    && config.ukernel.is_some()
                {
                    out.push((op, config));
                } else {
                    ops_to_lower(&op, out);
                }
            }
            block = b.next_in_region();
        }
    }
}

/// The nearest owner of objects above `op` (see the hoisting pass).
fn owner_of<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut parent = op.parent_operation();
    while let Some(p) = parent {
        if name(&p) == "builtin.module" || p.attribute(OWNER_ATTR).is_ok() {
            return Some(p);
        }
        parent = p.parent_operation();
    }
    None
}

/// Static strides of a memref type (`DYNAMIC` where unknown).
fn strides(ty: Type) -> Option<Vec<i64>> {
    let (dims, _) = shape_of(ty)?;
    let mut strides = vec![0i64; dims.len()];
    let mut offset = 0i64;
    let ok = unsafe { mlir_sys::mlirMemRefTypeGetStridesAndOffset(ty.to_raw(), strides.as_mut_ptr(), &mut offset) };
    (ok.value != 0).then_some(strides)
}

/// Whether the value buffer is observable after the op: a function argument,
/// or used by something other than fills, deallocation and the op itself.
fn value_is_observable(val: Value, op: &OperationRef) -> bool {
    if val.is_block_argument() {
        return true;
    }
    unsafe {
        let mut use_ = mlir_sys::mlirValueGetFirstUse(val.to_raw());
        while !mlir_sys::mlirOpOperandIsNull(use_) {
            let owner = OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(use_));
            let reads = !matches!(name(&owner).as_str(), "linalg.fill" | "memref.dealloc");
            if owner.to_raw().ptr != op.to_raw().ptr && reads {
                return true;
            }
            use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
        }
    }
    false
}

struct ArgmaxLowering {
    symbol: String,
    element: String,
    index: String,
    in_ty: String,
    val_ty: String,
    idx_ty: String,
    parallel: usize,
    split: u64,
    threads: i64,
    write_value: bool,
    /// Scratch global: name and bytes.
    scratch: (String, u64),
    def_attrs: String,
}

impl ArgmaxLowering {
    fn declaration(&self) -> String {
        format!(
            "func.func private @{}(memref<{e}>, i64, memref<{e}>, i64, memref<{i}>, i64, i64, i32, i32, memref<i8>, i64, i32) attributes {{{}}}",
            self.symbol,
            self.def_attrs,
            e = self.element,
            i = self.index
        )
    }

    fn global(&self) -> String {
        format!(
            "memref.global \"private\" @{} : memref<{}xi8> = dense<0> {{alignment = 16 : i64}}",
            self.scratch.0, self.scratch.1
        )
    }

    /// Where an unobservable value output points instead: never written
    /// (write_value = 0), so its buffer can go.
    fn unused_value_global(&self) -> (String, String) {
        let name = format!("__ukernel_unused_{}", self.element);
        let text = format!(
            "memref.global \"private\" @{name} : memref<1x{}> = dense<0.0> {{alignment = 16 : i64}}",
            self.element
        );
        (name, text)
    }

    /// The replacement, as a function of (in, val, idx) whose body is moved
    /// in place of the op.
    fn body(&self) -> String {
        let p = self.parallel;
        let k = p + 1;
        let mut t = String::new();
        let meta = |name: &str, ty: &str, elem: &str, rank: usize| -> String {
            if rank == 0 {
                format!(
                    "    %{name}_base, %{name}_off = memref.extract_strided_metadata %{name} : {ty} -> memref<{elem}>, index\n"
                )
            } else {
                let idx = vec!["index"; 2 * rank].join(", ");
                format!(
                    "    %{name}_base, %{name}_off, %{name}_size:{rank}, %{name}_stride:{rank} = memref.extract_strided_metadata %{name} : {ty} -> memref<{elem}>, index, {idx}\n"
                )
            }
        };
        t += &format!(
            "  func.func @__ukernel_lowering(%in: {}, %val: {}, %idx: {}) {{\n",
            self.in_ty, self.val_ty, self.idx_ty
        );
        t += "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n";
        t += &format!("    %nsplit = arith.constant {} : index\n", self.split);
        t += &format!("    %nthreads = arith.constant {} : index\n", self.threads);
        t += &meta("in", &self.in_ty, &self.element, k);
        if self.write_value {
            t += &meta("val", &self.val_ty, &self.element, p);
        } else {
            let (name, _) = self.unused_value_global();
            t += &format!("    %val_unused = memref.get_global @{name} : memref<1x{}>\n", self.element);
            t += &meta("val_unused", &format!("memref<1x{}>", self.element), &self.element, 1)
                .replace("%val_unused_", "%val_");
        }
        t += &meta("idx", &self.idx_ty, &self.index, p);
        t += "    %rows_0 = arith.constant 1 : index\n";
        for i in 0..p {
            t += &format!("    %rows_{} = arith.muli %rows_{i}, %in_size#{i} : index\n", i + 1);
        }
        t += &format!("    %len = arith.index_cast %in_size#{p} : index to i64\n");
        t += &format!("    %scratch_buf = memref.get_global @{} : memref<{}xi8>\n", self.scratch.0, self.scratch.1);
        t += &format!(
            "    %scratch_base, %scratch_off, %scratch_size, %scratch_stride = memref.extract_strided_metadata %scratch_buf : memref<{}xi8> -> memref<i8>, index, index, index\n",
            self.scratch.1
        );
        t += &format!("    %row_bytes = arith.constant {} : index\n", argmax::scratch_bytes_per_row(self.split as u32));
        t += &format!("    %nsplit_i32 = arith.constant {} : i32\n", self.split);
        t += &format!("    %write = arith.constant {} : i32\n", self.write_value as i32);
        t += &format!("    scf.parallel (%r, %s) = (%c0, %c0) to (%rows_{p}, %nsplit) step (%c1, %c1) {{\n");
        t += "      scf.parallel (%t) = (%c0) to (%nthreads) step (%c1) {\n";
        // Row coordinates, innermost parallel dim fastest.
        t += &format!("        %q_{p} = arith.addi %r, %c0 : index\n");
        for i in (0..p).rev() {
            t += &format!("        %co_{i} = arith.remui %q_{}, %in_size#{i} : index\n", i + 1);
            t += &format!("        %q_{i} = arith.divui %q_{}, %in_size#{i} : index\n", i + 1);
        }
        for name in ["in", "val", "idx"] {
            t += &format!("        %{name}_o0 = arith.addi %{name}_off, %c0 : index\n");
            let p = if name == "val" && !self.write_value { 0 } else { p };
            for i in 0..p {
                t += &format!("        %{name}_m{i} = arith.muli %co_{i}, %{name}_stride#{i} : index\n");
                t += &format!("        %{name}_o{} = arith.addi %{name}_o{i}, %{name}_m{i} : index\n", i + 1);
            }
            t += &format!("        %{name}_o = arith.index_cast %{name}_o{p} : index to i64\n");
        }
        t += "        %scratch_row = arith.muli %r, %row_bytes : index\n";
        t += "        %scratch_o1 = arith.addi %scratch_off, %scratch_row : index\n";
        t += "        %scratch_o = arith.index_cast %scratch_o1 : index to i64\n";
        t += "        %part = arith.index_cast %s : index to i32\n";
        t += &format!(
            "        func.call @{}(%in_base, %in_o, %val_base, %val_o, %idx_base, %idx_o, %len, %part, %nsplit_i32, %scratch_base, %scratch_o, %write) : (memref<{e}>, i64, memref<{e}>, i64, memref<{i}>, i64, i64, i32, i32, memref<i8>, i64, i32) -> ()\n",
            self.symbol,
            e = self.element,
            i = self.index
        );
        t += "        scf.reduce\n";
        t +=
            "      } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}\n";
        t += "      scf.reduce\n";
        t += "    } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>, #gpu.loop_dim_map<processor = block_y, map = (d0) -> (d0), bound = (d0) -> (d0)>]}\n";
        t += "    return\n  }\n";
        t
    }
}

fn plan_argmax(
    op: &OperationRef,
    uk: &UKernel,
    config: &LoweringConfig,
    scratch_index: &mut usize,
) -> Result<ArgmaxLowering, LowerError> {
    let err = |m: String| LowerError(m);
    let operand = |i: usize| {
        op.operand(i)
            .map_err(|_| err(format!("expected 3 operands (input, value, index), found {}", op.operand_count())))
    };
    let (input, val, idx) = (operand(0)?, operand(1)?, operand(2)?);
    for v in [input, val, idx] {
        if !crate::ir::is_memref(v.r#type()) {
            return Err(err(format!(
                "operand of type {} is not a memref: lower to ukernels after bufferization (e.g. one-shot-bufferize)",
                v.r#type()
            )));
        }
    }
    let (in_dims, in_elem) = shape_of(input.r#type()).ok_or_else(|| err("the input is not a ranked memref".into()))?;
    let (_, idx_elem) = shape_of(idx.r#type()).ok_or_else(|| err("the index output is not a ranked memref".into()))?;
    if in_elem.to_string() != uk.element.name() || idx_elem.to_string() != uk.index.name() {
        return Err(err(format!(
            "{} takes {} input and {} indices, the op has {in_elem} and {idx_elem}",
            uk.symbol, uk.element, uk.index
        )));
    }
    let in_strides = strides(input.r#type()).ok_or_else(|| err("the input's layout has no strides".into()))?;
    match in_strides.last() {
        Some(1) => {}
        Some(&DYNAMIC) => {
            return Err(err(format!(
                "the input's innermost stride is dynamic; {} reads rows with unit stride (make it static 1, e.g. by a copy)",
                uk.symbol
            )));
        }
        Some(s) => {
            return Err(err(format!(
                "the input's innermost stride is {s}; {} reads rows with unit stride (copy the input to a contiguous buffer first)",
                uk.symbol
            )));
        }
        None => return Err(err("the input has rank 0".into())),
    }
    let parallel = in_dims.len() - 1;
    let rows = in_dims[..parallel].iter().try_fold(1u64, |acc, d| d.map(|d| acc * d));
    let split = config.split.max(1) as u64;
    let scratch = if split > 1 {
        let rows = rows.ok_or_else(|| err(format!("split {split} needs a static row count")))?;
        *scratch_index += 1;
        (format!("__ukernel_scratch_{}", *scratch_index - 1), rows * argmax::scratch_bytes_per_row(split as u32))
    } else {
        ("__ukernel_no_scratch".to_string(), 16)
    };
    let mut def_attrs =
        vec!["llvm.bareptr".to_string(), format!("ukernel.shared_memory_bytes = {} : i64", uk.shared_memory_bytes)];
    if let Some(spec) = &config.ukernel {
        def_attrs.extend(spec.def_attrs.iter().map(|(k, v)| format!("{k} = {v}")));
    }
    Ok(ArgmaxLowering {
        symbol: uk.symbol.clone(),
        element: uk.element.name().into(),
        index: uk.index.name().into(),
        in_ty: input.r#type().to_string(),
        val_ty: val.r#type().to_string(),
        idx_ty: idx.r#type().to_string(),
        parallel,
        split,
        threads: config.workgroup_size[0],
        write_value: value_is_observable(val, op),
        scratch,
        def_attrs: def_attrs.join(", "),
    })
}

/// What lowering keeps across the ops of one owner: its symbols (each
/// declaration and global is added once), the paths of its objects, where
/// new symbols go (before its first function with a body), and the next
/// scratch global's number. Computed once: per-op scans would make lowering
/// quadratic in the number of dispatches.
struct OwnerState<'c, 'a> {
    symbols: std::collections::HashSet<String>,
    object_paths: Vec<String>,
    first_definition: Option<OperationRef<'c, 'a>>,
    scratch_index: usize,
}

impl<'c, 'a> OwnerState<'c, 'a> {
    fn of(owner: &OperationRef<'c, 'a>) -> Self {
        let ops = body_ops(owner);
        let symbols: std::collections::HashSet<String> = ops.iter().filter_map(symbol_name).collect();
        let scratch_index = symbols.iter().filter(|s| s.starts_with("__ukernel_scratch_")).count();
        let first_definition = ops
            .into_iter()
            .find(|o| name(o) == "func.func" && o.region(0).ok().and_then(|r| r.first_block()).is_some());
        Self { symbols, object_paths: object_paths(owner), first_definition, scratch_index }
    }
}

fn symbol_name(op: &OperationRef) -> Option<String> {
    op.attribute("sym_name").ok().and_then(ukernel_dialect::string_value)
}

fn lower_one<'c, 'a>(
    context: &Context,
    op: OperationRef<'c, 'a>,
    owner: OperationRef<'c, 'a>,
    config: &LoweringConfig,
    state: &mut OwnerState<'c, 'a>,
) -> Result<(), LowerError> {
    let spec = config.ukernel.as_ref().expect("ops_to_lower only yields configs with a ukernel");
    let uk = registry().by_symbol(&spec.name).ok_or_else(|| {
        let known: Vec<&str> = registry().ukernels().iter().map(|u| u.symbol.as_str()).collect();
        LowerError(format!("unknown ukernel '{}' (the library has {})", spec.name, known.join(", ")))
    })?;
    if !state.object_paths.iter().any(|p| provides(p, &uk.symbol)) {
        return Err(LowerError(format!(
            "no executable object on the enclosing module provides {} (run ukernel-hoist-executable-objects after ukernel-kernel-config, or add an object '{}.bc')",
            uk.symbol, uk.symbol
        )));
    }
    if uk.family != argmax::FAMILY {
        return Err(LowerError(format!("no lowering for the {} family", uk.family)));
    }
    let plan = plan_argmax(&op, uk, config, &mut state.scratch_index)?;

    // The replacement, parsed beside its declarations so that it verifies.
    let unused = plan.unused_value_global().1;
    let text = format!("module {{\n  {}\n  {}\n  {unused}\n{}}}\n", plan.declaration(), plan.global(), plan.body());
    let (parsed, diagnostics) = capture_diagnostics(context, || Module::parse(context, &text));
    let parsed = parsed.ok_or_else(|| {
        let why: Vec<String> = diagnostics.iter().map(|d| d.message.clone()).collect();
        LowerError(format!("internal error: the lowered IR does not parse: {}", why.join("; ")))
    })?;
    let parsed_ops = body_ops(&parsed.as_operation());
    let owner_block = owner
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| LowerError("the module has no body".into()))?;
    // Declaration and scratch global, once each, before the owner's first
    // function with a body, in the order they are first needed.
    let symbols = if plan.write_value { vec![parsed_ops[0], parsed_ops[1]] } else { parsed_ops[..3].to_vec() };
    for decl in &symbols {
        if !state.symbols.insert(symbol_name(decl).unwrap_or_default()) {
            continue;
        }
        let moved = detach(decl);
        match state.first_definition {
            Some(first) => owner_block.insert_operation_before(first, moved),
            None => owner_block.append_operation(moved),
        };
    }
    let lowering = parsed_ops[3];
    // The ukernel writes every row of both outputs (-inf and 0 for empty
    // rows), so the fills before it are dead.
    let (val, idx) =
        (op.operand(1).map_err(|e| LowerError(e.to_string()))?, op.operand(2).map_err(|e| LowerError(e.to_string()))?);
    let dead_fills: Vec<OperationRef> =
        [val, idx].into_iter().filter_map(|v| crate::matchers::argmax::last_fill_before(&op, v)).collect();
    let entry = lowering
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| LowerError("internal error: empty lowering".into()))?;
    let block = op.block().ok_or_else(|| LowerError("the op is not in a block".into()))?;
    let mut next = entry.first_operation();
    while let Some(o) = next {
        next = o.next_in_block();
        if name(&o) == "func.return" {
            break;
        }
        block.insert_operation_before(op, detach(&o));
    }
    for i in 0..3 {
        let arg: Value = entry.argument(i).map_err(|e| LowerError(e.to_string()))?.into();
        let actual = op.operand(i).map_err(|e| LowerError(e.to_string()))?;
        if !same(arg, actual) {
            unsafe { mlir_sys::mlirValueReplaceAllUsesOfWith(arg.to_raw(), actual.to_raw()) };
        }
    }
    drop(detach(&op));
    for fill in dead_fills {
        drop(detach(&fill));
    }
    if !plan.write_value {
        remove_if_only_deallocated(val);
    }
    Ok(())
}

/// Erases a local buffer nobody reads any more: its `memref.alloc` and
/// `memref.dealloc`, when those are all that is left.
fn remove_if_only_deallocated(buffer: Value) {
    let Some(alloc) = crate::ir::defining_op(buffer).filter(|d| name(d) == "memref.alloc") else { return };
    let mut users = Vec::new();
    unsafe {
        let mut use_ = mlir_sys::mlirValueGetFirstUse(buffer.to_raw());
        while !mlir_sys::mlirOpOperandIsNull(use_) {
            users.push(OperationRef::from_raw(mlir_sys::mlirOpOperandGetOwner(use_)));
            use_ = mlir_sys::mlirOpOperandGetNextUse(use_);
        }
    }
    if users.iter().all(|u| name(u) == "memref.dealloc") {
        for u in users {
            drop(detach(&u));
        }
        drop(detach(&alloc));
    }
}

/// Takes `op` out of its block, returning ownership.
pub(crate) fn detach(op: &OperationRef) -> Operation<'static> {
    let mut m = unsafe { OperationRefMut::from_raw(op.to_raw()) };
    m.remove_from_parent();
    unsafe { Operation::from_raw(op.to_raw()) }
}

fn lower_module(context: &Context, module: &OperationRef) -> bool {
    let mut ops = Vec::new();
    ops_to_lower(module, &mut ops);
    // One state per owner (the module, or nested owners).
    let mut states: Vec<(OperationRef, OwnerState)> = Vec::new();
    for (op, config) in ops {
        let location = op.location();
        let Some(owner) = owner_of(&op) else {
            emit_error(location, "ukernel: the op has no enclosing module");
            return false;
        };
        let index = match states.iter().position(|(o, _)| o.to_raw().ptr == owner.to_raw().ptr) {
            Some(i) => i,
            None => {
                states.push((owner, OwnerState::of(&owner)));
                states.len() - 1
            }
        };
        if let Err(LowerError(message)) = lower_one(context, op, owner, &config, &mut states[index].1) {
            emit_error(location, &format!("ukernel: {message}"));
            return false;
        }
    }
    true
}

static PASS_ID: crate::registration::PassId = crate::registration::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::registration::module_pass(&PASS_ID, "UKernelLowerToUKernels", ARGUMENT, SUMMARY, lower_module)
}

#[cfg(test)]
mod tests {
    #[test]
    fn provider_paths() {
        assert!(super::provides("uk_argmax_f32i64.sm_90.bc", "uk_argmax_f32i64"));
        assert!(super::provides("uk_argmax_f32i64.bc", "uk_argmax_f32i64"));
        assert!(!super::provides("uk_argmax_f32i64x.bc", "uk_argmax_f32i64"));
        assert!(!super::provides("uk_argmax_f32i64.sm_90.ptx", "uk_argmax_f32i64"));
    }
}
