//! `ukc`, the compiler driver.

use melior::ir::operation::OperationLike;
use ukernel_dialect::GpuArch;
use ukernel_passes::codegen;

use crate::compile::{CompileOptions, Compiler};

/// The embedded default example: LLM-decoding argmax dispatches.
pub const DEMO_SOURCE: &str = include_str!("../examples/decode_step.mlir");
const DEMO_NAME: &str = "decode_step.mlir";

/// Compiles MLIR dispatches to packages of GPU kernels, with ukernels where
/// they apply, and runs packages on GPUs.
#[derive(Debug, clap::Parser)]
#[command(name = "ukc", version)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Compile the dispatches (func.funcs) of a module to a package: PTX per
    /// arch and launch metadata per kernel
    Compile {
        #[command(flatten)]
        flags: Flags,
        /// The package to write
        #[arg(short = 'o')]
        output: String,
        /// Also write reference outputs beside the package (`<output>.ref/`):
        /// each dispatch run on generated inputs by upstream MLIR on the CPU,
        /// which `ukc-run run` compares every kernel with
        #[arg(long)]
        reference: bool,
        /// Size of every dynamic dimension in the reference run
        #[arg(long, default_value_t = 1000)]
        dynamic_size: u64,
        /// Loop iterations a kernel's reference run may take; kernels over
        /// it get no reference (and are named) [default: 2^33]
        #[arg(long)]
        reference_budget: Option<u64>,
        /// Also run every function on the CPU after the compile's tensor
        /// rewrites (folds, canonical contractions, fusion, two-stage
        /// reductions) and compare with the input's meaning on the same
        /// inputs; a function they change is an error and no package is
        /// written
        #[arg(long)]
        check_rewrites: bool,
    },
    /// Measure every candidate of each kernel (each ukernel that fits and
    /// the default path) on a GPU and record the fastest in a tuning file,
    /// which `ukc compile` then follows
    Tune {
        #[command(flatten)]
        flags: Flags,
        /// The tuning file to merge the records into [default: tuning.json
        /// in the cache directory]
        #[arg(short = 'o')]
        output: Option<std::path::PathBuf>,
        /// Tune only the kernels of this function (repeatable)
        #[arg(long = "function", value_name = "NAME")]
        functions: Vec<String>,
        /// Only compile the candidates into this folder, for `ukc-run measure
        /// DIR -o FILE` on a GPU machine
        #[arg(long, value_name = "DIR")]
        prepare_only: Option<std::path::PathBuf>,
        /// Size of every dynamic dimension
        #[arg(long, default_value_t = 1000)]
        dynamic_size: u64,
        /// Loop iterations a function's reference run may take; candidates
        /// of functions over it are timed unchecked [default: 2^33]
        #[arg(long)]
        reference_budget: Option<u64>,
        /// The GPU to measure on
        #[arg(long, default_value_t = 0)]
        device: usize,
        /// Timed launches per measurement (the median of 5 is kept)
        #[arg(long, default_value_t = 20)]
        repeat: u32,
    },
    /// Per dispatch: the ukernel chosen, or why none, and the configuration
    Explain {
        #[command(flatten)]
        flags: Flags,
        /// Only the coverage: how many dispatches went to each ukernel, and
        /// each one on the default path with the reason
        #[arg(long)]
        summary: bool,
    },
    /// Compile the embedded LLM decode step (LM head + argmax) and run it
    /// when a GPU is present
    Demo {
        /// Where to write the package (default: a temporary directory)
        #[arg(long)]
        out: Option<std::path::PathBuf>,
    },
    /// Print the pass pipeline of each stage (`configured`, `lowered`,
    /// `kernels`, `llvm`), every step a registered pass, or with `--whole`
    /// all of them as one pipeline for `ukernel-opt` or `mlir-opt` with the
    /// plugin
    Pipeline {
        /// One pipeline from the input to the LLVM dialect, led by
        /// `ukernel-set-target` for this arch
        #[arg(long)]
        whole: bool,
        /// The arch `--whole` sets as the module's target
        #[arg(long, default_value = "sm_90a")]
        arch: String,
    },
    /// Write a package of the ukernel harness kernels (each ukernel linked
    /// into a kernel that launches it directly), PTX for sm_80 and sm_90
    BuildUkernelCheck {
        #[arg(short = 'o')]
        output: String,
        /// Also write every family's harness PTX here
        #[arg(long)]
        ptx_dir: Option<String>,
    },
    #[command(flatten)]
    Runtime(crate::runner::RuntimeCommand),
}

