//! `measure`: runs the candidates that `ukc tune` compiled (a folder with
//! `plan.json` and `candidates.pkg`, its reference outputs beside it) on
//! one GPU, drops every candidate whose results differ from MLIR's CPU
//! execution, times the rest, and merges one record per kernel into a
//! tuning file. Runtime-only, so that a GPU machine without LLVM can
//! measure what another machine compiled.

use std::path::Path;

use crate::run::KernelRun;
use ukernel_runtime::{DeviceSelection, Runtime};
use ukernels::tuning::{DEFAULT_PATH, Measured, PlannedKernel, Record, TunePlan, TuningFile, format_micros};

/// A candidate whose rough time is within this factor of its kernel's
/// best is a contender, timed with the full repeat; beyond it, it has lost.
const CONTENDER_FACTOR: f32 = 3.0;

/// The fastest of the rough times `(run, micros)`; infinity for none.
fn fastest(rough: &[(usize, f32)]) -> f32 {
    rough.iter().map(|r| r.1).fold(f32::INFINITY, f32::min)
}

/// The plan's file name in a tune folder.
pub const PLAN: &str = "plan.json";
/// The candidates' package in a tune folder.
pub const PACKAGE: &str = "candidates.pkg";

/// Why a tune folder could not be measured or its records kept; each
/// message names the file or candidate it is about.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    #[error("{}: error: cannot read the tune plan: {source}", path.display())]
    ReadPlan { path: std::path::PathBuf, source: std::io::Error },
    /// A plan, or a tuning file, that does not parse (located).
    #[error("{0}")]
    Tuning(#[from] ukernels::tuning::TuningError),
    /// The candidates' package does not read (the message names it).
    #[error("{0}")]
    Package(String),
    #[error("{0}")]
    References(#[from] crate::reference::ReferenceError),
    #[error("error: {0}")]
    Runtime(#[from] ukernel_runtime::Error),
    #[error("error: {0}")]
    Driver(#[from] ukernel_runtime::cuda::CudaError),
    #[error("error: no GPU {0}")]
    NoDevice(usize),
    #[error("error: {candidate}: {source}")]
    Candidate { candidate: String, source: ukernel_runtime::Error },
    #[error("{}: error: cannot write the tuning file: {source}", path.display())]
    Write { path: std::path::PathBuf, source: std::io::Error },
}

/// Measures the folder `dir` on `device`, `repeat` launches per timing;
/// returns the records and a table of them.
pub fn measure(dir: &Path, device: usize, repeat: u32) -> Result<(Vec<Record>, String), TuneError> {
    let plan_path = dir.join(PLAN);
    let text = ukernels::tuning::read_text(&plan_path)
        .map_err(|source| TuneError::ReadPlan { path: plan_path.clone(), source })?;
    let plan = TunePlan::parse(&text, &plan_path.display().to_string())?;
    let package_path = dir.join(PACKAGE);
    let package = crate::read_package(&package_path.display().to_string()).map_err(TuneError::Package)?;
    let ref_dir = crate::reference::directory_of(&package_path);
    let references = if ref_dir.join(crate::reference::MANIFEST).exists() {
        Some((ref_dir.clone(), crate::reference::read(&ref_dir)?))
    } else {
        None
    };
    let mut rt = Runtime::new(DeviceSelection::Only(vec![device]))?;
    let (gpu_name, cc) = {
        let dev = rt.devices().first().ok_or(TuneError::NoDevice(device))?;
        (dev.name.clone(), dev.compute_capability)
    };
    let driver = ukernel_runtime::cuda::driver_version()?;
    // First every candidate once, checked, with a rough time (the median of
    // 5 single launches, or the first alone where it is over [`CONTENDER_FACTOR`] x the best
    // so far); then the contenders, those within [`CONTENDER_FACTOR`] x of their kernel's best,
    // `repeat` launches per timing. A default path that takes seconds is
    // launched twice, not a hundred times, to learn that it loses.
    let of_function = |name: &str| ukernel_runtime::Package {
        kernels: package
            .kernels
            .iter()
            .filter(|k| k.attributes.get("function").map_or(k.name(), String::as_str) == name)
            .cloned()
            .collect(),
    };
    let total: usize = plan.kernels.iter().map(|k| k.candidates.len()).sum();
    // A bar on a terminal; a line per candidate in a log.
    let bar = std::io::IsTerminal::is_terminal(&std::io::stderr()).then(|| {
        let bar = indicatif::ProgressBar::new(total as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("ukc-run: [{bar:30}] {pos}/{len} candidates {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let mut runs: Vec<KernelRun> = Vec::new();
    let mut done = 0;
    let passed = |r: &KernelRun| rejection(r).is_none();
    // The candidates of one kernel share their function's arguments, so
    // their inputs are generated once.
    let inputs = std::sync::Arc::new(crate::run::InputCache::default());
    for kernel in &plan.kernels {
        let mut rough: Vec<(usize, f32)> = Vec::new();
        for c in &kernel.candidates {
            done += 1;
            let started = std::time::Instant::now();
            let best = fastest(&rough);
            let options = crate::run::RunOptions {
                repeat: 1,
                references: references.clone(),
                give_up_above: best.is_finite().then_some(CONTENDER_FACTOR * best),
                inputs: Some(inputs.clone()),
                ..Default::default()
            };
            let run = crate::run::run_package(&mut rt, &of_function(&c.function), &options, false)
                .map_err(|source| TuneError::Candidate { candidate: c.function.clone(), source })?;
            if let Some(r) = run.into_iter().next() {
                let line = format!(
                    "{} ({}): {} [{:.1} s]",
                    kernel.function,
                    c.choice,
                    if passed(&r) { format_micros(f64::from(r.micros)) } else { "dropped".into() },
                    started.elapsed().as_secs_f64()
                );
                match &bar {
                    Some(bar) => {
                        bar.set_position(done as u64);
                        bar.set_message(line);
                    }
                    None => eprintln!("ukc-run: [{done}/{total}] {line}"),
                }
                if passed(&r) {
                    rough.push((runs.len(), r.micros));
                }
                runs.push(r);
            }
        }
        let best = fastest(&rough);
        for (i, _) in rough.into_iter().filter(|r| repeat > 1 && r.1 <= CONTENDER_FACTOR * best) {
            // The same inputs as the checked run (the reference's), unchecked.
            let options = crate::run::RunOptions {
                repeat,
                references: references.clone(),
                check: false,
                inputs: Some(inputs.clone()),
                ..Default::default()
            };
            let timed = crate::run::run_package(&mut rt, &of_function(&runs[i].kernel), &options, false)
                .map_err(|source| TuneError::Candidate { candidate: runs[i].kernel.clone(), source })?;
            if let Some(r) = timed.first() {
                runs[i].micros = r.micros;
            }
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let mut records = Vec::new();
    let mut table = format!(
        "tuned {} kernel(s) on {} ({}.{}), driver {driver}\n",
        plan.kernels.len(),
        gpu_name,
        cc.major,
        cc.minor
    );
    let gpu = Gpu {
        name: gpu_name.clone(),
        compute_capability: format!("{}.{}", cc.major, cc.minor),
        driver: driver.to_string(),
    };
    for kernel in &plan.kernels {
        let record = record_of(&plan, kernel, &runs, &gpu);
        table += &describe(kernel.function.as_str(), &kernel.rules, &record);
        records.push(record);
    }
    Ok((records, table))
}

/// The GPU a record was measured on.
struct Gpu {
    name: String,
    compute_capability: String,
    driver: String,
}

/// Why a candidate's run cannot stand: its results differ from the
/// reference, or it has no time.
fn rejection(r: &KernelRun) -> Option<String> {
    match &r.mismatches {
        Some(m) if !m.is_empty() => Some(format!(
            "{} mismatch(es) against {}, first: {}",
            m.len(),
            if r.mlir_reference { "MLIR's CPU execution" } else { "its family's check" },
            m[0]
        )),
        _ if !r.micros.is_finite() || r.micros <= 0.0 => Some("not timed".into()),
        _ => None,
    }
}

/// The record of `kernel` from the runs of its candidates' functions: a
/// candidate whose function is missing, failed its check or has no time is
/// kept with the reason, never with a time.
fn record_of(plan: &TunePlan, kernel: &PlannedKernel, runs: &[KernelRun], gpu: &Gpu) -> Record {
    let candidates = kernel
        .candidates
        .iter()
        .map(|c| {
            let run = runs.iter().find(|r| r.kernel == c.function);
            let rejected = match run {
                None => Some(format!("{} did not run", c.function)),
                Some(r) => rejection(r),
            };
            let micros = run.filter(|_| rejected.is_none()).map(|r| f64::from(r.micros));
            Measured { choice: c.choice.clone(), micros, rejected }
        })
        .collect();
    Record {
        signature: kernel.signature.clone(),
        arch: plan.arch.clone(),
        gpu: gpu.name.clone(),
        compute_capability: gpu.compute_capability.clone(),
        driver: gpu.driver.clone(),
        library: plan.library.clone(),
        candidates,
    }
}

/// A kernel's lines in the table: each candidate's time (or why it was
/// dropped), and how far the rules' choice is from the best.
fn describe(function: &str, rules: &str, record: &Record) -> String {
    let mut out = format!("  {function}: {}\n", record.signature);
    let best = record.best();
    for c in &record.candidates {
        let mark = match (best, c.choice == rules) {
            (Some((b, _)), true) if b == c.choice => " (best; the rules' choice)",
            (Some((b, _)), false) if b == c.choice => " (best)",
            (_, true) => " (the rules' choice)",
            _ => "",
        };
        let name = if c.choice == DEFAULT_PATH { "default path" } else { c.choice.as_str() };
        match (c.micros, &c.rejected) {
            (Some(t), _) => out += &format!("    {name:<40} {:>10}{mark}\n", format_micros(t)),
            (None, Some(why)) => out += &format!("    {name:<40} dropped: {why}{mark}\n"),
            (None, None) => {}
        }
    }
    let rules_time = record.candidates.iter().find(|c| c.choice == rules).and_then(|c| c.micros);
    if let (Some((b, bt)), Some(rt)) = (best, rules_time)
        && b != rules
    {
        out += &format!("    the rules lose by {:.1}% to {b}\n", 100.0 * (rt / bt - 1.0));
    }
    out
}

/// [`measure`], and with `output` the records merged into that tuning
/// file, which is read first: a corrupt file is an error before the GPU
/// work, not after minutes of measuring.
pub fn measure_into(
    dir: &Path,
    output: Option<&Path>,
    device: usize,
    repeat: u32,
) -> Result<(Vec<Record>, String), TuneError> {
    if let Some(o) = output.filter(|o| o.exists()) {
        TuningFile::read(o)?;
    }
    let (records, table) = measure(dir, device, repeat)?;
    if let Some(o) = output {
        merge_into(o, records.clone())?;
    }
    Ok((records, table))
}

/// Merges `records` into the tuning file at `path` (created where absent;
/// a file that does not read is an error, never overwritten).
pub fn merge_into(path: &Path, records: Vec<Record>) -> Result<(), TuneError> {
    let mut file = if path.exists() { TuningFile::read(path)? } else { TuningFile::default() };
    file.merge(records);
    crate::write_atomically(path, file.to_json().as_bytes())
        .map_err(|source| TuneError::Write { path: path.to_path_buf(), source })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ukernels::tuning::PlannedCandidate;

    fn run(kernel: &str, micros: f32, mismatches: Option<Vec<String>>) -> KernelRun {
        KernelRun {
            kernel: kernel.into(),
            device: 0,
            micros,
            input_bytes: 0,
            mismatches,
            mlir_reference: true,
            detail: String::new(),
        }
    }

    #[test]
    fn a_candidate_that_fails_its_check_or_did_not_run_has_no_time() {
        let mut plan = TunePlan::new("sm_90a");
        let candidates = ["uk_a", "uk_b", "uk_c", "uk_d", DEFAULT_PATH]
            .iter()
            .enumerate()
            .map(|(i, c)| PlannedCandidate { choice: c.to_string(), function: format!("f__tune0_{i}") })
            .collect();
        plan.kernels.push(PlannedKernel {
            signature: "s".into(),
            function: "f".into(),
            rules: "uk_a".into(),
            candidates,
        });
        let runs = [
            run("f__tune0_0", 20.0, Some(vec![])),
            run("f__tune0_1", 5.0, Some(vec!["arg2[7] = 1, expected 2".into()])),
            run("f__tune0_2", f32::NAN, None),
            run("f__tune0_4", 900.0, None),
        ];
        let gpu = Gpu { name: "G".into(), compute_capability: "9.0".into(), driver: "13000".into() };
        let record = record_of(&plan, &plan.kernels[0], &runs, &gpu);
        let outcome: Vec<(Option<f64>, Option<&str>)> =
            record.candidates.iter().map(|c| (c.micros, c.rejected.as_deref())).collect();
        assert_eq!(
            outcome,
            [
                (Some(20.0), None),
                (None, Some("1 mismatch(es) against MLIR's CPU execution, first: arg2[7] = 1, expected 2")),
                (None, Some("not timed")),
                (None, Some("f__tune0_3 did not run")),
                (Some(900.0), None),
            ]
        );
        // The faster candidate that failed its check is never the best.
        assert_eq!(record.best(), Some(("uk_a", 20.0)));
        assert_eq!((record.library.as_str(), record.gpu.as_str()), (ukernels::tuning::library_hash(), "G"));
        let table = describe("f", "uk_a", &record);
        assert!(table.contains("uk_b") && table.contains("dropped: 1 mismatch(es)"), "{table}");
        assert!(table.contains("(best; the rules' choice)"), "{table}");
    }

    #[test]
    fn a_corrupt_tuning_file_is_an_error_and_stays_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.json");
        std::fs::write(&path, "{\"format\": \"ukernel-tuning\", \"ver").unwrap();
        let err = merge_into(&path, vec![]).unwrap_err();
        assert!(matches!(err, TuneError::Tuning(_)), "{err:?}");
        assert!(err.to_string().starts_with(&format!("{}:1:", path.display())), "{err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"format\": \"ukernel-tuning\", \"ver");
        let fresh = dir.path().join("new.json");
        merge_into(&fresh, vec![]).unwrap();
        assert_eq!(TuningFile::read(&fresh).unwrap(), TuningFile::default());
    }
}
