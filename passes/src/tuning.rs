//! Measured choices for `ukernel-kernel-config`: a kernel's signature (what
//! a tuning record is keyed by), the records of the module's tuning file,
//! and choices pinned on a function.
//!
//! - `ukernel.tuning_file = "<path>"` on the module names a tuning file
//!   (`ukernels::tuning`); `ukernel.tuning_gpu = "<name>"` and
//!   `ukernel.tuning_driver = "<version>"` restrict it to records measured
//!   on that GPU and with that CUDA driver. A root whose signature and arch have a
//!   record gets the record's fastest candidate where it fits.
//! - `ukernel.choices = {"<signature>" = "<ukernel symbol or default>"}` on
//!   a function pins the choice for its roots of those signatures (`ukc
//!   tune` builds one copy of a function per candidate this way).
//! - `ukernel.tune_probe` (unit) on the module: each root gets
//!   `ukernel.tune_signature` and `ukernel.tune_candidates` (every candidate
//!   that fits, then `default`), which `ukc tune` reads.

use std::{
    collections::HashMap,
    path::PathBuf,
    sync::{Arc, Mutex},
};

use melior::ir::{
    Attribute, OperationRef, ValueLike,
    attribute::{ArrayAttribute, DictionaryAttribute},
    operation::OperationLike,
};
use ukernels::tuning::{DEFAULT_PATH, TuningError, TuningFile, format_micros};

use crate::ir::name;

pub const TUNING_FILE_ATTR: &str = "ukernel.tuning_file";
pub const TUNING_GPU_ATTR: &str = "ukernel.tuning_gpu";
pub const TUNING_DRIVER_ATTR: &str = "ukernel.tuning_driver";
pub const CHOICES_ATTR: &str = "ukernel.choices";
pub const PROBE_ATTR: &str = "ukernel.tune_probe";
pub const SIGNATURE_ATTR: &str = "ukernel.tune_signature";
pub const CANDIDATES_ATTR: &str = "ukernel.tune_candidates";

/// What a kernel computes, in one line: the family, the root op with its
/// operand and result types, its maps and iterators when it has them, the
/// ops of its body, and the ops fused into it with theirs. Two roots with
/// one signature compile to the same kernel; SSA names and locations are
/// not part of it.
pub fn signature(family: &str, root: &OperationRef, fused: &[OperationRef]) -> String {
    let mut fused: Vec<String> = fused.iter().map(describe).collect();
    fused.sort();
    let mut text = format!("{family} {}", describe(root));
    if !fused.is_empty() {
        text += &format!(" fused [{}]", fused.join(", "));
    }
    text
}