/// Options shared by compile and explain.
#[derive(Debug, clap::Args)]
pub struct Flags {
    /// The input module (.mlir)
    input: String,
    /// Arches to emit PTX for, each with its own selection (default:
    /// sm_80,sm_90a)
    #[arg(long, value_delimiter = ',')]
    arch: Vec<String>,
    /// Ukernel families that may be selected: all, none or a list
    #[arg(long)]
    ukernels: Option<String>,
    /// A user-supplied ukernel bitcode object (repeatable); one with a
    /// registry ukernel's path replaces it
    #[arg(long)]
    object: Vec<String>,
    /// Write the module after every stage, the LLVM IR and the PTX here
    #[arg(long)]
    dump_dir: Option<std::path::PathBuf>,
    /// Print each stage as it starts, and a progress bar of the kernels' emission
    #[arg(long)]
    progress: bool,
    /// Threads that link, optimize and emit kernels (default: one per core)
    #[arg(long, short = 'j', default_value_t = 0, hide_default_value = true)]
    jobs: usize,
    /// Kernels call one copy of each ukernel instead of inlining it
    #[arg(long)]
    no_inline_ukernels: bool,
    /// How matmuls of bf16/f16 outputs accumulate: `ir` (default: as the IR
    /// says, every partial sum rounded to 16 bits, on the default path) or
    /// `f32` (the f32-accumulating ukernels, rounded once, as torch computes)
    #[arg(long, default_value = "ir", value_parser = ["ir", "f32"])]
    matmul_accumulation: String,
    /// How FP8 matmuls sum their products: `ir` (default: in f32 as the IR
    /// says, on the default path) or `tensor-core` (the FP8 wgmma ukernel,
    /// whose tensor-core sums keep fewer bits than f32, as cuBLAS's FP8
    /// matmuls do; the reference check allows for it)
    #[arg(long, default_value = "ir", value_parser = ["ir", "tensor-core"])]
    fp8_sums: String,
    /// PTX only: no cubins even where ptxas is available
    #[arg(long)]
    no_cubin: bool,
    /// Keep a kernel per shape: kernels that differ only in sizes (argmax
    /// dispatches of other row lengths) do not share one code with the sizes
    /// as launch arguments
    #[arg(long)]
    specialize_sizes: bool,
    /// Print the wall time of every step to stderr
    #[arg(long)]
    timing: bool,
    /// Do not use the compile cache ($UKC_CACHE_DIR, else ~/.cache/ukc)
    #[arg(long)]
    no_cache: bool,
    /// Choose by the measurements of this tuning file (`ukc tune`) where a
    /// record matches a kernel [default: tuning.json in the cache
    /// directory, where it exists]
    #[arg(long, value_name = "FILE")]
    tuning: Option<std::path::PathBuf>,
    /// Take only the records measured on this GPU (its name as the driver
    /// reports it, e.g. "NVIDIA H100 80GB HBM3") [default: on a machine with
    /// a GPU, its first GPU's, with its driver's; elsewhere any GPU's]
    #[arg(long, value_name = "NAME")]
    tuning_gpu: Option<String>,
    /// Choose by the rules alone, even where a tuning file is found
    #[arg(long, conflicts_with = "tuning")]
    no_tuning: bool,
}

/// Exit code of usage errors (bad flag values), as clap uses for bad flags.
pub const USAGE_EXIT: i32 = 2;

/// Why a command failed: its input (exit 1) or its command line (exit 2).
enum Failure {
    Input(String),
    Usage(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Input(message)
    }
}

/// The arch an object's file name gives (`uk_x.sm_90a.bc`: `sm_90a`), if any.
fn object_arch(name: &str) -> Option<String> {
    let stem = name.strip_suffix(".bc")?;
    let (_, arch) = stem.rsplit_once('.')?;
    GpuArch::parse_known(arch).ok().map(|a| a.to_string())
}

