//! `run`: loads a package on every GPU (or the chosen ones), runs each
//! kernel on generated inputs, checks the results against the CPU reference
//! the package names, and times each kernel. Runtime-only.

use std::fmt::Write as _;

use ukernel_runtime::{ArgSpec, ElementKind, LaunchArg, Package, PackagedKernel, Runtime, launch::Dim};
use ukernels::ElementType;

use crate::check::{Rng, encode, reference_row};

/// Settings of a run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Size given to every dynamic dimension.
    pub dynamic_size: u64,
    /// Timed launches per measurement (the median of 5 measurements is shown).
    pub repeat: u32,
    /// Where to save the input and index output of each checked kernel
    /// (inputs up to 64 MiB), with a `manifest.txt`, for comparison with
    /// other implementations.
    pub save_dir: Option<std::path::PathBuf>,
}

impl Default for RunOptions {
    fn default() -> Self {
        Self { dynamic_size: 1000, repeat: 20, save_dir: None }
    }
}

/// One kernel on one device.
pub struct KernelRun {
    pub kernel: String,
    pub device: usize,
    pub micros: f32,
    /// Bytes of the checked input (0 when there is none), for throughput.
    pub input_bytes: usize,
    /// None: nothing to check against; Some(errors).
    pub mismatches: Option<Vec<String>>,
    pub detail: String,
}

fn element_type(k: ElementKind) -> Option<ElementType> {
    match k {
        ElementKind::F32 => Some(ElementType::F32),
        ElementKind::F16 => Some(ElementType::F16),
        ElementKind::BF16 => Some(ElementType::BF16),
        _ => None,
    }
}

/// Input rows: row 0 holds two NaNs, row 1 ties at its maximum, row 2 is all
/// -inf, the rest random.
fn input_values(rows: usize, length: usize, rng: &mut Rng) -> Vec<f32> {
    let mut v: Vec<f32> = (0..rows * length).map(|_| rng.unit() * 200.0 - 100.0).collect();
    if length == 0 {
        return v;
    }
    if rows > 0 {
        v[length / 3] = f32::NAN;
        v[length - 1] = f32::NAN;
    }
    if rows > 1 {
        v[length + length / 2] = 500.0;
        v[length + length / 4] = 500.0;
    }
    if rows > 2 {
        v[2 * length..3 * length].fill(f32::NEG_INFINITY);
    }
    v
}

/// Runs every kernel of `package` on every device of `rt`. With
/// `concurrent`, each kernel runs on all devices at the same time: one
/// thread per device, each on its device's own context, stream, module cache
/// and buffers, so no device waits for another.
pub fn run_package(
    rt: &Runtime,
    package: &Package,
    options: &RunOptions,
    concurrent: bool,
) -> Result<Vec<KernelRun>, ukernel_runtime::Error> {
    let mut out = Vec::new();
    for kernel in &package.kernels {
        let devices = 0..rt.devices().len();
        if !concurrent {
            for device in devices {
                out.push(run_kernel(rt, kernel, device, options)?);
            }
            continue;
        }
        let runs: Vec<Result<KernelRun, ukernel_runtime::Error>> = std::thread::scope(|scope| {
            let handles: Vec<_> = devices.map(|d| scope.spawn(move || run_kernel(rt, kernel, d, options))).collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|_| Err(ukernel_runtime::Error::Io("a device thread panicked".into())))
                })
                .collect()
        });
        for r in runs {
            out.push(r?);
        }
    }
    Ok(out)
}

