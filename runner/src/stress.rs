//! `stress`: a package's functions launched from many threads at once on
//! one GPU, each thread on a stream of its own, for a set time, as a
//! serving process launches them. Every thread loads every kernel at the
//! start (at once: the device's module cache must load each image once);
//! then it runs the functions in turn on buffers of its own, restored from
//! the generated inputs before each launch, and compares the outputs with
//! the package's MLIR references (`ukc compile --reference`) every
//! `check_every` rounds and after the last. The set time starts when every
//! thread has its buffers (a package of large inputs takes seconds to
//! upload 16 times). A sampler records the device's free memory and the
//! process's resident memory every second; the report's figures are those
//! of the launches, from a second after the set-up. Runtime-only.

use std::{
    sync::{
        Barrier, Mutex, OnceLock,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::{Duration, Instant},
};

use ukernel_runtime::{ElementKind, LaunchArg, LoadedKernel, Package, Runtime, cuda::Stream};

use crate::reference::KernelReference;

/// Settings of a stress run.
#[derive(Clone, Debug)]
pub struct StressOptions {
    pub device: usize,
    pub threads: usize,
    pub seconds: f64,
    /// Rounds (each function once) between two checks of a thread's outputs.
    pub check_every: u64,
}

/// One function with what a thread needs to run and check it.
pub(crate) struct Job<'p> {
    pub(crate) name: &'p str,
    pub(crate) steps: Vec<&'p ukernel_runtime::PackagedKernel>,
    pub(crate) inputs: Vec<ukernels::check::Buffer>,
    /// (position among the inputs, element, reference bytes).
    pub(crate) outputs: Vec<(usize, ElementKind, Vec<u8>)>,
    pub(crate) tolerance: f64,
}

/// A sample of memory: seconds since the start, device free bytes, RSS.
type Sample = (f64, usize, u64);

/// What a stress run saw.
pub struct StressReport {
    pub threads: usize,
    pub functions: usize,
    pub skipped: Vec<String>,
    pub kernels: usize,
    pub modules_after_load: usize,
    pub launches: u64,
    pub checks: u64,
    pub mismatches: Vec<String>,
    /// Seconds from the start to the end of every thread's set-up.
    pub setup_seconds: f64,
    /// Seconds of launches after the set-up.
    pub seconds: f64,
    pub samples: Vec<Sample>,
}

impl StressReport {
    pub fn passed(&self) -> bool {
        self.mismatches.is_empty() && self.checks > 0
    }

    pub fn render(&self) -> String {
        let mut out = format!(
            "stress: {} threads, a stream each, {} functions ({} kernels) for {:.1} s\n",
            self.threads, self.functions, self.kernels, self.seconds
        );
        for s in &self.skipped {
            out += &format!("  skipped {s}: no MLIR reference\n");
        }
        out += &format!(
            "loading: every thread loaded every kernel at once; modules in the device's cache: {}; buffers set up in \
             {:.1} s\n",
            self.modules_after_load, self.setup_seconds
        );
        out += &format!(
            "launches: {} ({:.0} per second), checks: {}, mismatches: {}\n",
            self.launches,
            self.launches as f64 / self.seconds.max(1e-9),
            self.checks,
            self.mismatches.len()
        );
        for m in self.mismatches.iter().take(10) {
            out += &format!("  MISMATCH {m}\n");
        }
        // From the first sample a second after the threads' set-up to the
        // last: flat device memory and RSS mean nothing leaks per launch.
        let steady: Vec<&Sample> = self.samples.iter().filter(|s| s.0 >= self.setup_seconds + 1.0).collect();
        if let (Some(first), Some(last)) = (steady.first(), steady.last()) {
            let mib = |b: u64| b as f64 / (1u64 << 20) as f64;
            let lowest = steady.iter().map(|s| s.1).min().unwrap_or(first.1);
            let highest_rss = steady.iter().map(|s| s.2).max().unwrap_or(first.2);
            out += &format!(
                "memory over {} samples from {:.0} s to {:.0} s: device free {:.1} -> {:.1} MiB (lowest {:.1}), RSS \
                 {:.1} -> {:.1} MiB (highest {:.1})\n",
                steady.len(),
                first.0,
                last.0,
                mib(first.1 as u64),
                mib(last.1 as u64),
                mib(lowest as u64),
                mib(first.2),
                mib(last.2),
                mib(highest_rss)
            );
        }
        out
    }
}

