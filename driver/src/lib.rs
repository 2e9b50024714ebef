//! The project's tools: `ukernel-opt` and the `ukc` compiler driver.

pub mod expected;
pub mod opt;
pub mod split;
pub mod ukc;

/// Writes `text` to stdout. A closed pipe (e.g. `| head`) is not an error
/// worth a panic: the reader has what it wanted.
pub fn write_stdout(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|_| out.flush());
}