fn run_kernel(
    rt: &Runtime,
    kernel: &PackagedKernel,
    device: usize,
    options: &RunOptions,
) -> Result<KernelRun, ukernel_runtime::Error> {
    let loaded = rt.load(device, kernel)?;
    let dev = &rt.devices()[device];
    let attr = |k: &str| kernel.attributes.get(k).and_then(|v| v.parse::<i64>().ok()).unwrap_or(-1);
    let (input_arg, value_arg, index_arg) = (attr("reference.input"), attr("reference.value"), attr("reference.index"));
    let is_argmax = kernel.attributes.get("reference").map(String::as_str) == Some("argmax");
    let semantics = kernel.attributes.get("reference.semantics").cloned().unwrap_or_else(|| "first-nan".into());
    let producer = kernel.attributes.get("reference.producer").cloned().unwrap_or_default();
    let mut rng = Rng(0x5eed_1234_9876_abcd);
    // Given buffers, in order, with their data.
    let mut buffers = Vec::new();
    for spec in &kernel.launch.args {
        let ArgSpec::Buffer { name, element, shape, .. } = spec else { continue };
        let dims: Vec<u64> =
            shape.iter().map(|d| if let Dim::Static(n) = d { *n } else { options.dynamic_size }).collect();
        let count = dims.iter().product::<u64>() as usize;
        let arg_number: i64 = name.trim_start_matches("arg").parse().unwrap_or(-2);
        let bytes = match element_type(*element) {
            Some(e) if arg_number == input_arg || (!is_argmax && count > 0) => {
                let length = *dims.last().unwrap_or(&1) as usize;
                let rows = if length == 0 { 0 } else { count / length };
                encode(e, &input_values(rows, length, &mut rng))
            }
            _ => vec![0u8; count * element.size_bytes()],
        };
        buffers.push((arg_number, *element, dims, dev.upload(&bytes)?, bytes));
    }
    let args: Vec<LaunchArg> = buffers
        .iter()
        .map(|(_, e, dims, b, _)| LaunchArg::Buffer { buffer: b, element: *e, shape: dims.clone() })
        .collect();
    rt.launch(&loaded, &args)?;
    dev.synchronize()?;

    let mismatches = if is_argmax && input_arg >= 0 && index_arg >= 0 {
        if let Some(dir) = &options.save_dir {
            save(dir, kernel.name(), device, &buffers, input_arg, index_arg, &semantics, &producer)?;
        }
        Some(verify_argmax(&buffers, input_arg, value_arg, index_arg, &semantics, &producer)?)
    } else {
        None
    };

    // Timing: the median of 5 measurements of `repeat` back-to-back launches.
    let timer = ukernel_runtime::cuda::Timer::new(dev.context())?;
    let mut samples = Vec::new();
    for _ in 0..5 {
        timer.start(dev.stream())?;
        for _ in 0..options.repeat.max(1) {
            rt.launch(&loaded, &args)?;
        }
        samples.push(timer.stop(dev.stream())? * 1000.0 / options.repeat.max(1) as f32);
    }
    samples.sort_by(f32::total_cmp);
    let values: Vec<ukernel_runtime::ArgValue> = buffers
        .iter()
        .map(|(_, e, dims, _, _)| ukernel_runtime::ArgValue::Buffer { element: *e, shape: dims.clone() })
        .collect();
    let grid = kernel.launch.resolve(kernel.name(), &values)?.grid;
    let detail = format!(
        "{} for {}, grid {:?}, block {:?}, ukernel {}",
        loaded.loaded.0,
        loaded.loaded.1,
        grid,
        kernel.launch.block,
        kernel.attributes.get("ukernel").map(String::as_str).unwrap_or("none")
    );
    let input_bytes = buffers.iter().find(|b| b.0 == input_arg).map_or(0, |b| b.4.len());
    Ok(KernelRun { kernel: kernel.name().to_string(), device, micros: samples[2], input_bytes, mismatches, detail })
}

type Buffer = (i64, ElementKind, Vec<u64>, ukernel_runtime::cuda::DeviceBuffer, Vec<u8>);

/// Checks index (and value) outputs row by row against the reference of the
/// kernel's semantics: `first-nan` (torch's) or `ogt` (the plain linalg
/// combiner). Values compare by bits, any NaN equal to any NaN.
fn verify_argmax(
    buffers: &[Buffer],
    input: i64,
    value: i64,
    index: i64,
    semantics: &str,
    producer: &str,
) -> Result<Vec<String>, ukernel_runtime::Error> {
    let find = |n: i64| buffers.iter().find(|b| b.0 == n);
    let (Some(inp), Some(idx)) = (find(input), find(index)) else {
        return Ok(vec!["the reference's buffers are not kernel arguments".into()]);
    };
    let Some(element) = element_type(inp.1) else { return Ok(vec![format!("input element {}", inp.1.name())]) };
    let length = *inp.2.last().unwrap_or(&0) as usize;
    let rows = if length == 0 {
        idx.2.iter().product::<u64>() as usize
    } else {
        inp.2.iter().product::<u64>() as usize / length
    };
    let mut got_idx = vec![0u8; idx.3.len_bytes()];
    idx.3.download(&mut got_idx)?;
    let val = find(value);
    let mut got_val = vec![0u8; val.map_or(0, |v| v.3.len_bytes())];
    if let Some(v) = val {
        v.3.download(&mut got_val)?;
    }
    let esize = element.size_bytes();
    let produced;
    let input_bytes: &[u8] = if producer.is_empty() {
        &inp.4
    } else {
        produced = match apply_producer(element, &inp.4, producer) {
            Ok(p) => p,
            Err(e) => return Ok(vec![e]),
        };
        &produced
    };
    let mut errors = Vec::new();
    for r in 0..rows {
        let raw = &input_bytes[r * length * esize..(r + 1) * length * esize];
        let (want_i, want_value) = if semantics == "ogt" {
            reference_row_ogt(element, raw)
        } else {
            let (i, bits) = reference_row(element, raw).unwrap_or((0, neg_inf_bits(element)));
            (i, value_of(element, bits))
        };
        let got = match idx.1 {
            ElementKind::I32 => i32::from_le_bytes(got_idx[r * 4..r * 4 + 4].try_into().unwrap()) as i64,
            _ => i64::from_le_bytes(got_idx[r * 8..r * 8 + 8].try_into().unwrap()),
        };
        if got != want_i as i64 {
            errors.push(format!("row {r}: index {got}, expected {want_i}"));
        }
        if val.is_some() {
            let g = &got_val[r * esize..(r + 1) * esize];
            let mut bits = [0u8; 4];
            bits[..esize].copy_from_slice(g);
            let got_value = value_of(element, u32::from_le_bytes(bits));
            let same = (got_value.is_nan() && want_value.is_nan()) || got_value.to_bits() == want_value.to_bits();
            if !same {
                errors.push(format!("row {r}: value {got_value}, expected {want_value}"));
            }
        }
        if errors.len() > 5 {
            break;
        }
    }
    Ok(errors)
}