impl Flags {
    /// The compile options; a bad flag value is a usage error, an object
    /// file that cannot be used an input error.
    fn options(&self) -> Result<CompileOptions, Failure> {
        let mut options = self.options_or_message().map_err(Failure::Usage)?;
        for path in &self.object {
            // Bitcode starts "BC" (or a wrapper's 0x0B17C0DE): other first
            // bytes settle a device or FIFO at once.
            let not_bitcode =
                |b: &[u8]| b.len() >= 4 && !(b.starts_with(b"BC") || b.starts_with(&[0xde, 0xc0, 0x17, 0x0b]));
            let bytes = crate::read_file_bounded(std::path::Path::new(path), not_bitcode)
                .map_err(|e| format!("{path}: error: cannot read object: {e}"))?;
            if bytes.is_empty() {
                return Err(format!("{path}: error: the object is empty; expected LLVM bitcode").into());
            }
            let name = std::path::Path::new(path)
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or(path.clone());
            // An object named for an arch (`name.sm_90.bc`, as the registry
            // names its bitcode) that no requested arch is.
            if let Some(arch) = object_arch(&name)
                && !options.arches.iter().any(|a| a.to_string() == arch)
            {
                let requested: Vec<String> = options.arches.iter().map(|a| a.to_string()).collect();
                return Err(Failure::Usage(format!(
                    "ukc: error: --object {path}: its name says {arch}, which --arch does not request ({})",
                    requested.join(", ")
                )));
            }
            options.objects.push(ukernel_dialect::ExecutableObject::new(name, bytes));
        }
        let tuning = match &self.tuning {
            Some(path) => Some(path.clone()),
            None if self.no_tuning => None,
            None => crate::tune::default_database().filter(|p| p.is_file()),
        };
        if let Some(path) = tuning {
            // Read now, so that a bad file is one located error, not one per
            // compile of the module.
            ukernels::tuning::TuningFile::read(&path).map_err(|e| Failure::Input(e.to_string()))?;
            options.tuning = Some(crate::compile::Tuning::new(path, self.tuning_gpu.clone()));
        } else if self.tuning_gpu.is_some() {
            return Err(Failure::Usage("ukc: error: --tuning-gpu: no tuning file (give --tuning)".into()));
        }
        Ok(options)
    }

    fn options_or_message(&self) -> Result<CompileOptions, String> {
        let mut options = CompileOptions::default();
        if !self.arch.is_empty() {
            options.arches = self
                .arch
                .iter()
                .map(|a| GpuArch::parse_known(a.trim()).map_err(|e| format!("ukc: error: --arch: {e}")))
                .collect::<Result<_, _>>()?;
            // The same arch twice is one; two forms of one capability (sm_100
            // and sm_100f) would be two PTX images for one capability.
            options.arches.sort();
            options.arches.dedup();
            if let Some(w) = options.arches.windows(2).find(|w| w[0].sm == w[1].sm) {
                return Err(format!(
                    "ukc: error: --arch: {} and {} are two forms of one capability; a package holds one image per \
                     capability (request one of them)",
                    w[0], w[1]
                ));
            }
        }
        if let Some(v) = &self.ukernels {
            let selection = ukernel_passes::set_target::TargetOverride::parse_known_ukernels(v)
                .map_err(|e| format!("ukc: error: --ukernels: {e}"))?;
            options.ukernels = Some(selection);
        }
        options.dump_dir = self.dump_dir.clone();
        options.progress = self.progress;
        options.jobs = self.jobs;
        if self.no_inline_ukernels {
            options.linkage = ukernel_target_nvptx::link::UKernelLinkage::Call;
        }
        options.matmul_accumulation_f32 = self.matmul_accumulation == "f32";
        options.fp8_tensor_core_sums = self.fp8_sums == "tensor-core";
        options.cubins = !self.no_cubin;
        options.specialize_sizes = self.specialize_sizes;
        if !self.no_cache {
            options.cache = ukernel_target_nvptx::cache::CompileCache::default_location();
        }
        Ok(options)
    }
}

