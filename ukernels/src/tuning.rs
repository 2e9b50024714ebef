//! Tuning records: which candidate (a ukernel variant or the default path)
//! measured fastest for a kernel on a GPU. `ukc tune` writes them,
//! `ukernel-kernel-config` takes the measured best where a record matches.
//!
//! The file is JSON:
//!
//! ```json
//! { "format": "ukernel-tuning", "version": 1,
//!   "records": [
//!     { "signature": "matmul linalg.generic (tensor<512x4096xbf16>, ...) ...",
//!       "arch": "sm_90a", "gpu": "NVIDIA H100 80GB HBM3",
//!       "compute_capability": "9.0", "driver": "13000",
//!       "library": "3f0c9a...",
//!       "candidates": [
//!         { "choice": "uk_matmul_wgmma_bf16_nk", "micros": 412.5 },
//!         { "choice": "default", "micros": 9800.0 },
//!         { "choice": "uk_matmul_tile_bf16_nk", "rejected": "3 mismatches" } ] } ] }
//! ```
//!
//! A record applies to a kernel whose signature and arch are the record's,
//! compiled against the same ukernel library (`library`, a hash of every
//! ukernel's bitcode); records of another library are ignored with a note,
//! as are records of another GPU when the compile names one. This crate
//! has no MLIR: the signature is computed by the passes and read here as
//! an opaque string.

use std::{path::Path, sync::OnceLock};

use serde::{Deserialize, Deserializer, Serialize};
use sha2::Digest;

/// The `format` field every tuning file has.
pub const FORMAT: &str = "ukernel-tuning";
/// The version this library reads and writes.
pub const VERSION: u32 = 1;
/// The `choice` that names the default path (no ukernel).
pub const DEFAULT_PATH: &str = "default";

/// A tuning file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TuningFile {
    #[serde(deserialize_with = "format_field")]
    pub format: String,
    #[serde(deserialize_with = "version_field")]
    pub version: u32,
    pub records: Vec<Record>,
}

/// The measurements of one kernel on one GPU.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// What the kernel computes, as `ukernel-kernel-config` describes its
    /// root: family, op, types, maps and fused ops.
    #[serde(deserialize_with = "non_empty")]
    pub signature: String,
    /// The arch the candidates were compiled for (`sm_90a`).
    #[serde(deserialize_with = "non_empty")]
    pub arch: String,
    /// The GPU's name as the driver reports it.
    pub gpu: String,
    /// `major.minor`.
    pub compute_capability: String,
    /// The CUDA driver version (`cuDriverGetVersion`: 13000 for 13.0).
    pub driver: String,
    /// [`library_hash`] of the ukernels the candidates were built from.
    #[serde(deserialize_with = "non_empty")]
    pub library: String,
    #[serde(deserialize_with = "some_candidates")]
    pub candidates: Vec<Measured>,
}

/// One candidate's outcome: a time, or why it was dropped.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Measured {
    /// A ukernel symbol, or [`DEFAULT_PATH`].
    #[serde(deserialize_with = "non_empty")]
    pub choice: String,
    /// Median time of the kernel's function in microseconds.
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "positive_time")]
    pub micros: Option<f64>,
    /// Why the candidate was not timed (it failed its check, or to build).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rejected: Option<String>,
}

/// What `ukc tune` compiled for measurement (`plan.json` beside the
/// candidates' package): per kernel, the function that runs each candidate.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TunePlan {
    #[serde(deserialize_with = "plan_format_field")]
    pub format: String,
    #[serde(deserialize_with = "version_field")]
    pub version: u32,
    pub arch: String,
    /// [`library_hash`] of the compiler that built the candidates.
    pub library: String,
    pub kernels: Vec<PlannedKernel>,
}

/// One kernel to tune: its signature, where it was found, what the rules
/// chose, and its candidates.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlannedKernel {
    pub signature: String,
    /// The input's function it was found in.
    pub function: String,
    /// The rules' choice (a ukernel symbol or [`DEFAULT_PATH`]).
    pub rules: String,
    pub candidates: Vec<PlannedCandidate>,
}

/// One candidate: the copy of the function that runs it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlannedCandidate {
    pub choice: String,
    pub function: String,
}

/// The `format` of a [`TunePlan`].
pub const PLAN_FORMAT: &str = "ukernel-tune-plan";

