//! Reference outputs: what each kernel of a package must compute on inputs
//! generated from a seed, as upstream MLIR's own CPU execution of the same
//! function computed them (`ukc compile --reference`, see `oracle.rs`), and
//! the comparison `ukc-run run` makes against them. Runtime-only: no MLIR
//! or LLVM.
//!
//! Beside a package `P`, the directory `P.ref/` holds `manifest.txt` and one
//! file per written buffer of each kernel (its bytes after the CPU run):
//!
//! ```text
//! ukernel-reference 2
//! kernel <name> seed <u64> dynamic_size <n> tolerance <f64>
//! output <dispatch argument> <element> <dims joined by x, or - for rank 0> <file>
//! ```
//!
//! **Inputs.** Every buffer the caller gives (read, written or both) is
//! generated from the kernel's seed and the argument's position: floats are
//! `k / 128` for `k` uniform in [-128, 128), exact in bf16, f16, f32 and
//! f64, so both sides start from the same values whatever the type;
//! integers are uniform in [1, 4] (valid as small exponents, indices and
//! offsets, and never a zero divisor). Version 2 of the manifest: version 1
//! directories were made from integers in [0, 4) and are refused, with the
//! advice to compile again with `--reference`.
//!
//! **Tolerance.** Integers must match exactly, NaN must meet NaN and an
//! infinity the same infinity. A finite float result `got` matches `want`
//! when `|got - want| <= tol * (|want| + rms)`, where `rms` is the
//! root-mean-square of the buffer's finite reference values and
//! `tol = 8 u + 4 max_r(sqrt(n_r) u_r)`: `u` is the unit roundoff of the
//! narrowest float type among the function's values (2^-8 for bf16, 2^-11
//! for f16, 2^-24 for f32), and each reduction `r` of `n_r` terms into an
//! accumulator of unit roundoff `u_r` adds the usual sqrt(n) growth of
//! rounding errors in a sum whose order differs. A wrong result (a race, a
//! missing term, a wrong index) is off by far more than that.

use std::path::{Path, PathBuf};

use ukernel_runtime::{ArgSpec, ElementKind, PackagedKernel, launch::Access, launch::Dim};
use ukernels::check::Buffer;

pub const MANIFEST: &str = "manifest.txt";
const HEADER: &str = "ukernel-reference 2";

/// The reference directory of a package: the package's path with `.ref`
/// appended.
pub fn directory_of(package: &Path) -> PathBuf {
    let mut name = package.as_os_str().to_owned();
    name.push(".ref");
    PathBuf::from(name)
}

/// One written buffer of a kernel and where its reference bytes are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    /// The dispatch argument (buffers and temporaries counted in order).
    pub arg: i64,
    pub element: ElementKind,
    pub dims: Vec<u64>,
    pub file: String,
}

/// What one kernel is checked against.
#[derive(Clone, Debug, PartialEq)]
pub struct KernelReference {
    pub kernel: String,
    pub seed: u64,
    pub dynamic_size: u64,
    pub tolerance: f64,
    pub outputs: Vec<Output>,
}

#[derive(Debug, thiserror::Error)]
pub enum ReferenceError {
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    #[error("{path}:{line}: error: {message}")]
    Syntax { path: String, line: usize, message: String },
}