/// The process's resident memory in bytes (0 where /proc has none).
pub(crate) fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        })
        .map_or(0, |kib| kib * 1024)
}

/// The functions of `package` that have references in `refs_dir`, each
/// with its inputs and expected outputs; and the names of those without.
pub(crate) fn jobs<'p>(
    package: &'p Package,
    device: &ukernel_runtime::Device,
    refs_dir: &std::path::Path,
    refs: &[KernelReference],
) -> Result<(Vec<Job<'p>>, Vec<String>), String> {
    let mut jobs = Vec::new();
    let mut skipped = Vec::new();
    for function in package.functions() {
        let Some(r) = refs.iter().find(|r| r.kernel == function.name) else {
            skipped.push(function.name.to_string());
            continue;
        };
        let steps = function.steps_for(device.compute_capability).to_vec();
        let inputs = crate::reference::generate_inputs(steps[0], r.seed, r.dynamic_size);
        let mut outputs = Vec::new();
        for o in &r.outputs {
            let position = inputs.iter().position(|b| b.arg == o.arg).ok_or_else(|| {
                format!("{}: the reference has argument {}, the kernel does not", function.name, o.arg)
            })?;
            let want = std::fs::read(refs_dir.join(&o.file))
                .map_err(|e| format!("{}: {e}", refs_dir.join(&o.file).display()))?;
            outputs.push((position, o.element, want));
        }
        jobs.push(Job { name: function.name, steps, inputs, outputs, tolerance: r.tolerance });
    }
    if jobs.is_empty() {
        return Err("no function of the package has an MLIR reference (compile it with --reference)".into());
    }
    Ok((jobs, skipped))
}

/// Compares `job`'s outputs in `work` with its references; the mismatches.
pub(crate) fn check(
    job: &Job,
    work: &[ukernel_runtime::cuda::DeviceBuffer],
    label: &str,
) -> Result<Vec<String>, String> {
    let mut found = Vec::new();
    for (position, element, want) in &job.outputs {
        let mut got = vec![0u8; job.inputs[*position].bytes.len()];
        work[*position].download(&mut got).map_err(|x| format!("{label}: {x}"))?;
        let name = format!("{} arg{} ({label})", job.name, job.inputs[*position].arg);
        found.extend(crate::reference::compare(&name, *element, want, &got, job.tolerance));
    }
    Ok(found)
}

