//! Reading inputs that may never end (`/dev/zero`, a FIFO nobody closes)
//! to a bound: an error past it, not gigabytes of memory and a hang. Every
//! tool reads its packages, modules, objects and tuning files through it.

/// The most bytes a package, object or input module is read to: an input
/// that never ends (`/dev/zero`, a FIFO nobody closes) is an error here, not
/// gigabytes of memory and a hang.
pub const MAX_INPUT_BYTES: u64 = 2 << 30;

/// Reads `reader` to its end, in chunks, up to [`MAX_INPUT_BYTES`] (an
/// error past it); stops early, keeping what it read, once `enough` says
/// the bytes so far settle it (a wrong header, a NUL byte in text).
pub fn read_bounded(reader: impl std::io::Read, enough: impl Fn(&[u8]) -> bool) -> std::io::Result<Vec<u8>> {
    read_up_to(reader, MAX_INPUT_BYTES, enough)
}

/// [`read_bounded`] with its own cap of `cap` bytes.
pub fn read_up_to(
    mut reader: impl std::io::Read,
    cap: u64,
    enough: impl Fn(&[u8]) -> bool,
) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let mut chunk = vec![0u8; 1 << 20];
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => return Ok(bytes),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if bytes.len() as u64 + n as u64 > cap {
            return Err(std::io::Error::other(format!("more than {} MiB (an input that never ends?)", cap >> 20)));
        }
        bytes.extend_from_slice(&chunk[..n]);
        if enough(&bytes) {
            return Ok(bytes);
        }
    }
}

/// [`read_bounded`] of the file (or device, or FIFO) at `path`.
pub fn read_file_bounded(path: &std::path::Path, enough: impl Fn(&[u8]) -> bool) -> std::io::Result<Vec<u8>> {
    read_bounded(std::fs::File::open(path)?, enough)
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    #[test]
    fn an_endless_input_stops_at_the_cap_or_when_enough_is_read() {
        // /dev/zero never ends: a wrong first byte settles it at once.
        let zeros = std::io::repeat(0).take(super::MAX_INPUT_BYTES + 1);
        let read = super::read_bounded(zeros, |b| !b.is_empty() && b[0] != b'U').unwrap();
        assert_eq!(read.len(), 1 << 20);
        // Nothing settles it: an error at the cap.
        let err = super::read_up_to(std::io::repeat(b'x'), 4 << 20, |_| false).unwrap_err();
        assert!(err.to_string().contains("never ends"), "{err}");
        // A short input is read whole.
        assert_eq!(super::read_bounded(&b"abc"[..], |_| false).unwrap(), b"abc");
    }
}