/// The seed of a kernel's inputs: a hash of its name, so that a kernel's
/// inputs do not change when others are added to the module.
pub fn seed_of(kernel: &str) -> u64 {
    kernel.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// The tolerance of a function whose narrowest float has `narrowest` mantissa
/// bits and whose reductions are (terms, accumulator mantissa bits). A
/// reduction of n terms grows like sqrt(n) roundings for terms of mixed
/// signs and like n / 32 for terms of one sign (a sum of squares or of
/// exponentials), where the reference's sequential sum drifts from any other
/// order (see `ukernel_passes::two_stage_reductions::MAX_FLOAT_SUM_EXTENT`).
pub fn tolerance(narrowest: Option<u32>, reductions: &[(u64, u32)]) -> f64 {
    let unit = |bits: u32| 2f64.powi(-(bits as i32));
    let Some(bits) = narrowest else { return 0.0 };
    let terms = |n: u64| (n as f64).sqrt().max(n as f64 / 32.0);
    let growth = reductions.iter().map(|(n, acc)| terms(*n) * unit(*acc)).fold(0.0, f64::max);
    8.0 * unit(bits) + 4.0 * growth
}

/// The dims a buffer argument gets: its static dims, `dynamic_size` for the
/// others.
fn dims_of(shape: &[Dim], dynamic_size: u64) -> Vec<u64> {
    shape.iter().map(|d| if let Dim::Static(n) = d { *n } else { dynamic_size }).collect()
}

/// The given buffers of `kernel` (scratch excluded), zeroed, each with the
/// dispatch argument it is: buffers and temporaries (scratch) are the
/// dispatch's arguments in order, and references name them by number.
pub fn given_buffers(kernel: &PackagedKernel, dynamic_size: u64) -> Vec<Buffer> {
    given_shapes(kernel, dynamic_size)
        .into_iter()
        .map(|(arg, element, dims)| {
            let bytes = vec![0u8; dims.iter().product::<u64>() as usize * element.size_bytes()];
            Buffer { arg, element: element.name().to_string(), dims, bytes }
        })
        .collect()
}

/// What [`given_buffers`] makes, without the bytes: each buffer's dispatch
/// argument, element type and dims.
pub fn given_shapes(kernel: &PackagedKernel, dynamic_size: u64) -> Vec<(i64, ElementKind, Vec<u64>)> {
    let mut out = Vec::new();
    let mut dispatch_arg = -1i64;
    for spec in &kernel.launch.args {
        if matches!(spec, ArgSpec::Buffer { .. } | ArgSpec::Scratch { .. }) {
            dispatch_arg += 1;
        }
        let ArgSpec::Buffer { element, shape, .. } = spec else { continue };
        out.push((dispatch_arg, *element, dims_of(shape, dynamic_size)));
    }
    out
}

/// The given buffers of `kernel`, each generated from `seed` and its
/// position.
pub fn generate_inputs(kernel: &PackagedKernel, seed: u64, dynamic_size: u64) -> Vec<Buffer> {
    let mut out = given_buffers(kernel, dynamic_size);
    for b in &mut out {
        let mut state = seed ^ (b.arg as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        if state == 0 {
            state = 1;
        }
        let element = ElementKind::from_name(&b.element).unwrap_or(ElementKind::I8);
        b.bytes = generate(element, b.elements(), state);
    }
    out
}

fn generate(element: ElementKind, count: usize, mut state: u64) -> Vec<u8> {
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let size = element.size_bytes();
    let mut bytes = Vec::with_capacity(count * size);
    for _ in 0..count {
        let r = next();
        match element {
            ElementKind::F32 | ElementKind::F64 | ElementKind::F16 | ElementKind::BF16 => {
                let value = ((r >> 56) as i64 - 128) as f32 / 128.0;
                match element {
                    ElementKind::F32 => bytes.extend_from_slice(&value.to_le_bytes()),
                    ElementKind::F64 => bytes.extend_from_slice(&(value as f64).to_le_bytes()),
                    // Exact in both: k / 128 needs at most 8 significant bits.
                    ElementKind::BF16 => bytes.extend_from_slice(&((value.to_bits() >> 16) as u16).to_le_bytes()),
                    _ => bytes.extend_from_slice(&ukernels::reference::F16::from_f32(value).0.to_le_bytes()),
                }
            }
            // Any finite 8-bit float: NaN and infinity patterns become a
            // zero of the same sign.
            ElementKind::F8E4M3FN | ElementKind::F8E5M2 => {
                let b = (r >> 56) as u8;
                let special = match element {
                    ElementKind::F8E4M3FN => b & 0x7F == 0x7F,
                    _ => b & 0x7C == 0x7C,
                };
                bytes.push(if special { b & 0x80 } else { b });
            }
            ElementKind::I1 => bytes.push((r >> 63) as u8),
            // 1 to 4: small (an index or offset stays in bounds) and never 0
            // (a divisor: x / 0 traps in the CPU reference).
            _ => bytes.extend_from_slice(&((r >> 62) + 1).to_le_bytes()[..size]),
        }
    }
    bytes
}

/// Whether the kernel writes argument `spec`.
pub fn is_written(spec: &ArgSpec) -> bool {
    matches!(spec, ArgSpec::Buffer { access: Access::Write | Access::ReadWrite, .. })
}

/// Writes `references` and their outputs' bytes (`data[i][j]` for output `j`
/// of reference `i`) into `dir`, replacing what was there. A reference
/// with fewer byte vectors than outputs shares the files of an earlier
/// one (the same function compiled twice): its manifest lines name them,
/// nothing is written for them.
pub fn write(dir: &Path, references: &[KernelReference], data: &[Vec<Vec<u8>>]) -> Result<(), ReferenceError> {
    let io = |e: std::io::Error| ReferenceError::Io { path: dir.display().to_string(), message: e.to_string() };
    if dir.exists() {
        std::fs::remove_dir_all(dir).map_err(io)?;
    }
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut manifest = format!("{HEADER}\n");
    for (r, bytes) in references.iter().zip(data) {
        manifest += &format!(
            "kernel {} seed {} dynamic_size {} tolerance {:e}\n",
            r.kernel, r.seed, r.dynamic_size, r.tolerance
        );
        for (j, o) in r.outputs.iter().enumerate() {
            let dims: Vec<String> = o.dims.iter().map(|d| d.to_string()).collect();
            let dims = if dims.is_empty() { "-".to_string() } else { dims.join("x") };
            manifest += &format!("output {} {} {dims} {}\n", o.arg, o.element.name(), o.file);
            if let Some(b) = bytes.get(j) {
                crate::write_atomically(&dir.join(&o.file), b).map_err(io)?;
            }
        }
    }
    crate::write_atomically(&dir.join(MANIFEST), manifest.as_bytes()).map_err(io)
}

/// Reads the manifest of `dir`.
pub fn read(dir: &Path) -> Result<Vec<KernelReference>, ReferenceError> {
    let path = dir.join(MANIFEST);
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(&path)
        .map_err(|e| ReferenceError::Io { path: shown.clone(), message: e.to_string() })?;
    let syntax = |line: usize, message: String| ReferenceError::Syntax { path: shown.clone(), line, message };
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, HEADER)) => {}
        Some((_, "ukernel-reference 1")) => {
            return Err(syntax(
                1,
                format!(
                    "an older reference format (its integer inputs differ); compile the package again with \
                     --reference ('{HEADER}')"
                ),
            ));
        }
        _ => return Err(syntax(1, format!("expected '{HEADER}'"))),
    }
    let mut out: Vec<KernelReference> = Vec::new();
    for (i, line) in lines {
        let n = i + 1;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            [] => {}
            ["kernel", name, "seed", seed, "dynamic_size", size, "tolerance", tol] => {
                let number = |w: &str| w.parse::<u64>().map_err(|_| syntax(n, format!("'{w}' is not a number")));
                out.push(KernelReference {
                    kernel: name.to_string(),
                    seed: number(seed)?,
                    dynamic_size: number(size)?,
                    tolerance: tol.parse().map_err(|_| syntax(n, format!("'{tol}' is not a tolerance")))?,
                    outputs: Vec::new(),
                });
            }
            ["output", arg, element, dims, file] => {
                let reference = out.last_mut().ok_or_else(|| syntax(n, "an output before any kernel".into()))?;
                let element =
                    ElementKind::from_name(element).ok_or_else(|| syntax(n, format!("unknown element '{element}'")))?;
                let dims = if *dims == "-" {
                    Vec::new()
                } else {
                    dims.split('x')
                        .map(|d| d.parse::<u64>().map_err(|_| syntax(n, format!("bad dims '{dims}'"))))
                        .collect::<Result<_, _>>()?
                };
                if file.contains('/') || file.starts_with('.') {
                    return Err(syntax(n, format!("'{file}' is not a file name in the directory")));
                }
                reference.outputs.push(Output {
                    arg: arg.parse().map_err(|_| syntax(n, format!("'{arg}' is not an argument")))?,
                    element,
                    dims,
                    file: file.to_string(),
                });
            }
            _ => return Err(syntax(n, format!("unexpected line '{line}'"))),
        }
    }
    Ok(out)
}

