//! `ukernel-lower-to-ukernels`: replaces each op whose `lowering_config`
//! carries a `#ukernel.spec` with the call of that ukernel, distributed as
//! the configuration says.
//!
//! Runs after bufferization: the op's operands must be memrefs. (A
//! tensor-level `ukernel` op would block one-shot-bufferize, since an IRDL op
//! cannot implement its interfaces; the call is made where the buffers are
//! known.) The ukernel's family says what the call is (its grid, operands,
//! and the ops that become dead, see `families/`); `call_builder.rs` emits it:
//!
//! ```mlir
//! scf.parallel (%wg0, %wg1) = (0, 0) to (grid0, grid1)      // GPU blocks x, y
//!   scf.parallel (%t) = (0) to (workgroup_size)              // GPU threads x
//!     func.call @uk_argmax_f32i64(%in_base, %in_offset, ...)
//! ```
//!
//! with every memref flattened to its base (a 0-d memref, passed as a bare
//! pointer) and i64 element offsets, strides and sizes, so strided and offset
//! memrefs work as long as the dimension a ukernel reads contiguously has
//! unit stride. Buffers a family asks for (argmax's scratch for split rows,
//! the wgmma ukernel's tensor maps) are private zeroed `memref.global`s.
//! Functions it asks for (a fused producer's map, a fused consumer's store
//! function; see `fusion.rs`) are private `func.func`s marked
//! `ukernel.fused_function`, passed by address (`func.constant`, cast to
//! `!llvm.ptr`); an unused fusion point gets a null pointer. The ukernel is
//! declared once as
//! `func.func private @<name>` with `llvm.bareptr`, its shared memory
//! (`ukernel.shared_memory_bytes`, `ukernel.dynamic_shared_memory_bytes`) and
//! the spec's definition attributes.
//!
//! Errors, at the op: an unknown ukernel name; no object providing it on the
//! owner (after `ukernel-hoist-executable-objects`; an object provides
//! `@name` when its path is `name.bc` or `name.<anything>.bc`); tensor
//! operands; and what the family rejects (types that differ from the
//! ukernel's, a row dimension whose stride is not statically 1). Ops without
//! a spec are left alone.

use crate::ir::Checked as _;
use melior::{
    Context,
    dialect::{func, memref},
    ir::{
        Attribute, BlockLike, Identifier, Location, Operation, OperationRef, Region, RegionLike, Type, Value,
        ValueLike,
        attribute::{DenseElementsAttribute, FloatAttribute, IntegerAttribute, StringAttribute, TypeAttribute},
        operation::OperationLike,
        r#type::{FunctionType, IntegerType, MemRefType, RankedTensorType, TypeLike},
    },
    pass::Pass,
};
use ukernel_dialect::{LOWERING_CONFIG_ATTR, LoweringConfig, emit_error};
use ukernels::{Descriptor, Facts};

use crate::{
    dispatch::{detach, object_paths, owner_of, provides},
    families::{Globals, family},
    ir::{body_ops, name},
};

pub use crate::names::DYNAMIC_SHARED_MEMORY_ATTR;

pub const ARGUMENT: &str = "ukernel-lower-to-ukernels";
pub const SUMMARY: &str = "Replace ops whose lowering config names a ukernel with distributed calls to it";

/// A lowering failure, reported at the op.
struct LowerError(String);

impl From<String> for LowerError {
    fn from(message: String) -> Self {
        Self(message)
    }
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
        let symbols: std::collections::HashSet<String> = ops.iter().filter_map(crate::ir::symbol_name).collect();
        let scratch_index = symbols.iter().filter(|s| s.starts_with(crate::names::SCRATCH_GLOBAL_PREFIX)).count();
        let first_definition =
            ops.into_iter().find(|o| name(o) == "func.func" && o.region_at(0).and_then(|r| r.first_block()).is_some());
        Self { symbols, object_paths: object_paths(owner), first_definition, scratch_index }
    }
}

impl<'c, 'a> OwnerState<'c, 'a> {
    /// Puts a new symbol (declaration, global) into `owner`: before its first
    /// function with a body, in the order symbols are first needed.
    fn insert_symbol(&self, owner: &OperationRef<'c, 'a>, op: Operation<'c>) -> Result<(), String> {
        let block = owner.region_at(0).and_then(|r| r.first_block()).ok_or("the module has no body")?;
        match self.first_definition {
            Some(first) => block.insert_operation_before(first, op),
            None => block.append_operation(op),
        };
        Ok(())
    }
}