fn describe(op: &OperationRef) -> String {
    let operands: Vec<String> = op.operands().map(|v| v.r#type().to_string()).collect();
    let results: Vec<String> = op.results().map(|v| v.r#type().to_string()).collect();
    let mut text = format!("{}({}) -> ({})", name(op), operands.join(", "), results.join(", "));
    for attr in ["indexing_maps", "iterator_types"] {
        if let Ok(a) = op.attribute(attr) {
            text += &format!(" {attr} = {a}");
        }
    }
    let body: Vec<String> = crate::ir::body_ops(op).iter().map(name).filter(|n| n != "linalg.yield").collect();
    if !body.is_empty() {
        text += &format!(" {{{}}}", body.join(" "));
    }
    text
}

/// A choice made other than by the rules, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Pin {
    /// A ukernel symbol or [`DEFAULT_PATH`].
    pub choice: String,
    /// For the remark: "chosen by measurement on ...", "pinned by ...".
    pub reason: String,
}

impl Pin {
    pub fn is_default_path(&self) -> bool {
        self.choice == DEFAULT_PATH
    }
}

/// The measured and pinned choices that apply to one function's roots.
#[derive(Default)]
pub struct Choices {
    file: Option<(PathBuf, Arc<TuningFile>)>,
    gpu: Option<String>,
    driver: Option<String>,
    pinned: Vec<(String, String)>,
    /// Whether roots are annotated for `ukc tune`.
    pub probe: bool,
    /// Whether FP8 matmuls may sum on tensor cores (the module's
    /// `ukernel.fp8_sums = "tensor-core"`): then the rules choose the
    /// ukernels tagged so.
    pub fp8_tensor_core_sums: bool,
}

impl Choices {
    /// The module's tuning settings; an unreadable or malformed tuning
    /// file is an error (its message located in the file).
    pub fn of_module(module: &OperationRef) -> Result<Self, TuningError> {
        let string = |attr| module.attribute(attr).ok().and_then(ukernel_dialect::string_value);
        let file = match string(TUNING_FILE_ATTR) {
            Some(path) => {
                let path = PathBuf::from(path);
                Some((path.clone(), load(&path)?))
            }
            None => None,
        };
        Ok(Self {
            file,
            gpu: string(TUNING_GPU_ATTR),
            driver: string(TUNING_DRIVER_ATTR),
            pinned: Vec::new(),
            probe: module.attribute(PROBE_ATTR).is_ok(),
            fp8_tensor_core_sums: string(crate::names::FP8_SUMS_ATTR).as_deref()
                == Some(crate::names::FP8_TENSOR_CORE_SUMS),
        })
    }

    /// Whether any choice can apply (a tuning file, a pin) or the probe is
    /// on: otherwise no signature is needed.
    pub fn is_active(&self) -> bool {
        self.file.is_some() || !self.pinned.is_empty() || self.probe
    }

    /// These choices with the pins of `func` (`ukernel.choices`).
    pub fn for_function(&self, func: &OperationRef) -> Self {
        let pinned = func
            .attribute(CHOICES_ATTR)
            .ok()
            .and_then(|a| DictionaryAttribute::try_from(a).ok())
            .map(|d| {
                (0..d.len())
                    .filter_map(|i| d.element(i).ok())
                    .filter_map(|(key, value)| {
                        Some((key.as_string_ref().as_str().ok()?.to_string(), ukernel_dialect::string_value(value)?))
                    })
                    .collect()
            })
            .unwrap_or_default();
        Self {
            file: self.file.clone(),
            gpu: self.gpu.clone(),
            driver: self.driver.clone(),
            pinned,
            probe: self.probe,
            fp8_tensor_core_sums: self.fp8_tensor_core_sums,
        }
    }

    /// The pin for a kernel of `signature` on `arch`, if any, and notes on
    /// records that matched it but were ignored. A function's own pin wins
    /// over the tuning file.
    pub fn pin(&self, signature: &str, arch: &str) -> (Option<Pin>, Vec<String>) {
        if let Some((_, choice)) = self.pinned.iter().find(|(s, _)| s == signature) {
            return (
                Some(Pin { choice: choice.clone(), reason: format!("pinned by the function's {CHOICES_ATTR}") }),
                vec![],
            );
        }
        let Some((path, file)) = &self.file else { return (None, vec![]) };
        let (record, notes) = file.lookup(signature, arch, self.gpu.as_deref(), self.driver.as_deref());
        let Some(record) = record else {
            let mut notes = notes;
            notes.push(format!("no record in {} for this kernel on {arch}; chosen by the rules", path.display()));
            return (None, notes);
        };
        let ranked = record.ranked();
        let (choice, micros) = ranked[0];
        let others: Vec<String> =
            ranked[1..].iter().map(|(c, t)| format!("{} {}", describe_choice(c), format_micros(*t))).collect();
        let mut reason = format!("chosen by measurement on {}: {}", record.gpu, format_micros(micros));
        if !others.is_empty() {
            reason += &format!("; next: {}", others.join(", "));
        }
        (Some(Pin { choice: choice.to_string(), reason }), notes)
    }
}

fn describe_choice(choice: &str) -> &str {
    if choice == DEFAULT_PATH { "default path" } else { choice }
}

/// Reads `path` once per process for each state of the file (its length
/// and modification time), so that the compile of every arch and part
/// shares one parse.
fn load(path: &std::path::Path) -> Result<Arc<TuningFile>, TuningError> {
    type Key = (PathBuf, u64, Option<std::time::SystemTime>);
    static CACHE: Mutex<Option<HashMap<Key, Arc<TuningFile>>>> = Mutex::new(None);
    let meta = std::fs::metadata(path).map_err(|error| TuningError::Io { path: path.display().to_string(), error })?;
    let key = (path.to_path_buf(), meta.len(), meta.modified().ok());
    if let Some(file) = CACHE.lock().ok().and_then(|c| c.as_ref()?.get(&key).cloned()) {
        return Ok(file);
    }
    let file = Arc::new(TuningFile::read(path)?);
    if let Ok(mut cache) = CACHE.lock() {
        cache.get_or_insert_default().insert(key, file.clone());
    }
    Ok(file)
}

/// Marks `root` for `ukc tune`: its signature and its candidates.
pub fn annotate(context: &melior::Context, root: &OperationRef, signature: &str, candidates: &[String]) {
    use melior::ir::{attribute::StringAttribute, operation::OperationMutLike};
    let mut op = crate::ir::mutable(root);
    op.set_attribute(SIGNATURE_ATTR, StringAttribute::new(context, signature).into());
    let list: Vec<Attribute> = candidates.iter().map(|c| StringAttribute::new(context, c).into()).collect();
    op.set_attribute(CANDIDATES_ATTR, ArrayAttribute::new(context, &list).into());
}
