//! `ukc`, the compiler driver.

use melior::ir::{Module, operation::OperationLike};
use ukernel_dialect::{Target, location::capture_diagnostics};

/// The embedded default example: LLM-decoding argmax dispatches.
pub const DEMO_SOURCE: &str = include_str!("../examples/decode_argmax.mlir");
const DEMO_NAME: &str = "decode_argmax.mlir";

const USAGE: &str = "\
USAGE: ukc <command> [options]

COMMANDS:
  demo                       Parse and verify the embedded example of
                             LLM-decoding argmax dispatches, and print it
  build-ukernel-check -o F [--ptx-dir D]
                             Write a package of the ukernel harness kernels
                             (each ukernel linked into a kernel that launches
                             it directly), PTX for sm_80 and sm_90
  check-ukernels F, info F   As in ukc-run
  help                       Show this help
";

pub fn main_with_args(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("demo") => demo(),
        Some("build-ukernel-check") => build_ukernel_check(&args[1..]),
        None | Some("help" | "--help" | "-h") => {
            crate::write_stdout(USAGE);
            0
        }
        Some(other) => crate::runner::dispatch(other, &args[1..]).unwrap_or_else(|| {
            eprintln!("ukc: error: unknown command '{other}'\n{USAGE}");
            1
        }),
    }
}

fn demo() -> i32 {
    let context = match ukernel_dialect::create_context() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("ukc: error: {e}");
            return 1;
        }
    };
    let (module, diagnostics) = capture_diagnostics(&context, || {
        let module = Module::parse(&context, DEMO_SOURCE)?;
        let ok =
            module.as_operation().verify() && ukernel_dialect::verify_ukernel_attributes(module.as_operation()) == 0;
        ok.then_some(module)
    });
    for d in &diagnostics {
        eprint!("{}", d.render(Some(DEMO_NAME)));
    }
    let Some(module) = module else {
        eprintln!("ukc: error: the embedded example did not parse and verify");
        return 1;
    };
    let target =
        module.as_operation().attribute(ukernel_dialect::TARGET_ATTR).ok().and_then(|a| Target::try_from(a).ok());
    let mut text = format!("// {DEMO_NAME}: parsed and verified\n");
    if let Some(t) = target {
        text += &format!(
            "// target {} ({} multiprocessors), ukernels = {}\n",
            t.arch(),
            t.multiprocessors(),
            t.ukernels.to_text()
        );
    }
    text += &format!("{}\n", module.as_operation());
    crate::write_stdout(&text);
    0
}

/// Links the harness kernels with every ukernel, emits PTX per arch and
/// writes the package that `check-ukernels` runs.
fn build_ukernel_check(args: &[String]) -> i32 {
    let Some(out) = args.iter().position(|a| a == "-o").and_then(|i| args.get(i + 1)) else {
        eprintln!("ukc: error: build-ukernel-check needs -o <package>");
        return 1;
    };
    let ptx_dir = args.iter().position(|a| a == "--ptx-dir").and_then(|i| args.get(i + 1));
    match harness_package() {
        Ok(package) => {
            if let Some(dir) = ptx_dir {
                if let Err(e) = write_harness_ptx(&package, dir) {
                    eprintln!("{dir}: error: {e}");
                    return 1;
                }
            }
            match crate::write_atomically(std::path::Path::new(out), &package.to_bytes()) {
                Ok(()) => {
                    crate::write_stdout(&format!(
                        "wrote {out}: {} harness kernels, PTX for sm_80 and sm_90\n",
                        package.kernels.len()
                    ));
                    0
                }
                Err(e) => {
                    eprintln!("{out}: error: cannot write: {e}");
                    1
                }
            }
        }
        Err(e) => {
            eprintln!("ukc: error: {e}");
            1
        }
    }
}

/// Writes `harness_argmax.sm_XY.ptx` per arch (every harness kernel shares
/// one module) for tools outside the runtime, such as the benchmark script.
fn write_harness_ptx(package: &ukernel_runtime::Package, dir: &str) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    if let Some(ukernel_runtime::KernelLoaderSpec::CudaPtxInMemory { ptx, .. }) =
        package.kernels.first().and_then(|k| k.spec.specs().next())
    {
        for (cc, text) in ptx {
            crate::write_atomically(
                &std::path::Path::new(dir).join(format!("harness_argmax.sm_{}.ptx", cc.sm())),
                text,
            )?;
        }
    }
    Ok(())
}

fn harness_package() -> Result<ukernel_runtime::Package, String> {
    use std::{borrow::Cow, collections::BTreeMap};

    use ukernel_runtime::{ComputeCapability, KernelLoaderSpec, MultiKernelLoaderSpec, PackagedKernel};
    let arches = [80u32, 90];
    let mut ptx_by_arch = BTreeMap::new();
    for sm in arches {
        ptx_by_arch.insert(sm, ukernel_passes::link::harness_ptx("harness_argmax", sm).map_err(|e| e.to_string())?);
    }
    let mut kernels = Vec::new();
    for uk in ukernels::registry().ukernels() {
        let name = format!("harness_{}", uk.symbol);
        let ptx =
            arches.iter().map(|sm| (ComputeCapability::from_sm(*sm), Cow::Owned(ptx_by_arch[sm].clone().into_bytes())));
        let spec = MultiKernelLoaderSpec::new(&name)
            .with(KernelLoaderSpec::cuda_ptx(&name, ptx))
            .map_err(|e| e.to_string())?;
        kernels.push(PackagedKernel {
            spec,
            launch: crate::check::harness_launch(uk.element, uk.index),
            attributes: crate::check::harness_attributes(uk.element, uk.index),
        });
    }
    Ok(ukernel_runtime::Package { kernels })
}