impl TunePlan {
    pub fn new(arch: &str) -> Self {
        Self {
            format: PLAN_FORMAT.into(),
            version: VERSION,
            arch: arch.into(),
            library: library_hash().into(),
            kernels: Vec::new(),
        }
    }

    pub fn parse(text: &str, path: &str) -> Result<Self, TuningError> {
        parse_json(text, path)
    }

    pub fn to_json(&self) -> String {
        pretty_json(self)
    }
}

fn plan_format_field<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let s = String::deserialize(d)?;
    if s != PLAN_FORMAT {
        return Err(serde::de::Error::custom(format!("format \"{s}\" is not a tune plan (\"{PLAN_FORMAT}\")")));
    }
    Ok(s)
}

/// `text` as a `T`; every fault an error at its line and column of `path`.
fn parse_json<T: serde::de::DeserializeOwned>(text: &str, path: &str) -> Result<T, TuningError> {
    serde_json::from_str(text).map_err(|e| TuningError::Syntax {
        path: path.to_string(),
        line: e.line().max(1),
        column: e.column().max(1),
        message: e.to_string().rsplit_once(" at line ").map_or(e.to_string(), |(m, _)| m.to_string()),
    })
}

/// Indented JSON with a final newline.
fn pretty_json<T: Serialize>(value: &T) -> String {
    let mut text = serde_json::to_string_pretty(value).expect("plain data serializes");
    text.push('\n');
    text
}

#[derive(Debug, thiserror::Error)]
pub enum TuningError {
    #[error("{path}: error: cannot read the tuning file: {error}")]
    Io { path: String, error: std::io::Error },
    #[error("{path}:{line}:{column}: error: {message}")]
    Syntax { path: String, line: usize, column: usize, message: String },
}

impl Default for TuningFile {
    fn default() -> Self {
        Self { format: FORMAT.into(), version: VERSION, records: Vec::new() }
    }
}

impl TuningFile {
    /// Reads and checks `path`; every fault (syntax, another format or
    /// version, a missing field, a time that is not positive) is an error
    /// at its line and column.
    pub fn read(path: &Path) -> Result<Self, TuningError> {
        let shown = path.display().to_string();
        let io = |error| TuningError::Io { path: shown.clone(), error };
        let text = read_text(path).map_err(io)?;
        Self::parse(&text, &shown)
    }

    /// Parses `text`, named `path` in errors.
    pub fn parse(text: &str, path: &str) -> Result<Self, TuningError> {
        parse_json(text, path)
    }

    pub fn to_json(&self) -> String {
        pretty_json(self)
    }

    /// Adds `records`, each replacing a record of the same kernel, arch,
    /// GPU, driver and library.
    pub fn merge(&mut self, records: impl IntoIterator<Item = Record>) {
        for r in records {
            match self.records.iter_mut().find(|have| have.same_key(&r)) {
                Some(have) => *have = r,
                None => self.records.push(r),
            }
        }
    }

    /// The record for a kernel of `signature` compiled for `arch`, if one
    /// applies, and a note for each one that matched the kernel but was
    /// ignored (another ukernel library, another GPU than `gpu` or another
    /// driver than `driver`, where they are given).
    pub fn lookup(
        &self,
        signature: &str,
        arch: &str,
        gpu: Option<&str>,
        driver: Option<&str>,
    ) -> (Option<&Record>, Vec<String>) {
        let mut notes = Vec::new();
        let mut found = None;
        for r in self.records.iter().filter(|r| r.signature == signature && r.arch == arch) {
            if r.library != library_hash() {
                notes.push(format!(
                    "the record measured on {} is ignored: it was made with ukernel library {}, this is {}",
                    r.gpu,
                    r.library,
                    library_hash()
                ));
            } else if let Some(g) = gpu.filter(|g| *g != r.gpu) {
                notes.push(format!("the record measured on {} is ignored: the target GPU is {g}", r.gpu));
            } else if let Some(d) = driver.filter(|d| *d != r.driver) {
                notes.push(format!(
                    "the record measured on {} is ignored: it was made with CUDA driver {}, this machine's is {d}",
                    r.gpu, r.driver
                ));
            } else if r.best().is_none() {
                notes.push(format!("the record measured on {} is ignored: every candidate was rejected", r.gpu));
            } else if found.is_none() {
                found = Some(r);
            }
        }
        (found, notes)
    }
}

