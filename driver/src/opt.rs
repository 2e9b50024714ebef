//! `ukernel-opt`: an `mlir-opt`-style tool with every upstream pass and the
//! project's passes registered by name, and the `ukernel` dialect loaded.

use std::{io::Read, path::Path};

use melior::{
    Context,
    ir::{Module, operation::OperationLike, operation::OperationMutLike},
    pass::{PassIrPrintingOptions, PassManager},
};
use ukernel_dialect::{
    TARGET_ATTR, Target, UKernelSelection,
    location::{CapturedDiagnostic, Severity, capture_diagnostics},
    verify_ukernel_attributes,
};

use crate::{expected, split};

/// Command-line options of `ukernel-opt`.
#[derive(Debug, Default)]
pub struct OptOptions {
    pub input: String,
    pub output: Option<String>,
    pub pipeline: Option<String>,
    pub split_input_file: bool,
    pub print_ir_after_all: bool,
    pub verify_diagnostics: bool,
    /// Sets (or overrides) the module's `#ukernel.target` arch.
    pub ukernel_target: Option<String>,
    /// Sets (or overrides) the module's `#ukernel.target` ukernel selection.
    pub ukernels: Option<String>,
    /// Shows the remarks that explain each ukernel decision.
    pub explain: bool,
    pub generic: bool,
    /// Prints resource blobs (e.g. bitcode) larger than this many bytes as
    /// `"__elided__"`.
    pub elide_resources: Option<i64>,
    pub allow_unregistered_dialect: bool,
    /// Runs passes on one thread (`--mlir-disable-threading`).
    pub disable_threading: bool,
    /// Prints the wall time of each pass (`--mlir-timing`, to stderr).
    pub timing: bool,
}

const USAGE: &str = "\
OVERVIEW: ukernel-opt: MLIR optimizer driver with the ukernel dialect and passes

USAGE: ukernel-opt [options] [input file | -]

OPTIONS:
  -o <file>                     Output file (default: stdout); written only on success
  --pass-pipeline=<pipeline>    Textual pass pipeline, e.g. 'builtin.module(canonicalize)'
  --split-input-file            Process each '// -----' chunk of the input separately
  --verify-diagnostics          Check emitted diagnostics against expected-* comments
  --mlir-print-ir-after-all     Print the IR after each pass (to stderr)
  --mlir-print-op-generic       Print operations in generic form
  --allow-unregistered-dialect  Accept ops of dialects that are not registered
  --mlir-disable-threading      Run passes on one thread
  --mlir-timing                 Print the time of each pass (to stderr)
  --mlir-elide-resource-strings-if-larger=<n>
                                Print resource blobs over n bytes as __elided__
  --ukernel-target=<sm_XY>      Set the arch of the module's #ukernel.target
  --ukernels=<all|none|a,b>     Set which ukernel families may be selected
  --ukernel-explain             Show remarks explaining each ukernel decision
  --help                        Show this help
";

fn help_text() -> String {
    let mut text = USAGE.to_string();
    text.push_str("\nPASSES OF THIS PROJECT (usable in --pass-pipeline beside every upstream MLIR pass):\n");
    if ukernel_passes::PASSES.is_empty() {
        text.push_str("  (none yet)\n");
    }
    for p in ukernel_passes::PASSES {
        text.push_str(&format!("  {:<34}{}\n", p.argument, p.summary));
    }
    text
}

