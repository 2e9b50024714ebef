//! The runtime-only commands (no MLIR or LLVM), shared by `ukc-run` and
//! `ukc`: inspecting packages and running them on GPUs.

use ukernel_runtime::{DeviceSelection, Package, Runtime};

/// The runtime-only commands, as `ukc-run` and `ukc` parse them.
#[derive(Debug, clap::Subcommand)]
pub enum RuntimeCommand {
    /// Run each ukernel's harness on random and adversarial inputs on every
    /// GPU (or the listed ones) and compare with the CPU reference
    CheckUkernels {
        /// A package written by `ukc build-ukernel-check`
        package: String,
        /// GPUs to use, e.g. 0,1 (default: all)
        #[arg(long, value_delimiter = ',')]
        devices: Option<Vec<usize>>,
    },
    /// Run every kernel on every GPU (or the listed ones) on generated
    /// inputs, check against the CPU reference, print the time per launch
    Run {
        package: String,
        /// GPUs to use, e.g. 0,1 (default: all)
        #[arg(long, value_delimiter = ',')]
        devices: Option<Vec<usize>>,
        /// Size given to every dynamic dimension
        #[arg(long, default_value_t = 1000)]
        dynamic_size: u64,
        /// Timed launches per measurement (0: run once, untimed)
        #[arg(long, default_value_t = 20)]
        repeat: u32,
        /// Reference outputs to compare with (default: `<package>.ref` when
        /// it exists, as `ukc compile --reference` writes it)
        #[arg(long)]
        reference: Option<std::path::PathBuf>,
        /// Save each checked argmax's input and index output here, and every
        /// buffer before and after the launch of kernels without a CPU
        /// reference (for comparison with another implementation)
        #[arg(long)]
        save: Option<std::path::PathBuf>,
        /// Run on all GPUs at once, one thread and stream each, with
        /// aggregate throughput
        #[arg(long)]
        concurrent: bool,
    },
    /// Launch every function that has an MLIR reference from many threads at
    /// once on one GPU, a stream each, for a set time; check every result
    /// and report launches, mismatches, device memory and RSS over the run
    Stress {
        package: String,
        /// The GPU to use
        #[arg(long, default_value_t = 0)]
        device: usize,
        /// Threads, each launching on a stream of its own
        #[arg(long, default_value_t = 16)]
        threads: usize,
        /// How long to run
        #[arg(long, default_value_t = 60.0)]
        seconds: f64,
        /// Rounds of the functions between two checks of a thread's outputs
        #[arg(long, default_value_t = 10)]
        check_every: u64,
        /// Reference outputs (default: `<package>.ref`)
        #[arg(long)]
        reference: Option<std::path::PathBuf>,
    },
    /// Launch every function that has an MLIR reference over and over on
    /// one GPU, printing device memory, RSS and open descriptors every so
    /// many launches; then load and drop the package many times; check the
    /// results after each phase
    Soak {
        package: String,
        /// The GPU to use
        #[arg(long, default_value_t = 0)]
        device: usize,
        /// Launches in all (each function's kernels in turn)
        #[arg(long, default_value_t = 1_000_000)]
        launches: u64,
        /// Launches between two lines of figures
        #[arg(long, default_value_t = 100_000)]
        report_every: u64,
        /// Times the package is loaded on a runtime of its own and dropped
        #[arg(long, default_value_t = 10_000)]
        load_cycles: u64,
        /// Reference outputs (default: `<package>.ref`)
        #[arg(long)]
        reference: Option<std::path::PathBuf>,
    },
    /// List the kernels of a package
    Info { package: String },
    /// Measure what `ukc tune --prepare-only DIR` compiled (each kernel's
    /// candidates, checked against MLIR's CPU execution) on one GPU and
    /// merge the records into a tuning file
    Measure {
        /// The folder `ukc tune --prepare-only` wrote
        dir: std::path::PathBuf,
        /// The tuning file to merge the records into
        #[arg(short = 'o')]
        output: std::path::PathBuf,
        /// The GPU to measure on
        #[arg(long, default_value_t = 0)]
        device: usize,
        /// Timed launches per measurement (the median of 5 is kept)
        #[arg(long, default_value_t = 20)]
        repeat: u32,
    },
}

pub use crate::read_package;

/// The reference outputs for a run: those of `dir` when given (it must
/// exist), else those beside the package when there are any.
#[allow(clippy::type_complexity)]
fn references(
    package: &str,
    dir: Option<std::path::PathBuf>,
) -> Result<Option<(std::path::PathBuf, Vec<crate::reference::KernelReference>)>, String> {
    let (dir, required) = match dir {
        Some(d) => (d, true),
        None => (crate::reference::directory_of(std::path::Path::new(package)), false),
    };
    if !required && !dir.join(crate::reference::MANIFEST).exists() {
        return Ok(None);
    }
    let refs = crate::reference::read(&dir).map_err(|e| e.to_string())?;
    Ok(Some((dir, refs)))
}

/// The package at `path` and its reference outputs, which it must have.
#[allow(clippy::type_complexity)]
fn package_with_references(
    path: &str,
    reference: Option<std::path::PathBuf>,
) -> Result<(Package, std::path::PathBuf, Vec<crate::reference::KernelReference>), String> {
    let package = read_package(path)?;
    let Some((dir, refs)) = references(path, reference)? else {
        return Err(format!("error: {path}: no reference outputs (compile it with `ukc compile --reference`)"));
    };
    Ok((package, dir, refs))
}