impl Record {
    fn same_key(&self, other: &Record) -> bool {
        (&self.signature, &self.arch, &self.gpu, &self.driver, &self.library)
            == (&other.signature, &other.arch, &other.gpu, &other.driver, &other.library)
    }

    /// The timed candidates, fastest first.
    pub fn ranked(&self) -> Vec<(&str, f64)> {
        let mut timed: Vec<(&str, f64)> =
            self.candidates.iter().filter_map(|c| Some((c.choice.as_str(), c.micros?))).collect();
        timed.sort_by(|a, b| a.1.total_cmp(&b.1));
        timed
    }

    /// The fastest timed candidate.
    pub fn best(&self) -> Option<(&str, f64)> {
        self.ranked().first().copied()
    }
}

/// The most bytes a tuning file is read to.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// `path`'s text, read up to [`MAX_FILE_BYTES`]: a NUL byte (a device
/// such as `/dev/zero`, a binary file) or more bytes is an error at once,
/// not a hang or gigabytes of memory.
pub fn read_text(path: &Path) -> std::io::Result<String> {
    use std::io::{Error, ErrorKind};
    let nul = |b: &[u8]| b.contains(&0);
    let bytes = ukernel_runtime::bounded::read_up_to(std::fs::File::open(path)?, MAX_FILE_BYTES, nul)?;
    if nul(&bytes) {
        return Err(Error::new(ErrorKind::InvalidData, "a NUL byte: not JSON text"));
    }
    String::from_utf8(bytes).map_err(|_| Error::new(ErrorKind::InvalidData, "not UTF-8 text"))
}

/// `412 us`, `9.8 ms`: a time for a remark.
pub fn format_micros(micros: f64) -> String {
    if micros >= 1000.0 { format!("{:.1} ms", micros / 1000.0) } else { format!("{micros:.1} us") }
}

/// A hash of every ukernel's bitcode in this library (16 hex digits): a
/// record measured with other ukernels says nothing about these.
pub fn library_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        let mut h = sha2::Sha256::new();
        for (symbol, sm, specific, bytes) in crate::registry::all_bitcode() {
            h.update(symbol.as_bytes());
            h.update(sm.to_le_bytes());
            h.update([*specific as u8]);
            h.update((bytes.len() as u64).to_le_bytes());
            h.update(bytes);
        }
        hex::encode(&h.finalize()[..8])
    })
}

fn format_field<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let s = String::deserialize(d)?;
    if s != FORMAT {
        return Err(serde::de::Error::custom(format!("format \"{s}\" is not a tuning file (\"{FORMAT}\")")));
    }
    Ok(s)
}

fn version_field<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = u32::deserialize(d)?;
    if v != VERSION {
        return Err(serde::de::Error::custom(format!(
            "tuning file version {v}; this ukc reads version {VERSION} (re-run `ukc tune`)"
        )));
    }
    Ok(v)
}

fn non_empty<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let s = String::deserialize(d)?;
    if s.trim().is_empty() {
        return Err(serde::de::Error::custom("an empty string where a value is needed"));
    }
    Ok(s)
}

fn positive_time<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let t = f64::deserialize(d)?;
    if !(t.is_finite() && t > 0.0) {
        return Err(serde::de::Error::custom(format!("time {t} is not a positive number of microseconds")));
    }
    Ok(Some(t))
}