/// Runs `ukc` on parsed arguments; returns the exit code.
pub fn execute(cli: Cli) -> i32 {
    let result = match cli.command {
        Command::Demo { out } => demo(out),
        Command::Compile { flags, output, reference, dynamic_size, reference_budget, check_rewrites } => {
            match crate::guard::contain("ukc", display_name(&flags.input)) {
                Some(code) => return code,
                None => {
                    let budget = reference_budget.unwrap_or(crate::oracle::DEFAULT_BUDGET);
                    let cpu = CpuChecks { reference, check_rewrites, dynamic_size, budget };
                    compile(&flags, &output, cpu)
                }
            }
        }
        Command::Tune { flags, output, functions, prepare_only, dynamic_size, reference_budget, device, repeat } => {
            match crate::guard::contain("ukc", display_name(&flags.input)) {
                Some(code) => return code,
                None => {
                    let budget = reference_budget.unwrap_or(crate::oracle::DEFAULT_BUDGET);
                    tune(&flags, output, &functions, prepare_only, (dynamic_size, budget), device, repeat)
                }
            }
        }
        Command::Explain { flags, summary } => match crate::guard::contain("ukc", display_name(&flags.input)) {
            Some(code) => return code,
            None => explain(&flags, summary),
        },
        Command::BuildUkernelCheck { output, ptx_dir } => return build_ukernel_check(&output, ptx_dir.as_deref()),
        Command::Pipeline { whole, arch } => {
            print!("{}", pipeline_text(whole, &arch));
            return 0;
        }
        Command::Runtime(command) => return crate::runner::execute(command),
    };
    match result {
        Ok(code) => code,
        Err(Failure::Input(e)) => {
            eprintln!("{e}");
            1
        }
        Err(Failure::Usage(e)) => {
            eprintln!("{e}");
            USAGE_EXIT
        }
    }
}

/// An error message that names the input: as it is when it already does
/// (located diagnostics), else prefixed with `input: error:`.
fn located(input: &str, e: impl std::fmt::Display) -> String {
    let text = e.to_string();
    if text.starts_with(&format!("{input}:")) { text } else { format!("{input}: error: {text}") }
}

fn read_input(path: &str) -> Result<String, String> {
    // A NUL byte settles it (an MLIR file holds none: the check after
    // reading locates it), so /dev/zero is not read to the cap.
    let nul = |b: &[u8]| b.contains(&0);
    let bytes = if path == "-" {
        ukc_runner::read_bounded(std::io::stdin(), nul)
            .map_err(|e| format!("<stdin>: error: cannot read standard input: {e}"))?
    } else {
        ukc_runner::read_file_bounded(std::path::Path::new(path), nul)
            .map_err(|e| format!("{path}: error: could not open input file: {e}"))?
    };
    String::from_utf8(bytes).map_err(|e| {
        // Located at the first byte that is not UTF-8.
        let (line, column) = ukernel_dialect::location::line_column(e.as_bytes(), e.utf8_error().valid_up_to());
        format!("{}:{line}:{column}: error: input is not UTF-8 text", display_name(path))
    })
}

/// The `--timing` table: wall time per step against the compile's wall
/// time, as `mlir-opt --mlir-timing` prints it. Kernels are emitted on
/// several threads, so the per-arch sums can add up to more than 100%.
fn timing_report(wall: std::time::Duration, timings: &[(String, std::time::Duration)]) -> String {
    let total = wall.as_secs_f64();
    let mut out = format!("ukc: timing (wall {total:.4} s; kernels are emitted on several threads)\n");
    for (name, d) in timings {
        let s = d.as_secs_f64();
        out += &format!("  {s:>9.4} s ({:>5.1}%)  {name}\n", 100.0 * s / total.max(1e-9));
    }
    out
}

/// How the input is named in messages.
fn display_name(input: &str) -> &str {
    if input == "-" { "<stdin>" } else { input }
}

/// What `ukc compile` runs on the CPU besides the compile.
struct CpuChecks {
    /// Write reference outputs beside the package.
    reference: bool,
    /// Hold the tensor rewrites' result against the input's.
    check_rewrites: bool,
    dynamic_size: u64,
    budget: u64,
}

