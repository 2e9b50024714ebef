//! The runtime-only runner (`ukc-run`, `python -m ukernel run`, `ukc run`):
//! runs a package's kernels on GPUs with generated inputs, checks each
//! against its CPU reference (a family's, or upstream MLIR's outputs written
//! beside the package), and times them. It links neither LLVM nor MLIR, so
//! it runs on GPU machines that have neither.

pub mod reference;
pub mod run;
pub mod runner;
pub mod soak;
pub mod stress;
pub mod tune;

/// The environment variable that turns on the tools' logs: a level
/// (`info`, `debug`, `trace`) or `tracing`'s filter syntax
/// (`ukernel_target_nvptx=debug,ukernel_runtime=trace`).
pub const LOG_ENV: &str = "UKC_LOG";

/// Logs of the project's crates on stderr, as [`LOG_ENV`] asks; nothing
/// when it is unset or empty. A filter that does not parse is named once
/// on stderr and logging stays off. Call it first in `main`, before any
/// thread starts.
pub fn init_logging() {
    let Some(spec) = std::env::var(LOG_ENV).ok().filter(|s| !s.trim().is_empty()) else { return };
    match tracing_subscriber::EnvFilter::try_new(&spec) {
        Ok(filter) => {
            let _ = tracing_subscriber::fmt()
                .with_env_filter(filter)
                .with_writer(std::io::stderr)
                .with_target(true)
                .without_time()
                .try_init();
        }
        Err(e) => {
            eprintln!("warning: {LOG_ENV}={spec}: {e}; no logs");
            // Once: a child this tool runs (the crash guard's) stays quiet.
            // SAFETY: called first thing in main, before any other thread.
            unsafe { std::env::remove_var(LOG_ENV) };
        }
    }
}

pub use ukernel_runtime::bounded::{MAX_INPUT_BYTES, read_bounded, read_file_bounded};

/// `path` with its symbolic links followed (a dangling one to the path it
/// names, which the write then creates).
fn through_links(path: &std::path::Path) -> std::io::Result<std::path::PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                path = match path.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(path),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Writes `text` to stdout. A closed pipe (e.g. `| head`) is not an error
/// worth a panic: the reader has what it wanted.
pub fn write_stdout(text: impl AsRef<[u8]>) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_ref()).and_then(|_| out.flush());
}

/// Writes `bytes` to `path` through a temporary file in the same directory
/// and a rename, so that `path` is never left half-written (the temporary
/// file is removed on failure). A `path` that exists and is not a regular
/// file (`/dev/null`, a pipe, a terminal) is written in place: renaming
/// over it would replace the device or pipe with a file. A symbolic link is
/// written through: the file it names is replaced, the link stays.
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let resolved = through_links(path)?;
    let path = resolved.as_path();
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut out = std::fs::OpenOptions::new().write(true).open(path)?;
        return out.write_all(bytes).and_then(|_| out.flush());
    }
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    // The temporary file is private (0600); the output gets the mode of the
    // file it replaces, else rw-r--r--.
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path).map(|m| m.permissions().mode() & 0o7777).unwrap_or(0o644);
    file.as_file().set_permissions(std::fs::Permissions::from_mode(mode))?;
    file.write_all(bytes)?;
    file.as_file().sync_data()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_symbolic_link_is_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let (file, link, dangling) = (dir.path().join("real"), dir.path().join("link"), dir.path().join("dangling"));
        std::fs::write(&file, b"old").unwrap();
        std::os::unix::fs::symlink("real", &link).unwrap();
        super::write_atomically(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&file).unwrap(), b"new");
        // A link to a file not there yet creates it.
        std::os::unix::fs::symlink(dir.path().join("later"), &dangling).unwrap();
        super::write_atomically(&dangling, b"made").unwrap();
        assert!(std::fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(dir.path().join("later")).unwrap(), b"made");
    }

    #[test]
    fn a_pipe_or_device_is_written_in_place_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        // A named pipe stands for /dev/null, /dev/stdout and the like.
        let fifo = dir.path().join("pipe");
        let c_path = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a NUL-terminated path alive for the call.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(fifo).unwrap())
        };
        super::write_atomically(&fifo, b"package bytes").unwrap();
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(reader.join().unwrap(), b"package bytes");
        let file = dir.path().join("out.pkg");
        super::write_atomically(&file, b"one").unwrap();
        super::write_atomically(&file, b"two").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"two");
    }
}

/// Reads a package file, with the path in the error.
pub fn read_package(path: &str) -> Result<ukernel_runtime::Package, String> {
    // A file that does not start as a package is settled by its first bytes.
    let magic = ukernel_runtime::package::MAGIC;
    let bytes = read_file_bounded(std::path::Path::new(path), |b| !magic.starts_with(&b[..b.len().min(magic.len())]))
        .map_err(|e| format!("{path}: error: cannot read package: {e}"))?;
    ukernel_runtime::Package::from_bytes(&bytes).map_err(|e| format!("{path}: error: {e}"))
}