/// Renders runs as a report; the bool says whether every check passed.
pub fn report(rt: &Runtime, runs: &[KernelRun]) -> (String, bool) {
    let mut out = String::new();
    let mut ok = true;
    let (mut passed, mut failed) = (0, 0);
    for r in runs {
        let d = &rt.devices()[r.device];
        let verdict = match &r.mismatches {
            None => "ran (no CPU reference for this kernel)".to_string(),
            Some(e) if e.is_empty() => {
                passed += 1;
                "matches the CPU reference".to_string()
            }
            Some(e) => {
                ok = false;
                failed += 1;
                format!("MISMATCH: {}", e.join("; "))
            }
        };
        let _ = writeln!(
            out,
            "{:<28} device {} ({}, cc {}): {:>9.2} us  {}  [{}]",
            r.kernel, r.device, d.name, d.compute_capability, r.micros, verdict, r.detail
        );
    }
    // Kernels that ran on several devices: their combined throughput.
    let mut kernels: Vec<&str> = runs.iter().map(|r| r.kernel.as_str()).collect();
    kernels.dedup();
    for k in kernels {
        let per_device: Vec<&KernelRun> = runs.iter().filter(|r| r.kernel == k).collect();
        if per_device.len() > 1 && per_device.iter().all(|r| r.input_bytes > 0) {
            let gbps: f64 = per_device.iter().map(|r| r.input_bytes as f64 / r.micros as f64 / 1e3).sum();
            let _ = writeln!(out, "{k:<28} {} devices: aggregate {gbps:.0} GB/s read", per_device.len());
        }
    }
    let _ = writeln!(out, "{passed} passed, {failed} failed");
    (out, ok)
}

/// Applies an elementwise producer given in postfix (`x 2.0 mulf -1.0
/// addf`) to raw elements, rounding to the element type after every
/// operation as the GPU does.
fn apply_producer(element: ElementType, raw: &[u8], producer: &str) -> Result<Vec<u8>, String> {
    use ukernels::reference::{BF16, Element, F16};
    let round = |v: f32| -> f32 {
        match element {
            ElementType::F32 => v,
            ElementType::F16 => F16::from_f32(v).to_f32(),
            ElementType::BF16 => BF16::from_f32(v).to_f32(),
        }
    };
    let tokens: Vec<&str> = producer.split_whitespace().collect();
    let esize = element.size_bytes();
    let mut values = Vec::with_capacity(raw.len() / esize);
    for chunk in raw.chunks_exact(esize) {
        let mut bits = [0u8; 4];
        bits[..esize].copy_from_slice(chunk);
        let x = value_of(element, u32::from_le_bytes(bits));
        let mut stack: Vec<f32> = Vec::with_capacity(4);
        for t in &tokens {
            let v = match *t {
                "x" => x,
                "negf" => -stack.pop().ok_or("producer: stack underflow")?,
                op @ ("mulf" | "addf" | "subf" | "divf" | "maximumf" | "minimumf") => {
                    let b = stack.pop().ok_or("producer: stack underflow")?;
                    let a = stack.pop().ok_or("producer: stack underflow")?;
                    round(match op {
                        "mulf" => a * b,
                        "addf" => a + b,
                        "subf" => a - b,
                        "divf" => a / b,
                        "maximumf" if a.is_nan() || b.is_nan() => f32::NAN,
                        "maximumf" => a.max(b),
                        _ if a.is_nan() || b.is_nan() => f32::NAN,
                        _ => a.min(b),
                    })
                }
                literal => {
                    round(literal.parse::<f64>().map_err(|_| format!("producer: unknown token {literal}"))? as f32)
                }
            };
            stack.push(v);
        }
        values.push(stack.pop().ok_or("producer: empty expression")?);
    }
    Ok(crate::check::encode(element, &values))
}

