//! `ukernel-opt`: upstream's `MlirOptMain` (through the C++ main in
//! `driver/shim/opt_main.cpp`) with the `ukernel` dialect, every upstream
//! pass and this project's passes registered, so that every `mlir-opt` flag
//! works as it does there (`--split-input-file`, `--verify-diagnostics`,
//! `--mlir-print-ir-*`, `--mlir-timing`, `--emit-bytecode`, ...), plus:
//!
//! - `--ukernel-target=<sm_XY[a]>` and `--ukernels=<all|none|a,b>`: set the
//!   module's `#ukernel.target` before the pipeline (a prepended
//!   `ukernel-set-target{arch= ukernels=}`);
//! - `--ukernel-explain`: keep the remarks that explain each ukernel
//!   decision (off otherwise);
//! - `ukernel-verify-attributes` runs first, checking every `#ukernel.*`
//!   attribute as `ukc` does.
//!
//! The Rust side keeps what upstream's driver lacks: the crash guard
//! (`guard`), the prechecks of input that crashes MLIR's parser, and writing
//! `-o` atomically, only on success. Exit codes: 0 success, 1 bad input or a
//! failed pipeline, 2 a usage error, 3 an internal error.

use std::ffi::{CString, c_char, c_int};

use mlir_sys::{MlirDialectRegistry, MlirStringRef};
use ukernel_dialect::string_ref_text as text;
use ukernel_passes::set_target::TargetOverride;

#[repr(C)]
struct Hooks {
    add_dialects: unsafe extern "C" fn(MlirDialectRegistry) -> bool,
    register_passes: extern "C" fn(),
    check_options: unsafe extern "C" fn(MlirStringRef, bool, MlirStringRef, bool) -> bool,
    set_explain: extern "C" fn(bool),
    precheck: unsafe extern "C" fn(MlirStringRef, MlirStringRef) -> bool,
    enter_stage: unsafe extern "C" fn(*const c_char),
    write_output: unsafe extern "C" fn(MlirStringRef, MlirStringRef, bool) -> bool,
}

unsafe extern "C" {
    fn ukOptMain(argc: c_int, argv: *const *const c_char, hooks: *const Hooks) -> c_int;
}

fn bytes<'a>(s: MlirStringRef) -> &'a [u8] {
    // SAFETY: MLIR's string refs passed to the hooks point at `length` bytes alive for the hook's call.
    unsafe { ukernel_dialect::string_ref_bytes(s) }
}

/// Runs `body`, turning a panic into `on_panic` (never unwinding into C++).
fn guarded<T>(on_panic: T, body: impl FnOnce() -> T) -> T {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)).unwrap_or_else(|_| {
        eprintln!("ukernel-opt: error: internal error");
        on_panic
    })
}

unsafe extern "C" fn add_dialects(registry: MlirDialectRegistry) -> bool {
    // SAFETY: `MlirOptMain` passes its live registry.
    guarded(false, || match unsafe { ukernel_dialect::add_ukernel_dialect_to_raw(registry) } {
        Ok(()) => true,
        Err(e) => {
            eprintln!("ukernel-opt: error: {e}");
            false
        }
    })
}

extern "C" fn register_passes() {
    guarded((), ukernel_passes::register_passes)
}

/// The tool's flags, checked up front so that a bad value is a usage error;
/// errors name the flags.
/// The flags as `ukc` checks its own (`--arch`, `--ukernels`): a value given
/// must name an arch or families, the empty one included.
fn check_flags(target: &str, target_given: bool, ukernels: &str, ukernels_given: bool) -> Result<(), String> {
    if target_given {
        ukernel_dialect::GpuArch::parse_known(target).map_err(|e| format!("--ukernel-target: {e}"))?;
    }
    if ukernels_given {
        TargetOverride::parse_known_ukernels(ukernels).map_err(|e| format!("--ukernels: {e}"))?;
    }
    Ok(())
}

unsafe extern "C" fn check_options(
    target: MlirStringRef,
    target_given: bool,
    ukernels: MlirStringRef,
    ukernels_given: bool,
) -> bool {
    guarded(false, || match check_flags(&text(target), target_given, &text(ukernels), ukernels_given) {
        Ok(()) => true,
        Err(e) => {
            eprintln!("ukernel-opt: error: {e}");
            false
        }
    })
}

extern "C" fn set_explain(explain: bool) {
    ukernel_passes::kernel_config::set_remarks(explain);
}

