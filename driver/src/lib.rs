//! The project's tools: `ukernel-opt` and the `ukc` compiler driver.

#[cfg(feature = "compiler")]
pub mod compile;
#[cfg(feature = "compiler")]
pub mod guard;
#[cfg(feature = "compiler")]
pub mod opt;
#[cfg(feature = "compiler")]
pub mod oracle;
#[cfg(feature = "compiler")]
pub mod progress;
pub mod linalg_gen;
pub mod reference;
pub mod run;
pub mod runner;
#[cfg(feature = "compiler")]
pub mod ukc;

/// Writes `text` to stdout. A closed pipe (e.g. `| head`) is not an error
/// worth a panic: the reader has what it wanted.
pub fn write_stdout(text: impl AsRef<[u8]>) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_ref()).and_then(|_| out.flush());
}

/// Writes `bytes` to `path` through a temporary file in the same directory
/// and a rename, so that `path` is never left half-written (the temporary
/// file is removed on failure).
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
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