fn neg_inf_bits(element: ElementType) -> u32 {
    match element {
        ElementType::F32 => f32::NEG_INFINITY.to_bits(),
        ElementType::F16 => 0xfc00,
        ElementType::BF16 => 0xff80,
    }
}

fn value_of(element: ElementType, bits: u32) -> f32 {
    use ukernels::reference::{BF16, Element, F16};
    match element {
        ElementType::F32 => f32::from_bits(bits),
        ElementType::F16 => F16(bits as u16).to_f32(),
        ElementType::BF16 => BF16(bits as u16).to_f32(),
    }
}

/// The plain-combiner reference of a row of raw elements.
fn reference_row_ogt(element: ElementType, raw: &[u8]) -> (usize, f32) {
    use ukernels::reference::{BF16, F16, argmax_ogt};
    match element {
        ElementType::F32 => {
            let v: Vec<f32> = raw.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
            argmax_ogt(&v)
        }
        ElementType::F16 => {
            let v: Vec<F16> = raw.chunks_exact(2).map(|c| F16(u16::from_le_bytes(c.try_into().unwrap()))).collect();
            argmax_ogt(&v)
        }
        ElementType::BF16 => {
            let v: Vec<BF16> = raw.chunks_exact(2).map(|c| BF16(u16::from_le_bytes(c.try_into().unwrap()))).collect();
            argmax_ogt(&v)
        }
    }
}

/// Writes the input and the index output of a checked kernel, and a line of
/// `manifest.txt`: kernel, device, element, index type, rows, length, files,
/// semantics.
fn save(
    dir: &std::path::Path,
    kernel: &str,
    device: usize,
    buffers: &[Buffer],
    input: i64,
    index: i64,
    semantics: &str,
    producer: &str,
) -> Result<(), ukernel_runtime::Error> {
    let io = |e: std::io::Error| ukernel_runtime::Error::Io(format!("{}: {e}", dir.display()));
    let (Some(inp), Some(idx)) = (buffers.iter().find(|b| b.0 == input), buffers.iter().find(|b| b.0 == index)) else {
        return Ok(());
    };
    if inp.4.len() > 64 << 20 {
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut out = vec![0u8; idx.3.len_bytes()];
    idx.3.download(&mut out)?;
    let stem = format!("{kernel}.dev{device}");
    std::fs::write(dir.join(format!("{stem}.input.bin")), &inp.4).map_err(io)?;
    std::fs::write(dir.join(format!("{stem}.index.bin")), &out).map_err(io)?;
    let length = *inp.2.last().unwrap_or(&0);
    let rows = if length == 0 { 0 } else { inp.2.iter().product::<u64>() / length };
    use std::io::Write;
    let mut manifest =
        std::fs::OpenOptions::new().create(true).append(true).open(dir.join("manifest.txt")).map_err(io)?;
    writeln!(
        manifest,
        "{kernel} {device} {} {} {rows} {length} {stem}.input.bin {stem}.index.bin {semantics} {}",
        inp.1.name(),
        idx.1.name(),
        if producer.is_empty() { "-".to_string() } else { producer.replace(' ', ",") }
    )
    .map_err(io)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn producer_is_replayed_in_the_element_type() {
        let raw = crate::check::encode(ElementType::F32, &[1.5, -2.0, f32::NAN]);
        let out = apply_producer(ElementType::F32, &raw, "x 2.0 mulf -1.0 addf").unwrap();
        let v: Vec<f32> = out.chunks_exact(4).map(|c| f32::from_le_bytes(c.try_into().unwrap())).collect();
        assert_eq!(&v[..2], &[2.0, -5.0]);
        assert!(v[2].is_nan());
        // bf16 rounds after each operation: 1 + 2^-9 is not a bf16.
        let raw = crate::check::encode(ElementType::BF16, &[1.0]);
        let out = apply_producer(ElementType::BF16, &raw, "x 0.001953125 addf").unwrap();
        assert_eq!(u16::from_le_bytes([out[0], out[1]]), 0x3f80);
        let raw = crate::check::encode(ElementType::F32, &[1.0]);
        assert!(apply_producer(ElementType::F32, &raw, "x mulf").is_err());
        assert!(apply_producer(ElementType::F32, &raw, "x 2 powf").is_err());
    }
}
