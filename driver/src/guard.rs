//! Crash containment, as clang's driver does for its front end: `ukc` and
//! `ukernel-opt` run their compile work in a child process (the same
//! executable, marked by an environment variable), so that a crash inside
//! upstream MLIR or LLVM on some input (an abort, a stack overflow, a
//! segfault) becomes one line, `FILE: error: internal compiler error: ...`,
//! naming the stage, with exit code [`INTERNAL_ERROR_EXIT`] and no output
//! file (outputs are written atomically, only on success), instead of the
//! tool dying by a signal with a core dump.
//!
//! The child records the stage it enters in a file the parent reads after
//! a crash. `UKC_NO_CRASH_GUARD=1` runs the work in-process (for debuggers);
//! `UKC_DEBUG_CRASH_IN=<stage>` makes the work abort on entering that stage,
//! which is how the tests exercise the guard.
//! The embedding API (`ukc::compile`) runs in the caller's process: it
//! catches panics in the passes and rejects inputs known to crash the parser
//! (`ukernel_dialect::precheck`), but a crash inside upstream code on some
//! other input ends the caller's process; callers that take untrusted input
//! run `ukc` as a child process, or use [`contain`] around their own entry.

use std::io::Write;

/// Marks the child process.
pub const CHILD_ENV: &str = "UKC_CRASH_GUARD_CHILD";
/// The file the child writes its current stage to.
pub const STAGE_FILE_ENV: &str = "UKC_CRASH_GUARD_STAGE";
/// Runs the work in-process when set.
pub const DISABLE_ENV: &str = "UKC_NO_CRASH_GUARD";
/// Exit code of an internal error (a crash of the compile work).
pub const INTERNAL_ERROR_EXIT: i32 = 3;

/// In the parent: runs this program again with the same arguments as a
/// child, waits, and returns the exit code to exit with (a crash reported
/// against `input`). In the child, or with the guard disabled: None, and
/// the caller does the work.
pub fn contain(tool: &str, input: &str) -> Option<i32> {
    if std::env::var_os(CHILD_ENV).is_some() || std::env::var_os(DISABLE_ENV).is_some() {
        return None;
    }
    let exe = std::env::current_exe().ok()?;
    let stage_file = tempfile::NamedTempFile::new().ok()?;
    let mut command = std::process::Command::new(exe);
    command.args(std::env::args_os().skip(1)).env(CHILD_ENV, "1").env(STAGE_FILE_ENV, stage_file.path());
    // No core dump for a crash the parent reports. The child dies with the
    // parent: a ukc killed by SIGTERM (a build's timeout) or SIGINT must not
    // leave its work running to write the output later.
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        use std::os::unix::process::CommandExt;
        command.pre_exec(move || {
            let none = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
            libc::setrlimit(libc::RLIMIT_CORE, &none);
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong, 0, 0, 0);
            // The parent died before the request took effect.
            if libc::getppid() != parent {
                libc::_exit(1);
            }
            Ok(())
        });
    }
    let status = match command.status() {
        Ok(s) => s,
        // Cannot start a child: do the work in-process.
        Err(_) => return None,
    };
    if let Some(code) = status.code() {
        return Some(code);
    }
    use std::os::unix::process::ExitStatusExt;
    let signal = status.signal().unwrap_or(0);
    let stage = std::fs::read_to_string(stage_file.path()).unwrap_or_default();
    let stage = if stage.is_empty() { "start-up".to_string() } else { stage };
    let _ = writeln!(
        std::io::stderr(),
        "{input}: error: internal compiler error: {tool} crashed ({}) in the {stage} stage; nothing was written",
        signal_name(signal)
    );
    Some(INTERNAL_ERROR_EXIT)
}

/// Aborts the work on entering the stage it names (tests of the guard).
pub const DEBUG_CRASH_ENV: &str = "UKC_DEBUG_CRASH_IN";

/// Records, in a child, the stage its work enters.
pub fn enter(stage: &str) {
    if let Some(path) = std::env::var_os(STAGE_FILE_ENV) {
        let _ = std::fs::write(path, stage);
    }
    if std::env::var_os(DEBUG_CRASH_ENV).is_some_and(|s| s == stage) {
        std::process::abort();
    }
}

fn signal_name(signal: i32) -> String {
    match signal {
        libc::SIGABRT => "SIGABRT, an abort".into(),
        libc::SIGSEGV => "SIGSEGV, a segmentation fault".into(),
        libc::SIGBUS => "SIGBUS, a bus error".into(),
        libc::SIGILL => "SIGILL, an illegal instruction".into(),
        libc::SIGFPE => "SIGFPE, an arithmetic fault".into(),
        libc::SIGKILL => "SIGKILL, killed (out of memory?)".into(),
        n => format!("signal {n}"),
    }
}