/// Parses the command line (without the program name).
pub fn parse_args(args: &[String]) -> Result<Option<OptOptions>, String> {
    let mut o = OptOptions { input: "-".into(), ..Default::default() };
    let mut input = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        // mlir-opt accepts both -flag and --flag.
        let flag = if arg.starts_with("--") { &arg[1..] } else { arg.as_str() };
        let (name, value) = match flag.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (flag, None),
        };
        let mut value_of = |name: &str| -> Result<String, String> {
            value.clone().or_else(|| it.next().cloned()).ok_or_else(|| format!("option '{name}' needs a value"))
        };
        match name {
            "-h" | "-help" => return Ok(None),
            "-o" => o.output = Some(value_of("-o")?),
            "-pass-pipeline" => o.pipeline = Some(value_of("--pass-pipeline")?),
            "-split-input-file" => o.split_input_file = true,
            "-verify-diagnostics" => o.verify_diagnostics = true,
            "-mlir-print-ir-after-all" => o.print_ir_after_all = true,
            "-mlir-print-op-generic" => o.generic = true,
            "-allow-unregistered-dialect" => o.allow_unregistered_dialect = true,
            "-mlir-disable-threading" => o.disable_threading = true,
            "-mlir-timing" => o.timing = true,
            "-mlir-elide-resource-strings-if-larger" => {
                let v = value_of("--mlir-elide-resource-strings-if-larger")?;
                o.elide_resources = Some(
                    v.parse().map_err(|_| format!("--mlir-elide-resource-strings-if-larger: '{v}' is not a number"))?,
                );
            }
            "-ukernel-target" => o.ukernel_target = Some(value_of("--ukernel-target")?),
            "-ukernels" => o.ukernels = Some(value_of("--ukernels")?),
            "-ukernel-explain" => o.explain = true,
            "-" => input = Some("-".to_string()),
            n if n.starts_with('-') => return Err(format!("unknown option '{arg}' (see --help)")),
            _ if input.is_some() => {
                return Err(format!("more than one input file: '{}' and '{arg}'", input.unwrap()));
            }
            _ => input = Some(arg.clone()),
        }
    }
    if let Some(i) = input {
        o.input = i;
    }
    if let Some(a) = &o.ukernel_target {
        ukernel_dialect::GpuArch::parse_known(a).map_err(|e| format!("--ukernel-target: {e}"))?;
    }
    if let Some(u) = &o.ukernels {
        UKernelSelection::parse(u).map_err(|e| format!("--ukernels: {e}"))?;
    }
    Ok(Some(o))
}

/// Runs the tool; returns the process exit code. Errors go to stderr.
pub fn main_with_args(args: &[String]) -> i32 {
    let options = match parse_args(args) {
        Ok(Some(o)) => o,
        Ok(None) => {
            crate::write_stdout(&help_text());
            return 0;
        }
        Err(e) => {
            eprintln!("ukernel-opt: error: {e}");
            return 2;
        }
    };
    let input = if options.input == "-" { "<stdin>" } else { options.input.as_str() };
    if let Some(code) = crate::guard::contain("ukernel-opt", input) {
        return code;
    }
    match run(&options) {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

fn read_input(input: &str) -> Result<(String, String), String> {
    if input == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("<stdin>: error: could not read standard input: {e}"))?;
        return Ok(("<stdin>".into(), text));
    }
    let bytes = std::fs::read(input).map_err(|e| format!("{input}: error: could not open input file: {e}"))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let (line, column) = ukernel_dialect::location::line_column(e.as_bytes(), e.utf8_error().valid_up_to());
        format!("{input}:{line}:{column}: error: input is not UTF-8 text")
    })?;
    Ok((input.to_string(), text))
}

/// Processes every chunk; `Ok(false)` when any chunk failed (its diagnostics
/// were printed). `Err` is a tool-level error such as an unreadable input.
pub fn run(options: &OptOptions) -> Result<bool, String> {
    let (file, source) = read_input(&options.input)?;
    ukernel_passes::register_passes();
    let context = ukernel_dialect::create_context().map_err(|e| format!("ukernel-opt: error: {e}"))?;
    ukernel_dialect::set_print_op_on_diagnostic(&context, !options.verify_diagnostics);
    context.set_allow_unregistered_dialects(options.allow_unregistered_dialect);
    if options.disable_threading {
        context.enable_multi_threading(false);
    }
    let pm = build_pass_manager(&context, options)?;
    if options.timing {
        unsafe { mlir_sys::mlirPassManagerEnableTiming(pm.to_raw()) };
    }

    let mut outputs = Vec::new();
    let mut all_ok = true;
    for chunk in split::split_input(&source, options.split_input_file) {
        let (printed, diagnostics, ok) = process_chunk(&context, &pm, options, &chunk.text);
        let diagnostics: Vec<CapturedDiagnostic> =
            diagnostics.into_iter().filter(|d| options.explain || d.severity != Severity::Remark).collect();
        let chunk_ok = if options.verify_diagnostics {
            let expectations = match expected::parse_expectations(&chunk.text) {
                Ok(e) => e,
                Err((line, col, msg)) => {
                    eprintln!("{file}:{line}:{col}: error: {msg}");
                    all_ok = false;
                    continue;
                }
            };
            let report = expected::check(&file, &diagnostics, &expectations);
            for line in &report {
                eprintln!("{line}");
            }
            report.is_empty()
        } else {
            for d in &diagnostics {
                eprint!("{}", d.render(Some(&file)));
            }
            ok
        };
        all_ok &= chunk_ok;
        if let Some(text) = printed {
            outputs.push(text);
        }
    }

    let text = outputs.join("// -----\n");
    match options.output.as_deref() {
        None | Some("-") => crate::write_stdout(&text),
        Some(path) => {
            if all_ok {
                crate::write_atomically(Path::new(path), text.as_bytes())
                    .map_err(|e| format!("{path}: error: could not write output: {e}"))?;
            }
        }
    }
    Ok(all_ok)
}

