//! Ukernel families on the MLIR side. A family is one unit: its matcher (is
//! this op the family's computation, and what are its facts), its
//! configuration step (for one of its registry variants and a target: the
//! lowering config, or why not), its call (the ukernel's operands, from the
//! op and its config), and the reference a GPU check compares against. The
//! generic code (selection in `kernel_config.rs`, call emission in
//! `call_builder.rs`, codegen) never names a family.
//!
//! Adding a family: its sources and `catalog.rs` in `ukernels/`, a file here
//! implementing [`Family`], and one line in [`FAMILIES`]. A family from
//! outside (an embedder's, or a test's: `passes/tests/toy_family/`) is
//! registered at run time instead: [`register`] here and
//! `ukernels::register_variants` for its ukernels.

pub mod argmax;
mod argmax_split;
pub mod matmul;

use std::{any::Any, sync::RwLock};

use melior::ir::{OperationRef, Type, Value};
use ukernel_dialect::{LoweringConfig, Target};
use ukernels::{Descriptor, UKernel};

pub use crate::call_builder::{Arg, CallPlan, Coord, Extent};
pub use crate::pass_support::PassInfo;

/// The families of this crate, in the order selection asks them.
pub static FAMILIES: &[&dyn Family] = &[&argmax::Argmax, &matmul::Matmul];

/// Families registered at run time (an embedder's, a test's), after
/// [`FAMILIES`].
static REGISTERED: RwLock<Vec<&'static dyn Family>> = RwLock::new(Vec::new());

/// Every family, in the order selection asks them: [`FAMILIES`], then those
/// registered with [`register`].
pub fn families() -> Vec<&'static dyn Family> {
    let registered = REGISTERED.read().unwrap_or_else(|p| p.into_inner());
    FAMILIES.iter().copied().chain(registered.iter().copied()).collect()
}

/// A family [`register`] refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RegisterError {
    #[error("family '{0}' is registered already")]
    Duplicate(&'static str),
    #[error(
        "family '{0}' has passes of its own, and the project's passes are registered already: register the family \
         before the first compile"
    )]
    PassesRegistered(&'static str),
}

/// Adds a family from outside this crate: its matcher, configuration and
/// call (this trait), beside its ukernels in the library's registry
/// (`ukernels::register_variants`). Selection asks it after this crate's
/// families, in registration order. A family with passes of its own must
/// be registered before the project's passes are (the first compile).
pub fn register(family: &'static dyn Family) -> Result<(), RegisterError> {
    let mut registered = REGISTERED.write().unwrap_or_else(|p| p.into_inner());
    if FAMILIES.iter().chain(registered.iter()).any(|f| f.name() == family.name()) {
        return Err(RegisterError::Duplicate(family.name()));
    }
    if !family.passes().is_empty() && crate::pass_support::passes_fixed() {
        return Err(RegisterError::PassesRegistered(family.name()));
    }
    registered.push(family);
    Ok(())
}

/// The family named `name`.
pub fn family(name: &str) -> Option<&'static dyn Family> {
    families().into_iter().find(|f| f.name() == name)
}

/// What a family's matcher found in an op.
pub struct Match {
    /// Element types of the op's operands (inputs, then inits), compared
    /// with each variant's `operand_types`.
    pub operand_types: Vec<String>,
    /// What the op computes where the family's variants differ (their
    /// `semantics` tag); `None` when they do not.
    pub semantics: Option<&'static str>,
    /// The op in a few words, for remarks (e.g. `bf16 x bf16 -> f32, M = 1`).
    pub summary: String,
    /// The family's own facts, for its later steps.
    pub facts: Box<dyn Any>,
}

impl Match {
    /// The family's facts, as the family stored them.
    pub fn facts<T: 'static>(&self) -> &T {
        self.facts.downcast_ref().expect("a family reads back the facts it stored")
    }

    /// Whether `ukernel` takes the op's operand types and has its semantics.
    pub fn types_and_semantics_fit(&self, ukernel: &UKernel) -> bool {
        ukernel.operand_types.iter().copied().eq(self.operand_types.iter().map(String::as_str))
            && self.semantics.is_none_or(|s| ukernel.tag("semantics") == Some(s))
    }
}

/// How one variant would implement a matched op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub workgroup: Vec<i64>,
    pub reduction: Vec<i64>,
    pub workgroup_size: [i64; 3],
    /// Family parameters recorded in the lowering config.
    pub params: Vec<(String, i64)>,
    /// The family's rank among its candidates: lower is better.
    pub rank: i64,
    /// What the configuration is, for the remark.
    pub summary: String,
}

/// A value a reference records: which argument, or a fact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefValue {
    Int(i64),
    Str(String),
}

/// Buffers the call emission provides on request (private globals of the
/// owner module, read at the call site).
pub trait Globals<'c, 'a> {
    /// The context the call is built in.
    fn context(&self) -> &'c melior::Context;

    /// A zero-initialised buffer of `count` elements of `element`: a fresh
    /// one when `unique` (the ukernel writes to it), else one shared by every
    /// call asking for the same type and size (never written).
    fn zeroed(&mut self, element: Type<'c>, count: u64, unique: bool) -> Result<Value<'c, 'a>, String>;

    /// Adds a function of the owner module named after `prefix` (made
    /// unique), built by `build` from its name; returns the name.
    fn add_function(
        &mut self,
        prefix: &str,
        build: &dyn Fn(&str) -> Result<melior::ir::Operation<'c>, String>,
    ) -> Result<String, String>;
}

/// One ukernel family.
pub trait Family: Sync {
    /// Its name, as in the registry and the `ukernels` selection.
    fn name(&self) -> &'static str;