fn some_candidates<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Measured>, D::Error> {
    let v = Vec::<Measured>::deserialize(d)?;
    if v.is_empty() {
        return Err(serde::de::Error::custom("a record without candidates"));
    }
    if let Some(c) = v.iter().find(|c| c.micros.is_some() == c.rejected.is_some()) {
        return Err(serde::de::Error::custom(format!(
            "candidate '{}' needs exactly one of \"micros\" and \"rejected\"",
            c.choice
        )));
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(gpu: &str, library: &str, times: &[(&str, Option<f64>)]) -> Record {
        Record {
            signature: "matmul sig".into(),
            arch: "sm_90a".into(),
            gpu: gpu.into(),
            compute_capability: "9.0".into(),
            driver: "13000".into(),
            library: library.into(),
            candidates: times
                .iter()
                .map(|(c, t)| Measured {
                    choice: (*c).into(),
                    micros: *t,
                    rejected: t.is_none().then(|| "2 mismatches".to_string()),
                })
                .collect(),
        }
    }

    #[test]
    fn round_trips_and_ranks_by_time() {
        let mut file = TuningFile::default();
        file.merge([record(
            "H100",
            library_hash(),
            &[("uk_a", Some(655.0)), ("default", Some(9800.0)), ("uk_b", Some(412.0)), ("uk_c", None)],
        )]);
        let back = TuningFile::parse(&file.to_json(), "t.json").unwrap();
        assert_eq!(back, file);
        let r = &back.records[0];
        assert_eq!(r.best(), Some(("uk_b", 412.0)));
        assert_eq!(r.ranked().iter().map(|c| c.0).collect::<Vec<_>>(), ["uk_b", "uk_a", "default"]);
    }

    #[test]
    fn merge_replaces_the_same_kernel_on_the_same_gpu() {
        let mut file = TuningFile::default();
        file.merge([record("H100", "x", &[("uk_a", Some(1.0))]), record("H200", "x", &[("uk_a", Some(1.0))])]);
        file.merge([record("H100", "x", &[("uk_b", Some(2.0))])]);
        assert_eq!(file.records.len(), 2);
        assert_eq!(file.records[0].best(), Some(("uk_b", 2.0)));
    }

    #[test]
    fn lookup_ignores_other_libraries_and_gpus_with_a_note() {
        let mut file = TuningFile::default();
        file.merge([
            record("H100", "0123456789abcdef", &[("uk_a", Some(1.0))]),
            record("H200", library_hash(), &[("uk_b", Some(1.0))]),
        ]);
        let (found, notes) = file.lookup("matmul sig", "sm_90a", None, None);
        assert_eq!(found.map(|r| r.gpu.as_str()), Some("H200"));
        assert!(notes[0].contains("ukernel library 0123456789abcdef"), "{notes:?}");
        let (found, notes) = file.lookup("matmul sig", "sm_90a", Some("H100"), None);
        assert!(found.is_none());
        assert!(notes.iter().any(|n| n.contains("the target GPU is H100")), "{notes:?}");
        assert!(file.lookup("matmul sig", "sm_80", None, None).0.is_none());
        assert!(file.lookup("other", "sm_90a", None, None).0.is_none());
        let (found, notes) = file.lookup("matmul sig", "sm_90a", Some("H200"), Some("12080"));
        assert!(found.is_none());
        assert!(notes.iter().any(|n| n.contains("CUDA driver 13000, this machine's is 12080")), "{notes:?}");
        assert!(file.lookup("matmul sig", "sm_90a", Some("H200"), Some("13000")).0.is_some());
    }

    #[test]
    fn faults_are_errors_at_their_line_and_column() {
        let err = |text: &str| TuningFile::parse(text, "t.json").unwrap_err().to_string();
        assert_eq!(
            err("{\"format\": \"ukernel-tuning\", \"version\": 2, \"records\": []}"),
            "t.json:1:41: error: tuning file version 2; this ukc reads version 1 (re-run `ukc tune`)"
        );
        let other = err("{\"format\": \"other\"}");
        assert!(other.starts_with("t.json:1:19: error: format \"other\""), "{other}");
        assert!(err("{\"format\": \"ukernel-tuning\",\n \"version\": 1,\n \"records\": [}").starts_with("t.json:3:"));
        let no_time = "{\"format\": \"ukernel-tuning\", \"version\": 1, \"records\": [{\"signature\": \"s\", \"arch\": \
                       \"sm_90\", \"gpu\": \"g\", \"compute_capability\": \"9.0\", \"driver\": \"1\", \"library\": \
                       \"l\", \"candidates\": [{\"choice\": \"uk_a\", \"micros\": -3}]}]}";
        assert!(err(no_time).contains("time -3 is not a positive number"), "{}", err(no_time));
        assert!(err("").starts_with("t.json:1:1: error: EOF"), "{}", err(""));
    }

    #[test]
    fn a_device_or_binary_file_is_an_error_at_once() {
        let err = TuningFile::read(Path::new("/dev/zero")).unwrap_err().to_string();
        assert_eq!(err, "/dev/zero: error: cannot read the tuning file: a NUL byte: not JSON text");
        let missing = TuningFile::read(Path::new("/nonexistent/t.json")).unwrap_err().to_string();
        assert!(missing.starts_with("/nonexistent/t.json: error: cannot read the tuning file: "), "{missing}");
    }

    #[test]
    fn the_library_hash_is_stable_hex() {
        assert_eq!(library_hash().len(), 16);
        assert!(library_hash().bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(library_hash(), library_hash());
    }
}
