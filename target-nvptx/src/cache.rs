//! A compile cache for the expensive end of a compile (linking, O3, NVPTX
//! codegen, ptxas): per partition (one kernel, as a rule) and arch, the PTX,
//! the cubin and the list of linked objects, keyed by a SHA-256 of
//! everything that decides them: the partition's translated LLVM IR, the
//! bytes of every object and of libdevice, the arch, the ukernel linkage,
//! whether a cubin is made, this compiler's version and build (the running
//! executable's size and modification time: a rebuilt compiler of the same
//! version misses) and ptxas's identity. An unchanged dispatch compiles
//! again without LLVM or ptxas, whatever else of its module changed.
//!
//! Entries are files in the cache directory (`$UKC_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/ukc`, else `~/.cache/ukc`), written atomically (a
//! temporary file renamed), so concurrent compiles share it safely; a
//! damaged entry (wrong magic, short, or bytes that no longer match the
//! SHA-256 it carries: a flipped digit of PTX would be other code) is a
//! miss, and the compile writes it again. Nothing ever evicts
//! entries: delete the directory to reclaim the space.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// Version 2 entries carry a SHA-256 of their payload (version 1 entries
/// are misses).
const MAGIC: &[u8; 8] = b"UKCACHE2";
const DIGEST_BYTES: usize = 32;

/// What one arch's emission produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub ptx: String,
    pub linked: Vec<String>,
    pub cubin: Option<Vec<u8>>,
}

#[derive(Clone, Debug)]
pub struct CompileCache {
    dir: PathBuf,
}

impl CompileCache {
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The cache in its usual place, if a home for it is known.
    pub fn default_location() -> Option<Self> {
        let env = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty()).map(PathBuf::from);
        let dir = env("UKC_CACHE_DIR").or_else(|| dirs::cache_dir().map(|d| d.join("ukc")))?;
        Some(Self::new(dir))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn get(&self, key: &str) -> Option<Entry> {
        decode(&std::fs::read(self.dir.join(key)).ok()?)
    }

    /// Stores an entry; a cache that cannot be written is not an error of
    /// the compile (the next one recomputes).
    pub fn put(&self, key: &str, entry: &Entry) {
        let write = || -> std::io::Result<()> {
            std::fs::create_dir_all(&self.dir)?;
            let mut file = tempfile::NamedTempFile::new_in(&self.dir)?;
            std::io::Write::write_all(&mut file, &encode(entry))?;
            file.persist(self.dir.join(key)).map_err(|e| e.error)?;
            Ok(())
        };
        let _ = write();
    }
}

/// The inputs of one partition's emission for one arch, hashed into a key.
#[derive(Clone, Copy)]
pub struct KeyInputs<'a> {
    pub ir: &'a str,
    /// [`objects_digest`] of the objects and libdevice offered to the link.
    pub objects_digest: &'a str,
    pub arch: &'a str,
    pub linkage: &'a str,
    /// ptxas's path, size and modification time (None: no cubin).
    pub ptxas: Option<&'a str>,
}

fn hex(h: Sha256) -> String {
    hex::encode(h.finalize())
}

fn field(h: &mut Sha256, bytes: &[u8]) {
    h.update((bytes.len() as u64).to_le_bytes());
    h.update(bytes);
}

/// One digest of every object (path and bytes) and of libdevice: hashed
/// once per arch, not once per partition.
pub fn objects_digest(objects: &[(String, Vec<u8>)], libdevice: Option<&[u8]>) -> String {
    let mut h = Sha256::new();
    for (path, bytes) in objects {
        field(&mut h, path.as_bytes());
        field(&mut h, bytes);
    }
    field(&mut h, libdevice.unwrap_or_default());
    hex(h)
}

pub fn key(inputs: &KeyInputs) -> String {
    let mut h = Sha256::new();
    field(&mut h, env!("CARGO_PKG_VERSION").as_bytes());
    field(&mut h, compiler_build().as_bytes());
    field(&mut h, inputs.arch.as_bytes());
    field(&mut h, inputs.linkage.as_bytes());
    field(&mut h, inputs.ir.as_bytes());
    field(&mut h, inputs.objects_digest.as_bytes());
    field(&mut h, inputs.ptxas.unwrap_or("no cubin").as_bytes());
    hex(h)
}

/// This compiler's build for the key: the running executable's size and
/// modification time (codegen changes between builds of one version change
/// the output without changing any input).
fn compiler_build() -> &'static str {
    static BUILD: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    BUILD.get_or_init(|| {
        std::env::current_exe()
            .and_then(std::fs::metadata)
            .map(|m| format!("{} {:?}", m.len(), m.modified().ok()))
            .unwrap_or_default()
    })
}

