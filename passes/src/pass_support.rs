//! What every pass of this project is made of: a module pass whose body
//! runs guarded (a panic becomes an error at the op), with the `ukernel`
//! dialect loaded, and what describes one (`PassInfo`). The passes use this
//! module; `registration` lists them.

use std::sync::atomic::{AtomicBool, Ordering};

use melior::pass::Pass;

/// Runs a pass body on `op`'s context so that a bug inside it is reported as
/// an error at `op` and fails the pass, instead of unwinding into MLIR's C++
/// (which would abort the process). `body` returns false on failure.
pub(crate) fn run_guarded(
    argument: &str,
    op: &melior::ir::OperationRef,
    pass: &melior::pass::ExternalPass,
    body: impl FnOnce(&melior::Context) -> bool,
) {
    use melior::ir::operation::OperationLike;
    // `to_ref` borrows the ContextRef, so it must live as long as the body
    // uses the context (a temporary here would dangle).
    let context_ref = op.context();
    // SAFETY: the context outlives the pass run, and `context_ref` outlives
    // every use of `context` in this function.
    let context: &melior::Context = unsafe { context_ref.to_ref() };
    let ok = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(context))) {
        Ok(ok) => ok,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            ukernel_dialect::emit_error(op.location(), &format!("internal error in {argument}: {what}"));
            false
        }
    };
    if !ok {
        pass.signal_failure();
    }
}

/// The identity of one pass type for MLIR (the address of a static).
#[repr(align(8))]
pub(crate) struct PassId;

/// A pass anchored on `builtin.module` whose work is `body`, run through
/// [`run_guarded`]. Every pass of this project is one.
#[derive(Clone)]
struct ModulePass {
    argument: &'static str,
    body: fn(&melior::Context, &melior::ir::OperationRef) -> bool,
}

/// Loads the `ukernel` dialect before a pass runs: a host's context loads it
/// lazily, when the parser first meets `#ukernel.*`, and an input without
/// any has not. Pass initialization runs before any thread starts.
pub(crate) fn ensure_dialect(context: melior::ContextRef) {
    let context_ref = context;
    // SAFETY: as in `run_guarded`: the context outlives the initialization.
    let context: &melior::Context = unsafe { context_ref.to_ref() };
    if let Err(e) = ukernel_dialect::load_ukernel_dialect(context) {
        eprintln!("error: {e}");
    }
    // The lowering builds `llvm.mlir.zero` and `!llvm.ptr` (fusion points);
    // the split reductions parse scf/memref/arith/gpu/nvvm text.
    for dialect in ["llvm", "arith", "scf", "memref", "gpu", "nvvm", "func"] {
        context.get_or_load_dialect(dialect);
    }
}

impl<'c> melior::pass::RunExternalPass<'c> for ModulePass {
    fn initialize(&mut self, context: melior::ContextRef<'c>) {
        ensure_dialect(context);
    }

    fn run(&mut self, module: melior::ir::OperationRef<'c, '_>, pass: melior::pass::ExternalPass<'_>) {
        let body = self.body;
        run_guarded(self.argument, &module, &pass, |context| body(context, &module));
    }
}

/// A new instance of a module pass: `id` names its type, `name` is its C++
/// class name in MLIR's dumps, `argument` its pipeline name.
pub(crate) fn module_pass(
    id: &'static PassId,
    name: &str,
    argument: &'static str,
    summary: &str,
    body: fn(&melior::Context, &melior::ir::OperationRef) -> bool,
) -> Pass {
    melior::pass::create_external(
        ModulePass { argument, body },
        melior::ir::r#type::TypeId::create(id),
        name,
        argument,
        summary,
        "builtin.module",
        &[],
    )
}

/// A pass of this project: its pipeline name, a one-line summary, and how to
/// create a fresh instance.
pub struct PassInfo {
    pub argument: &'static str,
    pub summary: &'static str,
    pub create: fn() -> Pass,
}

/// The [`PassInfo`] of a pass module (its `ARGUMENT`, `SUMMARY` and
/// `create`).
macro_rules! pass_info {
    ($($module:ident)::+) => {
        $crate::pass_support::PassInfo {
            argument: $($module)::+::ARGUMENT,
            summary: $($module)::+::SUMMARY,
            create: $($module)::+::create,
        }
    };
}
pub(crate) use pass_info;

/// Set once the project's passes are fixed (being registered with MLIR):
/// a family registered later cannot add passes of its own.
static PASSES_FIXED: AtomicBool = AtomicBool::new(false);

pub(crate) fn fix_passes() {
    PASSES_FIXED.store(true, Ordering::Release);
}

/// Whether the project's passes are fixed (see [`fix_passes`]).
pub(crate) fn passes_fixed() -> bool {
    PASSES_FIXED.load(Ordering::Acquire)
}
