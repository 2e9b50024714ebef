//! The runtime-only runner (`ukc-run`, `python -m ukernel run`, `ukc run`):
//! runs a package's kernels on GPUs with generated inputs, checks each
//! against its CPU reference (a family's, or upstream MLIR's outputs written
//! beside the package), and times them. It links neither LLVM nor MLIR, so
//! it runs on GPU machines that have neither.

pub mod reference;
pub mod run;
pub mod runner;

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
/// over it would replace the device or pipe with a file.
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
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
    fn a_pipe_or_device_is_written_in_place_not_replaced() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        // A named pipe stands for /dev/null, /dev/stdout and the like.
        let fifo = dir.path().join("pipe");
        let c_path = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
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