unsafe extern "C" fn precheck(input: MlirStringRef, file: MlirStringRef) -> bool {
    guarded(false, || {
        let file = text(file);
        // MLIR bytecode goes to the bytecode reader; the prechecks are for text.
        if bytes(input).starts_with(b"ML\xefR") {
            return true;
        }
        let source = match std::str::from_utf8(bytes(input)) {
            Ok(s) => s,
            Err(e) => {
                let (line, column) = ukernel_dialect::location::line_column(bytes(input), e.valid_up_to());
                eprintln!("{file}:{line}:{column}: error: input is not UTF-8 text");
                return false;
            }
        };
        match ukernel_dialect::precheck::check_input(source, &file) {
            None => true,
            Some(d) => {
                eprint!("{}", d.render(Some(&file)));
                false
            }
        }
    })
}

unsafe extern "C" fn enter_stage(stage: *const c_char) {
    // SAFETY: the C++ side passes a static NUL-terminated stage name.
    let stage = unsafe { std::ffi::CStr::from_ptr(stage) }.to_string_lossy();
    crate::guard::enter(&stage);
}

unsafe extern "C" fn write_output(path: MlirStringRef, printed: MlirStringRef, succeeded: bool) -> bool {
    guarded(false, || {
        let path = text(path);
        if path == "-" {
            // Like mlir-opt: what was printed goes out even when a chunk failed.
            crate::write_stdout(bytes(printed));
            return true;
        }
        if !succeeded {
            return true;
        }
        match crate::write_atomically(std::path::Path::new(&path), bytes(printed)) {
            Ok(()) => true,
            Err(e) => {
                eprintln!("{path}: error: could not write output: {e}");
                false
            }
        }
    })
}

static HOOKS: Hooks =
    Hooks { add_dialects, register_passes, check_options, set_explain, precheck, enter_stage, write_output };

/// Reads the device or FIFO at `path` (bounded; a NUL byte, which no MLIR
/// text holds, stops it) into a temporary file upstream's reader can take.
fn hold_input(path: &str) -> Result<tempfile::NamedTempFile, String> {
    use std::io::Write;
    let bytes = crate::read_file_bounded(std::path::Path::new(path), |b| b.contains(&0))
        .map_err(|e| format!("{path}: error: cannot read input: {e}"))?;
    if let Some(d) = std::str::from_utf8(&bytes).ok().and_then(|t| ukernel_dialect::precheck::nul_byte(t, path)) {
        return Err(d.render(None).trim_end().to_string());
    }
    let mut held = tempfile::NamedTempFile::new().map_err(|e| format!("{path}: error: cannot hold input: {e}"))?;
    held.write_all(&bytes).map_err(|e| format!("{path}: error: cannot hold input: {e}"))?;
    Ok(held)
}

/// Runs the tool on `args` (without the program name); returns the exit code.
pub fn main_with_args(args: &[String]) -> i32 {
    // The input as the crash report names it: the last positional argument
    // (`-o` is the one option here that takes its value separately).
    let mut input = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if arg == "-o" {
            it.next();
        } else if !arg.starts_with('-') || arg == "-" {
            input = Some(arg);
        }
    }
    let shown = match input.map(String::as_str) {
        None | Some("-") => "<stdin>",
        Some(path) => path,
    };
    if let Some(code) = crate::guard::contain("ukernel-opt", shown) {
        return code;
    }
    // A device or FIFO as the input (`/dev/zero`, a pipe that never closes)
    // is read here, bounded, instead of by upstream's reader, which would
    // read it forever; what it held is given to upstream as a file.
    let mut args = args.to_vec();
    let _held = match input.cloned().filter(|p| p != "-") {
        Some(path) if std::fs::metadata(&path).is_ok_and(|m| !m.is_file() && !m.is_dir()) => match hold_input(&path) {
            Ok(held) => {
                for a in args.iter_mut().filter(|a| **a == path) {
                    *a = held.path().display().to_string();
                }
                Some(held)
            }
            Err(message) => {
                eprintln!("{message}");
                return 1;
            }
        },
        _ => None,
    };
    let mut argv: Vec<CString> = vec![CString::new("ukernel-opt").expect("program name")];
    for arg in &args {
        match CString::new(arg.as_str()) {
            Ok(a) => argv.push(a),
            Err(_) => {
                eprintln!("ukernel-opt: error: an argument contains a NUL byte");
                return 2;
            }
        }
    }
    let pointers: Vec<*const c_char> = argv.iter().map(|a| a.as_ptr()).collect();
    // SAFETY: `argv`'s NUL-terminated strings and `pointers` outlive the call; `HOOKS` is static.
    unsafe { ukOptMain(pointers.len() as c_int, pointers.as_ptr(), &HOOKS) }
}