/// The globals one owner's calls ask for, created on first use.
struct OwnerGlobals<'s, 'c, 'a> {
    context: &'c Context,
    owner: OperationRef<'c, 'a>,
    op: OperationRef<'c, 'a>,
    state: &'s mut OwnerState<'c, 'a>,
}

impl<'c, 'a> Globals<'c, 'a> for OwnerGlobals<'_, 'c, 'a> {
    fn context(&self) -> &'c Context {
        self.context
    }

    fn zeroed(&mut self, element: Type<'c>, count: u64, unique: bool) -> Result<Value<'c, 'a>, String> {
        let name = if unique {
            self.state.scratch_index += 1;
            format!("{}{}", crate::names::SCRATCH_GLOBAL_PREFIX, self.state.scratch_index - 1)
        } else {
            format!("__ukernel_zeros_{count}x{element}")
        };
        let location = self.op.location();
        let ty = MemRefType::new(element, &[count as i64], None, None);
        if self.state.symbols.insert(name.clone()) {
            let tensor = RankedTensorType::new(&[count], element, None).into();
            let zero = if element.is_integer() {
                IntegerAttribute::new(element, 0).into()
            } else {
                FloatAttribute::new(self.context, element, 0.0).into()
            };
            let value = DenseElementsAttribute::new(tensor, &[zero]).map_err(|e| e.to_string())?;
            let i64t = IntegerType::new(self.context, 64).into();
            let global = memref::global(
                self.context,
                &name,
                Some("private"),
                ty,
                Some(value.into()),
                // A shared buffer is never written: constant, which also lets
                // compilers copy it (one module per kernel).
                !unique,
                Some(IntegerAttribute::new(i64t, 16)),
                location,
            );
            self.state.insert_symbol(&self.owner, global)?;
        }
        let block = self.op.block().ok_or("the op is not in a block")?;
        let get = block.insert_operation_before(self.op, memref::get_global(self.context, &name, ty, location));
        // SAFETY: the value belongs to IR that outlives this borrow (the function being rewritten).
        Ok(unsafe { Value::from_raw(get.result(0).map_err(|e| e.to_string())?.to_raw()) })
    }

    fn add_function(
        &mut self,
        prefix: &str,
        build: &dyn Fn(&str) -> Result<melior::ir::Operation<'c>, String>,
    ) -> Result<String, String> {
        let mut n = 0;
        let name = loop {
            let candidate = format!("{prefix}{n}");
            if !self.state.symbols.contains(&candidate) {
                break candidate;
            }
            n += 1;
        };
        let func = build(&name)?;
        self.state.symbols.insert(name.clone());
        self.state.insert_symbol(&self.owner, func)?;
        Ok(name)
    }
}

fn lower_one<'c, 'a>(
    context: &'c Context,
    op: OperationRef<'c, 'a>,
    owner: OperationRef<'c, 'a>,
    config: &LoweringConfig,
    state: &mut OwnerState<'c, 'a>,
) -> Result<(), LowerError> {
    let spec = config.ukernel.as_ref().expect("ops_to_lower only yields configs with a ukernel");
    // What the call needs comes from the spec, which KernelConfig wrote;
    // the registry is not consulted again.
    let uk = &crate::descriptor::from_spec(spec).map_err(LowerError)?;
    if !state.object_paths.iter().any(|p| provides(p, &uk.symbol)) {
        return Err(LowerError(format!(
            "no executable object on the enclosing module provides {} (run ukernel-hoist-executable-objects after ukernel-kernel-config, or add an object '{}.bc')",
            uk.symbol, uk.symbol
        )));
    }
    for i in 0..op.operand_count() {
        let v = op.operand(i).map_err(|e| LowerError(e.to_string()))?;
        if !crate::ir::is_memref(v.r#type()) {
            return Err(LowerError(format!(
                "operand of type {} is not a memref: lower to ukernels after bufferization (e.g. one-shot-bufferize)",
                v.r#type()
            )));
        }
    }
    let family = family(&uk.family).ok_or_else(|| LowerError(format!("no family '{}' to lower", uk.family)))?;
    let plan = {
        let mut globals = OwnerGlobals { context, owner, op, state: &mut *state };
        family.call(&op, config, uk, &mut globals)?
    };
    // What the kernel is built and launched for goes on the call, which
    // `ukernel-split-kernels` moves to the kernel holding it (codegen writes
    // it there): the occupancy the ukernel asks for or the configuration
    // chose (`.minnctapersm`), the clusters the ukernel is launched in
    // (`.reqnctapercluster`). On the function it would reach every kernel
    // the dispatch is split into, default-path ones included.
    let workgroups_per_sm =
        [uk.min_workgroups_per_sm(), config.param(crate::names::WORKGROUPS_PER_SM_PARAM)].into_iter().flatten().max();
    let mut launch = vec![];
    if let Some(n) = workgroups_per_sm {
        let i64t = IntegerType::new(context, 64).into();
        launch.push((crate::names::WORKGROUPS_PER_SM_ATTR, IntegerAttribute::new(i64t, n).into()));
    }
    if let Some(c) = uk.cluster_m() {
        let dims = melior::ir::attribute::DenseI32ArrayAttribute::new(context, &[1, c as i32, 1]);
        launch.push((crate::names::CLUSTER_ATTR, dims.into()));
    }
    let types = crate::call_builder::emit(context, &op, &uk.symbol, &plan, &launch)?;
    if state.symbols.insert(uk.symbol.clone()) {
        let declaration = declaration(context, uk, spec, &types, op.location())?;
        state.insert_symbol(&owner, declaration)?;
    }
    drop(detach(&op));
    for dead in plan.remove {
        drop(detach(&dead));
    }
    for buffer in plan.drop_if_unused {
        remove_if_only_deallocated(buffer);
    }
    Ok(())
}