/// Runs the stress test of `package` (its functions that have references
/// in `refs_dir`).
pub fn stress(
    rt: &Runtime,
    package: &Package,
    refs_dir: &std::path::Path,
    refs: &[KernelReference],
    options: &StressOptions,
) -> Result<StressReport, String> {
    let device = rt.devices().get(options.device).ok_or_else(|| format!("no device {}", options.device))?;
    let (jobs, skipped) = jobs(package, device, refs_dir, refs)?;
    let kernels: usize = jobs.iter().map(|j| j.steps.len()).sum();

    // Every thread loads every kernel, all at once.
    let loaded: Vec<Vec<Vec<LoadedKernel>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..options.threads)
            .map(|_| {
                let jobs = &jobs;
                scope.spawn(move || {
                    jobs.iter()
                        .map(|j| j.steps.iter().map(|k| rt.load(options.device, k)).collect::<Result<Vec<_>, _>>())
                        .collect::<Result<Vec<_>, _>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().map_err(|_| "a loading thread panicked".to_string())?.map_err(|e| format!("error: {e}")))
            .collect::<Result<Vec<_>, String>>()
    })?;
    let modules_after_load = device.cached_modules();

    let stop = AtomicBool::new(false);
    let launches = AtomicU64::new(0);
    let checks = AtomicU64::new(0);
    let mismatches = Mutex::new(Vec::new());
    let samples = Mutex::new(Vec::new());
    let start = Instant::now();
    // Set when the last thread has its buffers: the launches' start.
    let set_up = Barrier::new(options.threads);
    let ready = OnceLock::new();
    let errors: Vec<String> = std::thread::scope(|scope| {
        let sampler = scope.spawn(|| {
            while !stop.load(Ordering::Relaxed) {
                if let Ok((free, _)) = ukernel_runtime::cuda::memory_info(device.context()) {
                    samples.lock().unwrap_or_else(|p| p.into_inner()).push((
                        start.elapsed().as_secs_f64(),
                        free,
                        resident_bytes(),
                    ));
                }
                std::thread::sleep(Duration::from_millis(1000));
            }
        });
        let workers: Vec<_> = loaded
            .iter()
            .enumerate()
            .map(|(t, kernels)| {
                let (jobs, launches, checks, mismatches) = (&jobs, &launches, &checks, &mismatches);
                let (set_up, ready) = (&set_up, &ready);
                scope.spawn(move || -> Result<(), String> {
                    let e = |e: ukernel_runtime::Error| format!("thread {t}: {e}");
                    // A thread whose set-up fails still reaches the barrier,
                    // so that the others do not wait for it forever.
                    let prepared = (|| -> Result<_, String> {
                        let stream = Stream::new(device.context()).map_err(|x| e(x.into()))?;
                        // Per function: the pristine inputs and the buffers launched on.
                        let mut buffers = Vec::new();
                        for j in jobs {
                            let (kinds, pristine) = crate::run::upload(device, &j.inputs).map_err(e)?;
                            let (_, work) = crate::run::upload(device, &j.inputs).map_err(e)?;
                            buffers.push((kinds, pristine, work));
                        }
                        Ok((stream, buffers))
                    })();
                    set_up.wait();
                    let (stream, buffers) = prepared?;
                    let args: Vec<Vec<LaunchArg>> = jobs
                        .iter()
                        .zip(&buffers)
                        .map(|(j, (kinds, _, work))| crate::run::launch_args(&j.inputs, work, kinds))
                        .collect();
                    let deadline = *ready.get_or_init(Instant::now) + Duration::from_secs_f64(options.seconds);
                    let mut round = 0u64;
                    loop {
                        let last = Instant::now() >= deadline;
                        for (((j, steps), (_, pristine, work)), args) in
                            jobs.iter().zip(kernels).zip(&buffers).zip(&args)
                        {
                            for (w, p) in work.iter().zip(pristine) {
                                w.copy_from_async(p, &stream).map_err(|x| e(x.into()))?;
                            }
                            for step in steps {
                                // SAFETY: `stream` is this thread's stream of
                                // the device's context, alive for the call.
                                unsafe { rt.launch_on_stream(step, args, stream.raw()) }.map_err(e)?;
                                launches.fetch_add(1, Ordering::Relaxed);
                            }
                            if last || round.is_multiple_of(options.check_every.max(1)) {
                                stream.synchronize().map_err(|x| e(x.into()))?;
                                let found = check(j, work, &format!("thread {t}, round {round}"))?;
                                if !found.is_empty() {
                                    mismatches.lock().unwrap_or_else(|p| p.into_inner()).extend(found);
                                }
                                checks.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        round += 1;
                        if last {
                            break;
                        }
                    }
                    stream.synchronize().map_err(|x| e(x.into()))
                })
            })
            .collect();
        let errors = workers
            .into_iter()
            .filter_map(|w| match w.join() {
                Ok(Ok(())) => None,
                Ok(Err(message)) => Some(message),
                Err(_) => Some("a stress thread panicked".to_string()),
            })
            .collect();
        stop.store(true, Ordering::Relaxed);
        let _ = sampler.join();
        errors
    });
    if let Some(first) = errors.first() {
        return Err(format!("error: {first}"));
    }
    Ok(StressReport {
        threads: options.threads,
        functions: jobs.len(),
        skipped,
        kernels,
        modules_after_load,
        launches: launches.into_inner(),
        checks: checks.into_inner(),
        mismatches: mismatches.into_inner().unwrap_or_else(|p| p.into_inner()),
        setup_seconds: ready.get().map_or(0.0, |r| r.duration_since(start).as_secs_f64()),
        seconds: ready.get().map_or(start.elapsed(), Instant::elapsed).as_secs_f64(),
        samples: samples.into_inner().unwrap_or_else(|p| p.into_inner()),
    })
}