fn values(element: ElementKind, bytes: &[u8]) -> Option<Vec<f64>> {
    let e = match element {
        ElementKind::F32 => ukernels::ElementType::F32,
        ElementKind::F16 => ukernels::ElementType::F16,
        ElementKind::BF16 => ukernels::ElementType::BF16,
        ElementKind::F64 => {
            return Some(bytes.chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).collect());
        }
        _ => return None,
    };
    Some(ukernels::check::decode(e, bytes).into_iter().map(f64::from).collect())
}

/// Compares a buffer's bytes with its reference; returns what differs (empty
/// when it matches), naming the first few elements and the count.
pub fn compare(name: &str, element: ElementKind, want: &[u8], got: &[u8], tolerance: f64) -> Vec<String> {
    if want.len() != got.len() {
        return vec![format!("{name}: {} bytes, the reference has {}", got.len(), want.len())];
    }
    let mut bad = Vec::new();
    let mut count = 0usize;
    let mut note = |i: usize, text: String| {
        count += 1;
        if bad.len() < 3 {
            bad.push(format!("[{i}] {text}"));
        }
    };
    match (values(element, want), values(element, got)) {
        (Some(want), Some(got)) => {
            let finite: Vec<f64> = want.iter().copied().filter(|v| v.is_finite()).collect();
            let rms = (finite.iter().map(|v| v * v).sum::<f64>() / finite.len().max(1) as f64).sqrt();
            for (i, (w, g)) in want.iter().zip(&got).enumerate() {
                let ok = if w.is_nan() || g.is_nan() {
                    w.is_nan() && g.is_nan()
                } else if w.is_infinite() || g.is_infinite() {
                    w == g
                } else {
                    (g - w).abs() <= tolerance * (w.abs() + rms)
                };
                if !ok {
                    note(i, format!("{g} (reference {w})"));
                }
            }
        }
        _ => {
            let size = element.size_bytes();
            for (i, (w, g)) in want.chunks(size).zip(got.chunks(size)).enumerate() {
                if w != g {
                    let int = |b: &[u8]| {
                        let mut full = [0u8; 8];
                        full[..b.len()].copy_from_slice(b);
                        i64::from_le_bytes(full)
                    };
                    note(i, format!("{} (reference {})", int(g), int(w)));
                }
            }
        }
    }
    if count == 0 {
        return Vec::new();
    }
    let total = want.len() / element.size_bytes().max(1);
    vec![format!("{name}: {count} of {total} elements differ: {}", bad.join(", "))]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerance_grows_with_the_narrowest_type_and_reduction_length() {
        assert_eq!(tolerance(None, &[]), 0.0);
        let f32_only = tolerance(Some(24), &[]);
        let bf16 = tolerance(Some(8), &[]);
        assert!(bf16 > 1000.0 * f32_only);
        assert!(tolerance(Some(24), &[(4096, 24)]) > f32_only);
        assert!((tolerance(Some(8), &[]) - 8.0 / 256.0).abs() < 1e-12);
        // Past 1024 terms the one-sign drift (n / 32) exceeds sqrt(n).
        let u = 2f64.powi(-24);
        assert!((tolerance(Some(24), &[(1024, 24)]) - (8.0 * u + 4.0 * 32.0 * u)).abs() < 1e-15);
        assert!((tolerance(Some(24), &[(32000, 24)]) - (8.0 * u + 4.0 * 1000.0 * u)).abs() < 1e-15);
    }

    #[test]
    fn comparison_accepts_rounding_and_rejects_wrong_values() {
        let enc = |v: &[f32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let want = enc(&[1.0, -2.0, f32::NAN, f32::INFINITY, 0.0]);
        let close = enc(&[1.0 + 1e-7, -2.0, f32::NAN, f32::INFINITY, 1e-7]);
        assert!(compare("out", ElementKind::F32, &want, &close, 1e-6).is_empty());
        let wrong = enc(&[1.5, -2.0, 0.0, f32::INFINITY, 0.0]);
        let e = compare("out", ElementKind::F32, &want, &wrong, 1e-6);
        assert_eq!(e.len(), 1);
        assert!(e[0].contains("2 of 5 elements differ"), "{e:?}");
        let neg_inf = enc(&[1.0, -2.0, f32::NAN, f32::NEG_INFINITY, 0.0]);
        assert!(!compare("out", ElementKind::F32, &want, &neg_inf, 1e-6).is_empty());
        let ints = |v: &[i64]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        assert!(compare("i", ElementKind::I64, &ints(&[3, 4]), &ints(&[3, 4]), 0.5).is_empty());
        assert!(!compare("i", ElementKind::I64, &ints(&[3, 4]), &ints(&[3, 5]), 0.5).is_empty());
    }

    #[test]
    fn manifest_round_trips_and_bad_lines_are_located() {
        let dir = tempfile::tempdir().unwrap();
        let r = KernelReference {
            kernel: "k".into(),
            seed: seed_of("k"),
            dynamic_size: 7,
            tolerance: 0.03125,
            outputs: vec![Output { arg: 2, element: ElementKind::BF16, dims: vec![1, 7], file: "k.arg2.bin".into() }],
        };
        write(dir.path(), std::slice::from_ref(&r), &[vec![vec![0u8; 14]]]).unwrap();
        assert_eq!(read(dir.path()).unwrap(), vec![r]);
        std::fs::write(dir.path().join(MANIFEST), "ukernel-reference 2\noutput 1 f32 - x.bin\n").unwrap();
        let e = read(dir.path()).unwrap_err().to_string();
        assert!(e.ends_with("manifest.txt:2: error: an output before any kernel"), "{e}");
        // A version 1 directory (integer inputs from 0) is refused, located.
        std::fs::write(dir.path().join(MANIFEST), "ukernel-reference 1\n").unwrap();
        let e = read(dir.path()).unwrap_err().to_string();
        assert!(e.contains("manifest.txt:1: error: an older reference format"), "{e}");
    }

    #[test]
    fn generated_integers_are_small_and_never_zero() {
        let bytes = generate(ElementKind::I32, 1000, 12345);
        let values: Vec<i32> = bytes.chunks(4).map(|c| i32::from_le_bytes(c.try_into().unwrap())).collect();
        assert!(values.iter().all(|v| (1..=4).contains(v)), "{values:?}");
        assert!((1..=4).all(|k| values.contains(&k)));
    }

    #[test]
    fn generated_floats_are_exact_in_every_type() {
        for element in [ElementKind::F32, ElementKind::BF16, ElementKind::F16] {
            let bytes = generate(element, 1000, 12345);
            let v = values(element, &bytes).unwrap();
            assert!(v.iter().all(|x| (x * 128.0).fract() == 0.0 && (-1.0..1.0).contains(x)));
            assert_eq!(v, values(ElementKind::F32, &generate(ElementKind::F32, 1000, 12345)).unwrap());
        }
    }
}