fn build_pass_manager<'c>(context: &'c Context, options: &OptOptions) -> Result<PassManager<'c>, String> {
    let pm = PassManager::new(context);
    if let Some(pipeline) = &options.pipeline {
        melior::utility::parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline)
            .map_err(|e| format!("ukernel-opt: error: invalid --pass-pipeline: {e}"))?;
    }
    if options.print_ir_after_all {
        pm.enable_ir_printing(&PassIrPrintingOptions {
            before_all: false,
            after_all: true,
            module_scope: true,
            on_change: false,
            on_failure: false,
            flags: melior::ir::operation::OperationPrintingFlags::new(),
            tree_printing_path: Default::default(),
        });
    }
    Ok(pm)
}

/// Parses, verifies and transforms one chunk. Returns the printed module when
/// every step succeeded, the diagnostics raised, and whether it succeeded.
fn process_chunk(
    context: &Context,
    pm: &PassManager,
    options: &OptOptions,
    text: &str,
) -> (Option<String>, Vec<CapturedDiagnostic>, bool) {
    if let Some(d) = ukernel_dialect::precheck::check_input(text, &options.input) {
        return (None, vec![d], false);
    }
    let ((printed, ok), diagnostics) = capture_diagnostics(context, || {
        crate::guard::enter("parse");
        let Some(mut module) = Module::parse(context, text) else {
            return (None, false);
        };
        if !module.as_operation().verify() || verify_ukernel_attributes(module.as_operation()) > 0 {
            return (None, false);
        }
        if let Err(e) = apply_target_flags(context, &mut module, options) {
            ukernel_dialect::emit_error(module.as_operation().location(), &e);
            return (None, false);
        }
        crate::guard::enter("pass pipeline");
        if options.pipeline.is_some() && pm.run(&mut module).is_err() {
            return (None, false);
        }
        let flags = melior::ir::operation::OperationPrintingFlags::new();
        let flags = if options.generic { flags.print_generic_operation_form() } else { flags };
        if let Some(limit) = options.elide_resources {
            // Mutates the flags object in place; melior has no method for it.
            unsafe { mlir_sys::mlirOpPrintingFlagsElideLargeResourceString(flags.to_raw(), limit as isize) };
        }
        let text = module.as_operation().to_string_with_flags(flags).unwrap_or_default();
        (Some(text + "\n"), true)
    });
    let failed_silently = !ok && !diagnostics.iter().any(|d| d.severity == Severity::Error);
    let mut diagnostics = diagnostics;
    if failed_silently {
        diagnostics.push(CapturedDiagnostic {
            severity: Severity::Error,
            pos: None,
            message: "processing failed without a diagnostic".into(),
            notes: vec![],
        });
    }
    (printed, diagnostics, ok)
}

/// `--ukernel-target` / `--ukernels` set the module's `#ukernel.target`,
/// keeping whatever the module's own target says for the other fields.
fn apply_target_flags(context: &Context, module: &mut Module, options: &OptOptions) -> Result<(), String> {
    if options.ukernel_target.is_none() && options.ukernels.is_none() {
        return Ok(());
    }
    let op = module.as_operation();
    let mut target = match op.attribute(TARGET_ATTR) {
        Ok(a) => Target::try_from(a).map_err(|e| e.to_string())?,
        Err(_) => Target::new(90, UKernelSelection::All),
    };
    if let Some(arch) = &options.ukernel_target {
        let parsed = ukernel_dialect::GpuArch::parse_known(arch).map_err(|e| format!("--ukernel-target: {e}"))?;
        target.sm = parsed.sm;
        target.specific = parsed.specific;
    }
    if let Some(list) = &options.ukernels {
        target.ukernels = UKernelSelection::parse(list)?;
    }
    let attr = target.to_attribute(context).map_err(|e| e.to_string())?;
    module.as_operation_mut().set_attribute(TARGET_ATTR, attr);
    Ok(())
}
