//! The runtime-only commands (no MLIR or LLVM), shared by `ukc-run` and
//! `ukc`: inspecting packages and running them on GPUs.

use ukernel_runtime::{DeviceSelection, Package, Runtime};

use crate::check;

pub const USAGE: &str = "\
USAGE: ukc-run <command> [options]

COMMANDS:
  check-ukernels <pkg> [--devices 0,1]   Run each ukernel's harness on random and
                                          adversarial inputs on every GPU (or the
                                          listed ones) and compare with the CPU reference
  run <pkg> [--devices 0,1] [--dynamic-size N] [--repeat N] [--save DIR] [--concurrent]
                                          Run every kernel on every GPU (or the listed
                                          ones) on generated inputs, check against the
                                          CPU reference, print the time per launch;
                                          --concurrent: all GPUs at once, one thread
                                          and stream each, with aggregate throughput
  info <pkg>                              List the kernels of a package
  help                                    Show this help
";

/// Reads a package file, with the path in the error.
pub fn read_package(path: &str) -> Result<Package, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: error: cannot read package: {e}"))?;
    Package::from_bytes(&bytes).map_err(|e| format!("{path}: error: {e}"))
}

fn parse_devices(args: &[String]) -> Result<DeviceSelection, String> {
    match args.iter().position(|a| a == "--devices") {
        None => Ok(DeviceSelection::All),
        Some(i) => {
            let list = args.get(i + 1).ok_or("--devices needs a list such as 0,1")?;
            let ordinals = list
                .split(',')
                .map(|s| s.trim().parse::<usize>().map_err(|_| format!("--devices: '{s}' is not a device number")))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(DeviceSelection::Only(ordinals))
        }
    }
}

/// Runs a runtime-only command; returns the exit code, or `None` when the
/// command is not one of these.
pub fn dispatch(command: &str, args: &[String]) -> Option<i32> {
    let result = match command {
        "check-ukernels" => check_ukernels(args),
        "run" => run(args),
        "info" => info(args),
        _ => return None,
    };
    Some(match result {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    })
}

fn first_path(args: &[String], command: &str) -> Result<String, String> {
    args.iter()
        .enumerate()
        .find(|(i, a)| {
            !a.starts_with("--") && (*i == 0 || !args[i - 1].starts_with("--") || args[i - 1] == "--concurrent")
        })
        .map(|(_, a)| a)
        .cloned()
        .ok_or_else(|| format!("error: {command} needs a package file"))
}

fn check_ukernels(args: &[String]) -> Result<bool, String> {
    let path = first_path(args, "check-ukernels")?;
    let package = read_package(&path)?;
    let rt = Runtime::new(parse_devices(args)?).map_err(|e| format!("error: {e}"))?;
    let (report, ok) = check::run_and_report(&rt, &package).map_err(|e| format!("error: {e}"))?;
    crate::write_stdout(&report);
    Ok(ok)
}

fn info(args: &[String]) -> Result<bool, String> {
    let path = first_path(args, "info")?;
    let package = read_package(&path)?;
    let mut out = format!("{path}: {} kernel(s)\n", package.kernels.len());
    for k in &package.kernels {
        let forms: Vec<String> = k
            .spec
            .specs()
            .map(|s| match s {
                ukernel_runtime::KernelLoaderSpec::CudaPtxInMemory { ptx, .. } => {
                    let ccs: Vec<String> = ptx.keys().map(|c| c.to_string()).collect();
                    format!("PTX for {}", ccs.join(", "))
                }
                other => other.kind().to_string(),
            })
            .collect();
        let shared = match k.launch.shared_memory_bytes {
            0 => String::new(),
            n => format!("; dynamic shared memory {n}"),
        };
        out += &format!(
            "  {}: {}; block {:?}{shared}; {} args\n",
            k.name(),
            forms.join("; "),
            k.launch.block,
            k.launch.args.len()
        );
    }
    crate::write_stdout(&out);
    Ok(true)
}

fn option_value<T: std::str::FromStr>(args: &[String], flag: &str) -> Result<Option<T>, String> {
    match args.iter().position(|a| a == flag) {
        None => Ok(None),
        Some(i) => {
            let v = args.get(i + 1).ok_or_else(|| format!("error: {flag} needs a value"))?;
            v.parse().map(Some).map_err(|_| format!("error: {flag}: '{v}' is not a number"))
        }
    }
}

fn run(args: &[String]) -> Result<bool, String> {
    let path = first_path(args, "run")?;
    let package = read_package(&path)?;
    let mut options = crate::run::RunOptions::default();
    if let Some(n) = option_value(args, "--dynamic-size")? {
        options.dynamic_size = n;
    }
    if let Some(n) = option_value(args, "--repeat")? {
        options.repeat = n;
    }
    if let Some(i) = args.iter().position(|a| a == "--save") {
        options.save_dir = Some(args.get(i + 1).ok_or("error: --save needs a directory")?.into());
    }
    let rt = Runtime::new(parse_devices(args)?).map_err(|e| format!("error: {e}"))?;
    let concurrent = args.iter().any(|a| a == "--concurrent");
    let runs = crate::run::run_package(&rt, &package, &options, concurrent).map_err(|e| format!("error: {e}"))?;
    let (text, ok) = crate::run::report(&rt, &runs);
    crate::write_stdout(&text);
    Ok(ok)
}
