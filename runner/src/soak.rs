//! `soak`: a package's functions launched over and over in one process on
//! one GPU (the device's stream), as a long-running server does, with the
//! device's free memory, the process's resident memory and its open file
//! descriptors printed every `report_every` launches; then the package
//! loaded and dropped `load_cycles` times, each cycle on a runtime of its
//! own (so its modules are unloaded), with the same figures before and
//! after. The functions' inputs are restored and their outputs compared
//! with the package's MLIR references at the end of the launches and after
//! every cycle. Runtime-only.

use std::time::Instant;

use ukernel_runtime::{DeviceSelection, LaunchArg, Package, Runtime};

use crate::reference::KernelReference;
use crate::stress::{check, jobs, resident_bytes};

/// Settings of a soak run.
#[derive(Clone, Debug)]
pub struct SoakOptions {
    pub device: usize,
    pub launches: u64,
    pub report_every: u64,
    pub load_cycles: u64,
}

/// The process's open file descriptors (0 where /proc has none).
fn open_descriptors() -> usize {
    std::fs::read_dir("/proc/self/fd").map_or(0, |d| d.count())
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

/// One line of figures.
fn figures(rt: &Runtime, label: &str, started: Instant) -> String {
    let free = rt.devices().first().and_then(|d| ukernel_runtime::cuda::memory_info(d.context()).ok()).map(|m| m.0);
    format!(
        "  {label:>24}: {:>7.1} s, device free {}, RSS {:.1} MiB, open descriptors {}\n",
        started.elapsed().as_secs_f64(),
        free.map_or("?".to_string(), |f| format!("{:.1} MiB", mib(f as u64))),
        mib(resident_bytes()),
        open_descriptors()
    )
}

/// Loads every function of `jobs` on `rt`, restores its inputs, launches it
/// once and compares; the mismatches.
fn run_once(rt: &Runtime, jobs: &[crate::stress::Job], label: &str) -> Result<Vec<String>, String> {
    let device = &rt.devices()[0];
    let mut found = Vec::new();
    for j in jobs {
        let loaded: Vec<_> =
            j.steps.iter().map(|k| rt.load(0, k)).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
        let (kinds, work) = crate::run::upload(device, &j.inputs).map_err(|e| e.to_string())?;
        let args: Vec<LaunchArg> = crate::run::launch_args(&j.inputs, &work, &kinds);
        for k in &loaded {
            rt.launch(k, &args).map_err(|e| e.to_string())?;
        }
        device.synchronize().map_err(|e| e.to_string())?;
        found.extend(check(j, &work, label)?);
    }
    Ok(found)
}

/// Runs the soak of `package` (its functions that have references in
/// `refs_dir`) on GPU `options.device`: the report and whether every check
/// passed.
pub fn soak(
    package: &Package,
    refs_dir: &std::path::Path,
    refs: &[KernelReference],
    options: &SoakOptions,
) -> Result<(String, bool), String> {
    let select = || DeviceSelection::Only(vec![options.device]);
    let rt = Runtime::new(select()).map_err(|e| format!("error: {e}"))?;
    let device = &rt.devices()[0];
    let (jobs, skipped) = jobs(package, device, refs_dir, refs)?;
    let mut out = format!(
        "soak: {} functions, {} launches, then {} load cycles\n",
        jobs.len(),
        options.launches,
        options.load_cycles
    );
    for s in &skipped {
        out += &format!("  skipped {s}: no MLIR reference\n");
    }
    let started = Instant::now();
    let mut mismatches = run_once(&rt, &jobs, "before the launches")?;
    out += &figures(&rt, "launches 0", started);

    // The launches: every function's steps in turn, on buffers uploaded once.
    let loaded: Vec<Vec<_>> = jobs
        .iter()
        .map(|j| j.steps.iter().map(|k| rt.load(0, k)).collect::<Result<Vec<_>, _>>())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("error: {e}"))?;
    let mut buffers = Vec::new();
    for j in &jobs {
        buffers.push(crate::run::upload(device, &j.inputs).map_err(|e| format!("error: {e}"))?);
    }
    let args: Vec<Vec<LaunchArg>> =
        jobs.iter().zip(&buffers).map(|(j, (kinds, work))| crate::run::launch_args(&j.inputs, work, kinds)).collect();
    let mut launched = 0u64;
    let every = options.report_every.max(1);
    'launching: while launched < options.launches {
        for (steps, args) in loaded.iter().zip(&args) {
            for k in steps {
                rt.launch(k, args).map_err(|e| format!("error after {launched} launches: {e}"))?;
                launched += 1;
                if launched.is_multiple_of(every) {
                    device.synchronize().map_err(|e| format!("error after {launched} launches: {e}"))?;
                    out += &figures(&rt, &format!("launches {launched}"), started);
                }
                if launched >= options.launches {
                    break 'launching;
                }
            }
        }
    }
    device.synchronize().map_err(|e| format!("error: {e}"))?;
    drop(args);
    drop((buffers, loaded));
    mismatches.extend(run_once(&rt, &jobs, &format!("after {launched} launches"))?);
    out += &figures(&rt, "after the launches", started);

    // Load cycles: a runtime each, the package's kernels loaded, run once
    // and checked every tenth cycle, then all dropped.
    for cycle in 1..=options.load_cycles {
        let cycle_rt = Runtime::new(select()).map_err(|e| format!("error in load cycle {cycle}: {e}"))?;
        if cycle.is_multiple_of(10) || cycle == options.load_cycles {
            mismatches.extend(run_once(&cycle_rt, &jobs, &format!("load cycle {cycle}"))?);
        } else {
            for j in &jobs {
                for k in &j.steps {
                    cycle_rt.load(0, k).map_err(|e| format!("error in load cycle {cycle}: {e}"))?;
                }
            }
        }
        drop(cycle_rt);
        if cycle.is_multiple_of((options.load_cycles / 10).max(1)) {
            out += &figures(&rt, &format!("load cycles {cycle}"), started);
        }
    }
    out += &format!("mismatches: {}\n", mismatches.len());
    for m in mismatches.iter().take(10) {
        out += &format!("  MISMATCH {m}\n");
    }
    Ok((out, mismatches.is_empty()))
}