fn devices(list: Option<Vec<usize>>) -> DeviceSelection {
    list.map_or(DeviceSelection::All, DeviceSelection::Only)
}

/// Runs a runtime-only command; returns the exit code.
pub fn execute(command: RuntimeCommand) -> i32 {
    let result = match command {
        RuntimeCommand::CheckUkernels { package, devices: d } => check_ukernels(&package, devices(d)),
        RuntimeCommand::Run { package, devices: d, dynamic_size, repeat, save, concurrent, reference } => {
            match references(&package, reference) {
                Ok(references) => {
                    let options = crate::run::RunOptions {
                        dynamic_size,
                        repeat,
                        save_dir: save,
                        references,
                        ..Default::default()
                    };
                    run(&package, devices(d), &options, concurrent)
                }
                Err(e) => Err(e),
            }
        }
        RuntimeCommand::Stress { package, device, threads, seconds, check_every, reference } => {
            let options = crate::stress::StressOptions { device, threads: threads.max(1), seconds, check_every };
            stress(&package, reference, &options)
        }
        RuntimeCommand::Soak { package, device, launches, report_every, load_cycles, reference } => {
            let options = crate::soak::SoakOptions { device, launches, report_every, load_cycles };
            soak(&package, reference, &options)
        }
        RuntimeCommand::Info { package } => info(&package),
        RuntimeCommand::Measure { dir, output, device, repeat } => tune(&dir, &output, device, repeat),
    };
    match result {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

fn check_ukernels(path: &str, devices: DeviceSelection) -> Result<bool, String> {
    let package = read_package(path)?;
    let rt = Runtime::new(devices).map_err(|e| format!("error: {e}"))?;
    let (report, ok) = ukernels::check::run_and_report(&rt, &package).map_err(|e| format!("error: {e}"))?;
    crate::write_stdout(&report);
    Ok(ok)
}

/// Measures a tune folder and merges the records into `output`.
pub fn tune(dir: &std::path::Path, output: &std::path::Path, device: usize, repeat: u32) -> Result<bool, String> {
    let (_, table) = crate::tune::measure_into(dir, Some(output), device, repeat).map_err(|e| e.to_string())?;
    crate::write_stdout(format!("{table}wrote {}\n", output.display()));
    Ok(true)
}

fn info(path: &str) -> Result<bool, String> {
    let package = read_package(path)?;
    let mut out = format!("{path}: {} kernel(s)\n", package.kernels.len());
    for k in &package.kernels {
        let forms: Vec<String> = k
            .spec
            .specs()
            .map(|s| match s {
                ukernel_runtime::KernelLoaderSpec::CudaPtxInMemory { .. } => {
                    format!("PTX for {}", s.capability_list())
                }
                ukernel_runtime::KernelLoaderSpec::CudaCubinInMemory { .. } => {
                    format!("cubin for {}", s.capability_list())
                }
                other => other.kind().to_string(),
            })
            .collect();
        let shared = match k.launch.shared_memory_bytes {
            0 => String::new(),
            n => format!("; dynamic shared memory {n}"),
        };
        // A variant of a function compiled for some of the package's arches.
        let variant = k.attributes.get("arches").map_or(String::new(), |a| format!("; variant for {a}"));
        let entry = if k.entry() == k.name() { String::new() } else { format!("; runs {}'s code", k.entry()) };
        out += &format!(
            "  {}: {}; block {:?}{shared}; {} args{variant}{entry}\n",
            k.name(),
            forms.join("; "),
            k.launch.block,
            k.launch.args.len()
        );
    }
    crate::write_stdout(&out);
    Ok(true)
}

fn stress(
    path: &str,
    reference: Option<std::path::PathBuf>,
    options: &crate::stress::StressOptions,
) -> Result<bool, String> {
    let (package, dir, refs) = package_with_references(path, reference)?;
    let rt = Runtime::new(DeviceSelection::Only(vec![options.device])).map_err(|e| format!("error: {e}"))?;
    let mut options = options.clone();
    options.device = 0;
    let report = crate::stress::stress(&rt, &package, &dir, &refs, &options)?;
    crate::write_stdout(&report.render());
    Ok(report.passed())
}

fn soak(path: &str, reference: Option<std::path::PathBuf>, options: &crate::soak::SoakOptions) -> Result<bool, String> {
    let (package, dir, refs) = package_with_references(path, reference)?;
    let (report, passed) = crate::soak::soak(&package, &dir, &refs, options)?;
    crate::write_stdout(&report);
    Ok(passed)
}

fn run(
    path: &str,
    devices: DeviceSelection,
    options: &crate::run::RunOptions,
    concurrent: bool,
) -> Result<bool, String> {
    let package = read_package(path)?;
    let mut rt = Runtime::new(devices).map_err(|e| format!("error: {e}"))?;
    let runs = crate::run::run_package(&mut rt, &package, options, concurrent).map_err(|e| format!("error: {e}"))?;
    let (text, ok) = crate::run::report(&rt, &runs);
    crate::write_stdout(&text);
    Ok(ok)
}