fn compile(flags: &Flags, output: &str, cpu: CpuChecks) -> Result<i32, Failure> {
    let text = read_input(&flags.input)?;
    let input = display_name(&flags.input);
    let options = flags.options()?;
    let compiler = Compiler::new(options.clone()).map_err(|e| format!("ukc: error: {e}"))?;
    if let Some(hint) = options.cuda.missing_hint().filter(|_| !flags.no_cubin || options.cuda.libdevice.is_none()) {
        eprintln!("ukc: note: {hint}");
    }
    let started = std::time::Instant::now();
    let compiled = compiler.compile_text(&text, input).map_err(|e| located(input, e))?;
    if flags.timing {
        eprint!("{}", timing_report(started.elapsed(), &compiler.timings()));
    }
    // The input's meaning on the CPU, once: the references written beside
    // the package and what each arch's rewrites are held against.
    let started = std::time::Instant::now();
    let meaning = if cpu.reference || cpu.check_rewrites {
        let module = compiler.parse(&text, input).map_err(|e| located(input, e))?;
        let computed =
            crate::oracle::references(compiler.context(), &module, &compiled.package, cpu.dynamic_size, cpu.budget)
                .map_err(|e| located(input, e))?;
        if flags.timing {
            eprintln!("ukc: reference outputs on the CPU: {:.3} s", started.elapsed().as_secs_f64());
        }
        Some(computed)
    } else {
        None
    };
    let mut checked_rewrites = None;
    if let (true, Some(want)) = (cpu.check_rewrites, &meaning) {
        // Each arch has its own selection, and so its own rewrites.
        let mut arches = options.arches.clone();
        arches.sort();
        arches.dedup();
        for arch in &arches {
            let one = Compiler::new(CompileOptions { arches: vec![*arch], dump_dir: None, ..options.clone() })
                .map_err(|e| format!("ukc: error: {e}"))?;
            let module = one.parse(&text, input).map_err(|e| located(input, e))?;
            let check = crate::oracle::check_rewrites(
                one.context(),
                &module,
                &compiled.package,
                want,
                cpu.dynamic_size,
                cpu.budget,
            )
            .map_err(|e| located(input, e))?;
            if !check.changed.is_empty() {
                let mut message = String::new();
                for c in &check.changed {
                    message += &format!(
                        "{input}: error: function '{}': the compile's {} for {arch} change its result on the CPU: {}\n",
                        c.function,
                        match c.stage {
                            crate::oracle::Form::Lowered => "lowered stage's loops",
                            _ => "tensor rewrites",
                        },
                        c.differences.join("; ")
                    );
                }
                return Err(Failure::Input(message.trim_end().to_string()));
            }
            checked_rewrites = Some(check);
        }
    }
    let references = meaning.filter(|_| cpu.reference);
    crate::write_atomically(std::path::Path::new(output), &compiled.package.to_bytes())
        .map_err(|e| format!("{output}: error: cannot write package: {e}"))?;
    let mut out = String::new();
    if let Some(check) = &checked_rewrites {
        out += &format!(
            "  the tensor rewrites keep the result of {} function(s) on the CPU, the lowered stage's loops of {}\n",
            check.checked, check.lowered_checked
        );
        for (function, iterations) in &check.skipped {
            out += &format!(
                "  rewrites of {function} not checked: {iterations} loop iterations exceed --reference-budget\n"
            );
        }
    }
    if let Some(r) = &references {
        let dir = crate::reference::directory_of(std::path::Path::new(output));
        crate::reference::write(&dir, &r.references, &r.data).map_err(|e| format!("{e}"))?;
        out += &format!(
            "  reference outputs (MLIR on the CPU) of {} function(s) in {}\n",
            r.references.len(),
            dir.display()
        );
        for (kernel, iterations) in &r.skipped {
            out += &format!("  no reference for {kernel}: {iterations} loop iterations exceed --reference-budget\n");
        }
    }
    for (k, variant) in compiled.kernels.iter().zip(&compiled.variants) {
        let variant = if variant.is_empty() { String::new() } else { format!(" (for {variant})") };
        let shared = k.shared_code.as_ref().map_or(String::new(), |s| {
            let sizes =
                format!("{} size{} as arguments", s.arguments.len(), if s.arguments.len() == 1 { "" } else { "s" });
            if s.entry == k.name {
                format!("; its code is shared, {sizes}")
            } else {
                format!("; runs {}'s code, {sizes}", s.entry)
            }
        });
        out += &format!("  {}: ukernel {}{variant}{shared}\n", k.name, k.ukernel.as_deref().unwrap_or("none"));
    }
    for (arch, objects) in &compiled.linked_objects {
        out += &format!(
            "  {arch}: linked {}\n",
            if objects.is_empty() { "no objects".to_string() } else { objects.join(", ") }
        );
    }
    for warning in crate::served_devices::warnings(&compiled.package) {
        eprintln!("ukc: warning: {warning}");
    }
    let (ptx, cubins) = compiled.arches();
    let arches: Vec<String> = ptx.iter().map(|a| a.to_string()).collect();
    let cubins: Vec<String> = cubins.iter().map(|a| a.to_string()).collect();
    crate::write_stdout(format!(
        "wrote {output}: {} kernel(s), PTX for {}{}\n{out}",
        compiled.kernels.len(),
        arches.join(", "),
        if cubins.is_empty() { String::new() } else { format!("; cubin for {}", cubins.join(", ")) }
    ));
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
fn tune(
    flags: &Flags,
    output: Option<std::path::PathBuf>,
    functions: &[String],
    prepare_only: Option<std::path::PathBuf>,
    (dynamic_size, budget): (u64, u64),
    device: usize,
    repeat: u32,
) -> Result<i32, Failure> {
    let text = read_input(&flags.input)?;
    let input = display_name(&flags.input);
    let options = flags.options()?;
    if flags.arch.len() != 1 {
        return Err(Failure::Usage("ukc: error: --arch: tune measures for one arch (give exactly one)".into()));
    }
    let output = match (output, &prepare_only) {
        (Some(o), _) => Some(o),
        (None, Some(_)) => None,
        (None, None) => Some(crate::tune::default_database().ok_or_else(|| {
            Failure::Usage("ukc: error: no cache directory for the default tuning file; give -o".into())
        })?),
    };
    // A tuning file that does not read is an error before any work.
    if let Some(o) = output.as_ref().filter(|o| o.exists()) {
        ukernels::tuning::TuningFile::read(o).map_err(|e| Failure::Input(e.to_string()))?;
    }
    let temp;
    let dir = match &prepare_only {
        Some(d) => d.clone(),
        None => {
            temp = tempfile::tempdir().map_err(|e| format!("ukc: error: cannot make a temporary folder: {e}"))?;
            temp.path().to_path_buf()
        }
    };
    let prepared = crate::tune::prepare(&text, input, &options, functions, &dir, dynamic_size, budget)
        .map_err(|e| located(input, e))?;
    let candidates: usize = prepared.plan.kernels.iter().map(|k| k.candidates.len()).sum();
    let mut out = format!(
        "compiled {candidates} candidate(s) of {} kernel(s) for {}\n",
        prepared.plan.kernels.len(),
        prepared.plan.arch
    );
    for f in &prepared.unchecked {
        out += &format!("  {f}: no reference (over --reference-budget); timed unchecked\n");
    }
    if prepare_only.is_some() {
        crate::write_stdout(format!(
            "{out}wrote {}; measure it with `ukc-run measure {} -o FILE`\n",
            dir.display(),
            dir.display()
        ));
        return Ok(0);
    }
    crate::write_stdout(&out);
    let output = output.unwrap_or_default();
    if !ukernel_runtime::cuda::driver_present() {
        return Err(Failure::Input(
            "ukc: error: no CUDA driver on this machine: compile with --prepare-only DIR and run `ukc-run measure DIR -o \
             FILE` where a GPU is"
                .into(),
        ));
    }
    match ukc_runner::runner::tune(&dir, &output, device, repeat) {
        Ok(_) => Ok(0),
        Err(e) => Err(Failure::Input(e)),
    }
}

fn explain(flags: &Flags, summary: bool) -> Result<i32, Failure> {
    let text = read_input(&flags.input)?;
    let input = display_name(&flags.input);
    let options = flags.options()?;
    // The objects are checked as compile checks them (explain links none).
    let objects = options.objects.iter().map(|o| (o.path.clone(), o.data.to_vec())).collect();
    ukernel_target_nvptx::link::index_objects(objects).map_err(|e| format!("{input}: error: {e}"))?;
    let mut arches = options.arches.clone();
    arches.sort();
    arches.dedup();
    // Selection runs per arch: with several given, the decisions of each
    // (without --arch, those for the lowest default arch).
    if arches.len() > 1 && !flags.arch.is_empty() {
        for arch in arches {
            crate::write_stdout(format!("// {arch}\n"));
            let options = CompileOptions { arches: vec![arch], ..options.clone() };
            explain_for(&text, input, options, summary)?;
        }
        return Ok(0);
    }
    explain_for(&text, input, options, summary)
}

/// `ukc explain` for one arch (or the options' lowest).
fn explain_for(text: &str, input: &str, options: CompileOptions, summary: bool) -> Result<i32, Failure> {
    let compiler = Compiler::new(options).map_err(|e| format!("ukc: error: {e}"))?;
    let mut module = compiler.parse(text, input).map_err(|e| format!("{e}"))?;
    let diagnostics =
        codegen::run_stage(compiler.context(), &mut module, codegen::Stage::Configured).map_err(|e| format!("{e}"))?;
    let mut out = String::new();
    if !summary {
        for d in &diagnostics {
            out += &d.render(Some(input));
        }
    }
    // Per root (each op with a config): its dispatch, where it is, and the
    // ukernel its config names.
    let mut roots = Vec::new();
    let mut count = 0;
    for func in ukernel_passes::dispatch::dispatches(&module.as_operation()) {
        count += 1;
        let name = func.attribute("sym_name").map(|a| a.to_string()).unwrap_or_default();
        let name = name.trim_matches('"').to_string();
        let mut configs = Vec::new();
        func.walk(melior::ir::operation::WalkOrder::PreOrder, |op| {
            if let Ok(a) = op.attribute(ukernel_dialect::LOWERING_CONFIG_ATTR) {
                let ukernel = ukernel_dialect::LoweringConfig::try_from(a).ok().and_then(|c| c.ukernel).map(|s| s.name);
                let pos = ukernel_dialect::location::source_pos(op.location()).map(|p| (p.line, p.column));
                configs.push((a.to_string(), pos, ukernel));
            }
            melior::ir::operation::WalkResult::Advance
        });
        if !summary {
            match configs.as_slice() {
                [] => out += &format!("@{name}: no linalg root op\n"),
                [(config, _, _)] => out += &format!("@{name}: {config}\n"),
                many => {
                    for (config, pos, _) in many {
                        let (l, c) = pos.unwrap_or_default();
                        out += &format!("@{name} (root at {l}:{c}): {config}\n");
                    }
                }
            }
        }
        for (_, pos, ukernel) in configs {
            roots.push(Root { dispatch: name.clone(), pos, ukernel });
        }
    }
    if summary {
        out += &coverage(count, &roots, &diagnostics);
    }
    crate::write_stdout(&out);
    Ok(0)
}

/// A root op of the coverage report: its dispatch, its line and column,
/// and its ukernel if any.
struct Root {
    dispatch: String,
    pos: Option<(u32, u32)>,
    ukernel: Option<String>,
}

/// The coverage report of `ukc explain --summary`: kernel roots per
/// ukernel, and each root on the default path with the reason its remark
/// gives.
fn coverage(
    dispatches: usize,
    roots: &[Root],
    diagnostics: &[ukernel_dialect::location::CapturedDiagnostic],
) -> String {
    let on: usize = roots.iter().filter(|r| r.ukernel.is_some()).count();
    let mut out = format!(
        "{dispatches} dispatch(es), {} root(s): {on} on ukernels, {} on the default path\n",
        roots.len(),
        roots.len() - on
    );
    let mut per_ukernel: std::collections::BTreeMap<&str, Vec<String>> = Default::default();
    for r in roots {
        if let Some(u) = &r.ukernel {
            let at = r.pos.map_or(String::new(), |(l, _)| format!(":{l}"));
            per_ukernel.entry(u).or_default().push(format!("{}{at}", r.dispatch));
        }
    }
    for (u, names) in &per_ukernel {
        out += &format!("  {u}: {} ({})\n", names.len(), names.join(", "));
    }
    for r in roots.iter().filter(|r| r.ukernel.is_none()) {
        let reason = diagnostics
            .iter()
            .filter(|d| d.pos.as_ref().map(|p| (p.line, p.column)) == r.pos)
            .find_map(|d| d.message.split("no ukernel: ").nth(1))
            .map(|r| r.split("; default configuration").next().unwrap_or(r).to_string())
            .unwrap_or_else(|| "no ukernel family matches it".to_string());
        let at = r.pos.map_or(String::new(), |(l, _)| format!(":{l}"));
        out += &format!("  default path: {}{at}: {reason}\n", r.dispatch);
    }
    out
}

fn demo(out: Option<std::path::PathBuf>) -> Result<i32, Failure> {
    let dir = out.unwrap_or_else(|| std::env::temp_dir().join("ukc-demo"));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: error: {e}", dir.display()))?;
    let compiler = Compiler::new(CompileOptions::default()).map_err(|e| format!("ukc: error: {e}"))?;
    let module = compiler.parse(DEMO_SOURCE, DEMO_NAME).map_err(|e| format!("{e}"))?;
    let mut out = format!("// {DEMO_NAME}: parsed and verified; the embedded example:\n{}\n", module.as_operation());
    drop(module);
    // compile_text: selection per arch (each arch its own variant where its
    // decisions differ).
    let compiled = compiler.compile_text(DEMO_SOURCE, DEMO_NAME).map_err(|e| format!("{e}"))?;
    out += "// ukernel decisions:\n";
    for d in &compiled.decisions {
        out += &format!("//   {d}\n");
    }
    let package = dir.join("decode_step.pkg");
    crate::write_atomically(&package, &compiled.package.to_bytes())
        .map_err(|e| format!("{}: error: {e}", package.display()))?;
    let (ptx, _) = compiled.arches();
    let arches: Vec<String> = ptx.iter().map(|a| a.to_string()).collect();
    out += &format!(
        "// wrote {} ({} kernels, PTX for {})\n",
        package.display(),
        compiled.kernels.len(),
        arches.join(", ")
    );
    crate::write_stdout(&out);
    match ukernel_runtime::Runtime::new(ukernel_runtime::DeviceSelection::All) {
        Ok(mut rt) => {
            let runs = crate::run::run_package(&mut rt, &compiled.package, &crate::run::RunOptions::default(), false)
                .map_err(|e| format!("ukc: error: {e}"))?;
            let (text, ok) = crate::run::report(&rt, &runs);
            crate::write_stdout(&text);
            Ok(if ok { 0 } else { 1 })
        }
        Err(e) => {
            crate::write_stdout(format!(
                "// not run here: {e}\n// on a machine with an NVIDIA GPU: ukc-run run {}\n",
                package.display()
            ));
            Ok(0)
        }
    }
}

/// Links the harness kernels with every ukernel, emits PTX per arch and
/// writes the package that `check-ukernels` runs.
fn build_ukernel_check(out: &str, ptx_dir: Option<&str>) -> i32 {
    match harness_package() {
        Ok(package) => {
            if let Some(dir) = ptx_dir
                && let Err(e) = write_harness_ptx(dir)
            {
                eprintln!("{dir}: error: {e}");
                return 1;
            }
            match crate::write_atomically(std::path::Path::new(out), &package.to_bytes()) {
                Ok(()) => {
                    crate::write_stdout(format!(
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

/// Writes `<harness>.sm_XY.ptx` for every family's harness module and arch
/// (harness kernels launch ukernels directly) for tools outside the runtime,
/// such as the benchmark scripts, and `ukernels.txt`, what launching each
/// ukernel takes: a line per ukernel of its symbol, kind, workgroup size,
/// dynamic shared memory and its parameters as `name=value`.
fn write_harness_ptx(dir: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let mut table = String::new();
    for uk in ukernels::registry().ukernels() {
        let params: Vec<String> = uk.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        table += &format!(
            "{} {} {} {} {}\n",
            uk.symbol,
            uk.kind,
            uk.workgroup_size[0],
            uk.dynamic_shared_memory_bytes,
            params.join(" ")
        );
    }
    crate::write_atomically(&std::path::Path::new(dir).join("ukernels.txt"), table.as_bytes())
        .map_err(|e| e.to_string())?;
    for harness in ukernels::families::harnesses() {
        for &sm in harness.arches {
            let arch = GpuArch { sm, specific: harness.arch_specific, family: false };
            let text = ukernel_target_nvptx::link::harness_ptx(harness.name, arch).map_err(|e| e.to_string())?;
            crate::write_atomically(
                &std::path::Path::new(dir).join(format!("{}.{arch}.ptx", harness.name)),
                text.as_bytes(),
            )
            .map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

fn harness_package() -> Result<ukernel_runtime::Package, String> {
    use ukernel_runtime::ComputeCapability;
    let mut kernels = Vec::new();
    for h in ukernels::families::harness_checks() {
        let mut ptx = Vec::new();
        for sm in [80u32, 90] {
            let text =
                ukernel_target_nvptx::link::harness_ptx(h.module, GpuArch::portable(sm)).map_err(|e| e.to_string())?;
            ptx.push((ComputeCapability::from_sm(sm), ukernel_runtime::spec::Bytes::from(text)));
        }
        kernels.extend((h.kernels)(&ptx)?);
    }
    Ok(ukernel_runtime::Package { kernels })
}

/// The stages' pipelines, one per line (`<stage>: <pipeline>`), or with
/// `whole` one `builtin.module(...)` of them all after the target.
fn pipeline_text(whole: bool, arch: &str) -> String {
    use ukernel_passes::codegen::Stage;
    let stages = Stage::ALL.into_iter().filter(|s| *s != Stage::Input);
    if !whole {
        return stages.map(|s| format!("{}: {}\n", s.name(), s.pipeline())).collect();
    }
    let inner: Vec<String> = stages
        .map(|s| s.pipeline().trim_start_matches("builtin.module(").trim_end_matches(')').to_string())
        .filter(|p| !p.is_empty())
        .collect();
    format!("builtin.module(ukernel-set-target{{arch={arch}}},{})\n", inner.join(","))
}
