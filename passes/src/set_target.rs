//! `ukernel-set-target{arch=<sm_XY[a]> ukernels=<all|none|a,b>}`: sets the
//! module's `#ukernel.target`, keeping whatever the module's own target says
//! for the fields not given (a module without one starts from sm_90, all
//! ukernels).
//!
//! Registered as a pass pipeline with options (passes created from Rust take
//! none), so that plain `mlir-opt` with the plugin can choose the target
//! without editing the input; `ukernel-opt --ukernel-target/--ukernels`
//! prepend the same pass. The options are validated when the pipeline is
//! built, so a bad value is a pipeline error before any IR is read.

use melior::{
    Context,
    ir::{OperationRef, operation::OperationLike, operation::OperationMutLike},
    pass::Pass,
};
use ukernel_dialect::{GpuArch, TARGET_ATTR, Target, UKernelSelection, emit_error};

pub const ARGUMENT: &str = "ukernel-set-target";
pub const SUMMARY: &str = "Set the module's #ukernel.target (options: arch=sm_XY[a], ukernels=all|none|a,b)";

/// The validated options of one instance.
#[derive(Clone, Debug, Default)]
pub struct TargetOverride {
    pub arch: Option<GpuArch>,
    pub ukernels: Option<UKernelSelection>,
}

impl TargetOverride {
    /// Parses the option values; empty means "not given". Errors name the
    /// pipeline's options.
    pub fn parse(arch: &str, ukernels: &str) -> Result<Self, String> {
        Ok(Self {
            arch: Self::parse_arch(arch).map_err(|e| format!("{ARGUMENT}: arch: {e}"))?,
            ukernels: Self::parse_ukernels(ukernels).map_err(|e| format!("{ARGUMENT}: ukernels: {e}"))?,
        })
    }

    /// One `arch` value; empty means "not given".
    pub fn parse_arch(arch: &str) -> Result<Option<GpuArch>, String> {
        match arch.trim() {
            "" => Ok(None),
            a => GpuArch::parse_known(a).map(Some).map_err(|e| e.to_string()),
        }
    }

    /// One `ukernels` value; empty means "not given".
    pub fn parse_ukernels(ukernels: &str) -> Result<Option<UKernelSelection>, String> {
        match ukernels.trim() {
            "" => Ok(None),
            u => Self::parse_known_ukernels(u).map(Some),
        }
    }

    /// A `ukernels` value as every tool takes it (`ukc --ukernels`,
    /// `ukernel-opt --ukernels`, this pass's option): `all`, `none` or a
    /// list of the registry's families; anything else, the empty value
    /// included, is an error in the same words everywhere.
    pub fn parse_known_ukernels(ukernels: &str) -> Result<UKernelSelection, String> {
        let known = ukernels::registry().families();
        if ukernels.trim().is_empty() {
            return Err(format!("empty; expected all, none or a list of families ({})", known.join(", ")));
        }
        let selection = UKernelSelection::parse(ukernels.trim())?;
        if let UKernelSelection::List(names) = &selection
            && let Some(unknown) = names.iter().find(|n| !known.contains(&n.as_str()))
        {
            return Err(format!("unknown family '{unknown}' (families: {}; or all, none)", known.join(", ")));
        }
        Ok(selection)
    }

    /// The pipeline text that builds this instance again, e.g.
    /// `ukernel-set-target{arch=sm_80 ukernels=argmax,matmul}`.
    pub fn textual(&self) -> String {
        let mut options = Vec::new();
        if let Some(arch) = &self.arch {
            options.push(format!("arch={arch}"));
        }
        if let Some(list) = &self.ukernels {
            options.push(format!("ukernels={}", list.to_text()));
        }
        format!("{ARGUMENT}{{{}}}", options.join(" "))
    }

    fn apply(&self, context: &Context, module: &OperationRef) -> Result<(), String> {
        let mut target = match module.attribute(TARGET_ATTR) {
            Ok(a) => Target::try_from(a).map_err(|e| e.to_string())?,
            Err(_) => Target::new(90, UKernelSelection::All),
        };
        if let Some(arch) = &self.arch {
            target.sm = arch.sm;
            target.specific = arch.specific;
            target.family = arch.family;
        }
        if let Some(list) = &self.ukernels {
            target.ukernels = list.clone();
        }
        let attr = target.to_attribute(context).map_err(|e| e.to_string())?;
        crate::ir::mutable(&module).set_attribute(TARGET_ATTR, attr);
        Ok(())
    }
}

#[derive(Clone)]
struct SetTarget(TargetOverride);

impl<'c> melior::pass::RunExternalPass<'c> for SetTarget {
    fn initialize(&mut self, context: melior::ContextRef<'c>) {
        crate::pass_support::ensure_dialect(context);
    }

    fn run(&mut self, module: OperationRef<'c, '_>, pass: melior::pass::ExternalPass<'_>) {
        crate::pass_support::run_guarded(ARGUMENT, &module, &pass, |context| match self.0.apply(context, &module) {
            Ok(()) => true,
            Err(e) => {
                emit_error(module.location(), &format!("{ARGUMENT}: {e}"));
                false
            }
        });
    }
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// Interns `text` for the life of the process (pass arguments are borrowed
/// by MLIR); one entry per distinct option set.
fn intern(text: String) -> &'static str {
    use std::{collections::HashSet, sync::Mutex};
    static SEEN: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    let seen = seen.get_or_insert_with(HashSet::new);
    if let Some(s) = seen.get(text.as_str()) {
        return s;
    }
    let s: &'static str = Box::leak(text.into_boxed_str());
    seen.insert(s);
    s
}

/// A new instance that applies `with`. Its pipeline argument carries the
/// options (passes created from Rust cannot print options otherwise), so
/// that a printed pipeline, e.g. in a crash reproducer, parses back to the
/// same pass.
pub fn create(with: TargetOverride) -> Pass {
    let argument = intern(with.textual());
    melior::pass::create_external(
        SetTarget(with),
        melior::ir::r#type::TypeId::create(&PASS_ID),
        "UKernelSetTarget",
        argument,
        SUMMARY,
        "builtin.module",
        &[],
    )
}