/// ptxas's identity for the key: path, size and modification time.
pub fn tool_identity(path: &Path) -> String {
    let meta = std::fs::metadata(path).ok();
    let size = meta.as_ref().map_or(0, |m| m.len());
    let modified = meta
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    format!("{} {size} {modified}", path.display())
}

/// The magic, the payload's SHA-256, then the payload.
fn encode(e: &Entry) -> Vec<u8> {
    let payload = encode_payload(e);
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&Sha256::digest(&payload));
    out.extend_from_slice(&payload);
    out
}

fn encode_payload(e: &Entry) -> Vec<u8> {
    let mut out = Vec::new();
    let mut bytes = |b: &[u8]| {
        out.extend_from_slice(&(b.len() as u64).to_le_bytes());
        out.extend_from_slice(b);
    };
    bytes(e.ptx.as_bytes());
    bytes(e.linked.join("\n").as_bytes());
    match &e.cubin {
        Some(c) => {
            bytes(b"1");
            bytes(c);
        }
        None => bytes(b"0"),
    }
    out
}

fn decode(data: &[u8]) -> Option<Entry> {
    let rest = data.strip_prefix(MAGIC.as_slice())?;
    let (digest, mut rest) = (rest.get(..DIGEST_BYTES)?, rest.get(DIGEST_BYTES..)?);
    if Sha256::digest(rest).as_slice() != digest {
        return None;
    }
    let mut bytes = || -> Option<&[u8]> {
        let n = u64::from_le_bytes(rest.get(..8)?.try_into().ok()?) as usize;
        let b = rest.get(8..8usize.checked_add(n)?)?;
        rest = &rest[8 + n..];
        Some(b)
    };
    let ptx = String::from_utf8(bytes()?.to_vec()).ok()?;
    let linked_text = String::from_utf8(bytes()?.to_vec()).ok()?;
    let linked = if linked_text.is_empty() { Vec::new() } else { linked_text.split('\n').map(String::from).collect() };
    let cubin = match bytes()? {
        b"1" => Some(bytes()?.to_vec()),
        _ => None,
    };
    Some(Entry { ptx, linked, cubin })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_damage_is_a_miss() {
        let dir = tempfile::tempdir().unwrap();
        let cache = CompileCache::new(dir.path());
        let entry = Entry { ptx: "// ptx".into(), linked: vec!["a.bc".into(), "b.bc".into()], cubin: Some(vec![1, 2]) };
        cache.put("k", &entry);
        assert_eq!(cache.get("k"), Some(entry.clone()));
        assert_eq!(cache.get("missing"), None);
        std::fs::write(dir.path().join("k"), b"UKCACHE2\xff").unwrap();
        assert_eq!(cache.get("k"), None);
        // One flipped byte of PTX: the digest no longer matches.
        cache.put("k", &entry);
        let mut bytes = std::fs::read(dir.path().join("k")).unwrap();
        let at = bytes.len() - 20;
        bytes[at] ^= 1;
        std::fs::write(dir.path().join("k"), &bytes).unwrap();
        assert_eq!(cache.get("k"), None);
        // Truncated by one byte.
        cache.put("k", &entry);
        let bytes = std::fs::read(dir.path().join("k")).unwrap();
        std::fs::write(dir.path().join("k"), &bytes[..bytes.len() - 1]).unwrap();
        assert_eq!(cache.get("k"), None);
        cache.put("k", &entry);
        assert_eq!(cache.get("k"), Some(entry));
    }

    #[test]
    fn the_key_changes_with_every_input() {
        let objects = vec![("o.bc".to_string(), vec![1u8])];
        let digest = objects_digest(&objects, None);
        let base = KeyInputs { ir: "ir", objects_digest: &digest, arch: "sm_90", linkage: "inline", ptxas: None };
        let k = key(&base);
        let other_bytes = objects_digest(&[("o.bc".to_string(), vec![2u8])], None);
        let other_path = objects_digest(&[("p.bc".to_string(), vec![1u8])], None);
        let with_libdevice = objects_digest(&objects, Some(b"x"));
        assert_ne!(k, key(&KeyInputs { ir: "ir2", ..base }));
        assert_ne!(k, key(&KeyInputs { arch: "sm_80", ..base }));
        assert_ne!(k, key(&KeyInputs { linkage: "call", ..base }));
        assert_ne!(k, key(&KeyInputs { objects_digest: &other_bytes, ..base }));
        assert_ne!(k, key(&KeyInputs { objects_digest: &other_path, ..base }));
        assert_ne!(k, key(&KeyInputs { objects_digest: &with_libdevice, ..base }));
        assert_ne!(k, key(&KeyInputs { ptxas: Some("p"), ..base }));
        assert_eq!(k, key(&KeyInputs { ..base }));
    }
}