/// `func.func private @<symbol>(<types>) attributes {llvm.bareptr, ...}`.
fn declaration<'c>(
    context: &'c Context,
    uk: &Descriptor,
    spec: &ukernel_dialect::UKernelSpec,
    types: &[Type<'c>],
    location: Location<'c>,
) -> Result<Operation<'c>, String> {
    if types.len() != uk.abi.len() {
        return Err(format!(
            "internal error: the call of {} has {} operands, its ABI {}",
            uk.symbol,
            types.len(),
            uk.abi.len()
        ));
    }
    let i64t = IntegerType::new(context, 64).into();
    let mut attrs: Vec<(Identifier, Attribute)> = vec![
        (Identifier::new(context, "sym_visibility"), StringAttribute::new(context, "private").into()),
        (Identifier::new(context, "llvm.bareptr"), Attribute::unit(context)),
        (
            Identifier::new(context, "ukernel.shared_memory_bytes"),
            IntegerAttribute::new(i64t, uk.static_shared_memory_bytes as i64).into(),
        ),
    ];
    if uk.dynamic_shared_memory_bytes > 0 {
        attrs.push((
            Identifier::new(context, DYNAMIC_SHARED_MEMORY_ATTR),
            IntegerAttribute::new(i64t, uk.dynamic_shared_memory_bytes as i64).into(),
        ));
    }
    // How the target links it, which it reads from here (and by which it
    // knows the ukernels among the declarations).
    for (tag, attr, default) in [
        ("linkage", ukernel_dialect::UKERNEL_LINKAGE_ATTR, "inline"),
        ("pipeline", ukernel_dialect::UKERNEL_PIPELINE_ATTR, "o3"),
    ] {
        let value = uk.tag(tag).unwrap_or(default);
        attrs.push((Identifier::new(context, attr), StringAttribute::new(context, value).into()));
    }
    for (k, text) in &spec.def_attrs {
        let value = Attribute::parse(context, text)
            .ok_or_else(|| format!("the spec's attribute {k} = {text} does not parse"))?;
        attrs.push((Identifier::new(context, k), value));
    }
    Ok(func::func(
        context,
        StringAttribute::new(context, &uk.symbol),
        TypeAttribute::new(FunctionType::new(context, types, &[]).into()),
        Region::new(),
        &attrs,
        location,
    ))
}

/// Erases a local buffer nobody reads any more: its `memref.alloc` and
/// `memref.dealloc`, when those are all that is left.
fn remove_if_only_deallocated(buffer: Value) {
    let Some(alloc) = crate::ir::defining_op(buffer).filter(|d| name(d) == "memref.alloc") else { return };
    let users = crate::ir::users(buffer);
    if users.iter().all(|u| name(u) == "memref.dealloc") {
        for u in users {
            drop(detach(&u));
        }
        drop(detach(&alloc));
    }
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

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelLowerToUKernels", ARGUMENT, SUMMARY, lower_module)
}