    /// Whether `op` is this family's computation: what it found, or why not
    /// (a sentence fragment for the remark).
    fn match_op(&self, op: &OperationRef) -> Result<Match, String>;

    /// Whether `ukernel` computes the matched op at all (its types, layouts,
    /// semantics). Variants that do not are not candidates and go unmentioned.
    fn is_candidate(&self, found: &Match, ukernel: &UKernel) -> bool {
        found.types_and_semantics_fit(ukernel)
    }

    /// The configuration of `ukernel` for the matched op on `target`, or why
    /// it does not fit (shape constraints and the like).
    fn configure(&self, found: &Match, ukernel: &UKernel, target: &Target) -> Result<Plan, String>;

    /// Other configurations of `ukernel` for the matched op that
    /// measurement may choose where the rules would not (the K split of a
    /// persistent matmul, say): `ukc tune` offers each as a candidate
    /// `<symbol>@<option>`, and a tuning record or pin naming one gets
    /// [`Self::configure_option`]'s plan. None by default.
    fn options(&self, _found: &Match, _ukernel: &UKernel, _target: &Target) -> Vec<String> {
        Vec::new()
    }

    /// `ukernel` configured with `option` (one of [`Self::options`]), or why
    /// that does not fit.
    fn configure_option(
        &self,
        _found: &Match,
        ukernel: &UKernel,
        _target: &Target,
        option: &str,
    ) -> Result<Plan, String> {
        Err(format!("{} has no option '{option}'", ukernel.symbol))
    }

    /// Whether the family's ukernels absorb the dispatch's other compute ops
    /// `others` (besides fills) through a fusion point: a few words on what
    /// is fused, or why they cannot be.
    fn fuse(&self, _op: &OperationRef, others: &[OperationRef]) -> Result<String, String> {
        let other = others.first().map(crate::ir::name).unwrap_or_default();
        Err(format!(
            "the dispatch also computes '{other}', which its ukernels cannot absorb; put it in a dispatch of its own"
        ))
    }

    /// The call that replaces `op` (on memrefs) under `config`, of the
    /// ukernel the op's spec describes.
    fn call<'c, 'a>(
        &self,
        op: &OperationRef<'c, 'a>,
        config: &LoweringConfig,
        ukernel: &Descriptor,
        globals: &mut dyn Globals<'c, 'a>,
    ) -> Result<CallPlan<'c, 'a>, String>;

    /// What a CPU reference needs to check the dispatch `func` whose root op
    /// `op` matched: `(key, value)` pairs, argument numbers among them;
    /// none when the family's references do not replay the op (the MLIR
    /// reference of `ukc compile --reference` checks it).
    fn reference(&self, found: &Match, op: &OperationRef, func: &OperationRef) -> Vec<(&'static str, RefValue)>;

    /// A CPU reference for a root op the matcher rejected but whose
    /// computation the family's references can still replay (forms no
    /// ukernel implements, which the default lowering runs), so that its
    /// kernel is checked too. None by default.
    fn default_reference(&self, _op: &OperationRef, _func: &OperationRef) -> Option<Vec<(&'static str, RefValue)>> {
        None
    }

    /// Whether the default lowering can split `op`'s reduction over the
    /// threads of a workgroup and still compute exactly what the op
    /// computes (a fold the family models): a few words for the remark, or
    /// None (the reduction stays whole in one thread).
    fn default_split(&self, _op: &OperationRef) -> Option<String> {
        None
    }

    /// The split form of `op` (on memrefs), built with op builders: the
    /// `memref.global`s it reads, and the ops that replace `op` on its
    /// operands, with one workgroup (`block_x`) per result and
    /// [`SPLIT_THREADS`](crate::names::SPLIT_THREADS) threads
    /// (`thread_x`) splitting the reduction. None when the family does not
    /// model `op`.
    fn split_form<'c>(
        &self,
        _context: &'c melior::Context,
        _op: &OperationRef<'c, '_>,
    ) -> Option<Result<argmax_split::SplitForm<'c>, String>> {
        None
    }

    /// The keys of [`reference`](Self::reference) whose values are argument
    /// numbers: the roles the arguments are named by in packages.
    fn argument_roles(&self) -> &'static [&'static str];

    /// Whether kernels of this family that differ only in sizes may run one
    /// code with the sizes as launch arguments (`ukernel-share-kernel-code`):
    /// true where the ukernels take their sizes as arguments anyway and
    /// constant sizes buy nothing measurable. False keeps a kernel per shape.
    fn shares_code_across_sizes(&self) -> bool {
        false
    }

    /// The family's own passes, registered by name with the rest and run in
    /// this order in the configured stage before fusion and KernelConfig:
    /// rewrites that bring the forms frontends write to the family's.
    fn passes(&self) -> &'static [PassInfo] {
        &[]
    }

    /// Those of [`passes`](Self::passes) that change what the module
    /// computes (under an explicit option of the module's): the CPU
    /// reference runs them too, so that it checks what was asked for.
    fn reference_passes(&self) -> &'static [&'static str] {
        &[]
    }
}

/// Every family's own passes, in pipeline order.
pub fn family_passes() -> Vec<&'static PassInfo> {
    families().into_iter().flat_map(|f| f.passes()).collect()
}

/// The argument number of `v` in `func`, or -1.
pub(crate) fn arg_number(v: Value, func: &OperationRef) -> i64 {
    crate::ir::func_arg_number(v, func).map_or(-1, |n| n as i64)
}
