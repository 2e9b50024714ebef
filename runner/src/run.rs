//! `run`: loads a package on every GPU (or the chosen ones), runs each
//! kernel on generated inputs, checks the results against the CPU reference
//! the package names, and times each kernel. Runtime-only.

use std::fmt::Write as _;

use ukernel_runtime::{ElementKind, LaunchArg, Package, PackagedKernel, Runtime};
use ukernels::check::{Buffer, Rng};

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
    /// Reference outputs (`ukc compile --reference`) and their directory:
    /// a kernel that has one runs on the reference's generated inputs and is
    /// compared with it, instead of with its family's check.
    pub references: Option<(std::path::PathBuf, Vec<crate::reference::KernelReference>)>,
    /// Whether results are checked (a timing run of kernels already checked
    /// skips it: a family's check of a large matmul takes seconds of CPU).
    pub check: bool,
    /// A timing stops after its first measurement where that one is above
    /// this many microseconds: a candidate that slow has lost, and a default
    /// path of seconds per call need not be launched five times to show it.
    pub give_up_above: Option<f32>,
    /// Generated inputs kept between runs of functions with the same
    /// arguments and seed (the candidates of one kernel in `measure`): the
    /// inputs of a prefill MLP are 300 MB of generated values.
    pub inputs: Option<std::sync::Arc<InputCache>>,
}

/// The last set of generated inputs, by what determines them.
#[derive(Debug, Default)]
pub struct InputCache(std::sync::Mutex<Option<(InputKey, std::sync::Arc<Vec<Buffer>>)>>);

/// The reference's seed (none: the generic fill) and each buffer's
/// argument, element type and shape.
type InputKey = (Option<u64>, Vec<(i64, ElementKind, Vec<u64>)>);

impl InputCache {
    /// The inputs of `kernel`: the reference's for `seed`, or the generic
    /// fill without one; generated unless the last call asked for the same.
    fn get(&self, kernel: &PackagedKernel, seed: Option<u64>, dynamic_size: u64) -> std::sync::Arc<Vec<Buffer>> {
        let key: InputKey = (seed, crate::reference::given_shapes(kernel, dynamic_size));
        let mut last = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some((_, inputs)) = last.as_ref().filter(|(k, _)| *k == key) {
            return inputs.clone();
        }
        // Drop the old set before generating the new one: two prefill sets
        // at once would double the peak.
        *last = None;
        let inputs = std::sync::Arc::new(match seed {
            Some(seed) => crate::reference::generate_inputs(kernel, seed, dynamic_size),
            None => {
                let mut buffers = crate::reference::given_buffers(kernel, dynamic_size);
                let mut rng = Rng(0x5eed_1234_9876_abcd);
                buffers.iter_mut().for_each(|b| fill_generic(b, &mut rng));
                buffers
            }
        });
        *last = Some((key, inputs.clone()));
        inputs
    }
}

impl Default for RunOptions {
    fn default() -> Self {
        Self {
            dynamic_size: 1000,
            repeat: 20,
            save_dir: None,
            references: None,
            check: true,
            give_up_above: None,
            inputs: None,
        }
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
    /// Whether `mismatches` compares with MLIR's CPU execution of the
    /// function (`ukc compile --reference`) rather than a family's check.
    pub mlir_reference: bool,
    pub detail: String,
}

/// Runs every kernel of `package` on every device of `rt`. With
/// `concurrent`, each kernel runs on all devices at the same time: one
/// thread per device, each on its device's own context, stream, module cache
/// and buffers, so no device waits for another. A kernel that faults (a
/// trap, an illegal address) is reported as a failed run and its device's
/// context made anew ([`Runtime::recover`]), so the kernels after it run;
/// where the driver makes no new context, they are reported as not run.
pub fn run_package(
    rt: &mut Runtime,
    package: &Package,
    options: &RunOptions,
    concurrent: bool,
) -> Result<Vec<KernelRun>, ukernel_runtime::Error> {
    let mut out = Vec::new();
    // Why the functions left cannot run (a context the driver did not remake).
    let mut unrunnable: Option<String> = None;
    for function in package.functions() {
        let devices = 0..rt.devices().len();
        if let Some(why) = &unrunnable {
            out.extend(devices.map(|d| failed(&function.name, d, format!("NOT RUN: {why}"), "not run")));
            continue;
        }
        let runs: Vec<(usize, Result<KernelRun, ukernel_runtime::Error>)> = if concurrent {
            let (rt, function) = (&*rt, &function);
            std::thread::scope(|scope| {
                let handles: Vec<_> =
                    devices.map(|d| (d, scope.spawn(move || run_function(rt, function, d, options)))).collect();
                handles
                    .into_iter()
                    .map(|(d, h)| {
                        (
                            d,
                            h.join()
                                .unwrap_or_else(|_| Err(ukernel_runtime::Error::Io("a device thread panicked".into()))),
                        )
                    })
                    .collect()
            })
        } else {
            devices.map(|d| (d, run_function(rt, &function, d, options))).collect()
        };
        let mut remade = String::new();
        if runs.iter().any(|(_, r)| r.as_ref().is_err_and(|e| e.is_context_lost())) {
            match rt.recover() {
                Ok(_) => remade = "; the device's context was made anew".into(),
                Err(e @ ukernel_runtime::Error::ContextNotRecreated { .. }) => unrunnable = Some(e.to_string()),
                Err(e) => return Err(e),
            }
        }
        for (device, r) in runs {
            out.push(match r {
                Err(e) if e.is_context_lost() => {
                    failed(&function.name, device, format!("FAULT: {e}{remade}"), "faulted")
                }
                r => r?,
            });
        }
    }
    Ok(out)
}

/// The run of a function that faulted or could not run: a failure in the
/// report.
fn failed(function: &str, device: usize, why: String, detail: &str) -> KernelRun {
    KernelRun {
        kernel: function.to_string(),
        device,
        micros: f32::NAN,
        input_bytes: 0,
        mismatches: Some(vec![why]),
        mlir_reference: false,
        detail: detail.into(),
    }
}

/// Runs one function: a kernel, or the steps of a dispatch made of
/// several kernels, in order on the same buffers. A function with a
/// reference (or of several steps) runs on the reference's inputs (or
/// generic ones) in `run_steps`; a single kernel without one keeps its
/// family's check in `run_kernel`.
fn run_function(
    rt: &Runtime,
    function: &ukernel_runtime::Function,
    device: usize,
    options: &RunOptions,
) -> Result<KernelRun, ukernel_runtime::Error> {
    let reference = options
        .references
        .as_ref()
        .and_then(|(dir, refs)| refs.iter().find(|r| r.kernel == function.name).map(|r| (dir.as_path(), r)));
    // The variant compiled for this device's arch, where the package has several.
    let steps = function.steps_for(rt.devices()[device].compute_capability);
    if let ([kernel], None) = (steps, reference) {
        return run_kernel(rt, kernel, device, options);
    }
    let load_start = std::time::Instant::now();
    let loaded: Vec<ukernel_runtime::LoadedKernel> =
        steps.iter().map(|k| rt.load(device, k)).collect::<Result<_, _>>()?;
    let load_ms = load_start.elapsed().as_secs_f64() * 1e3;
    run_steps(rt, function, &loaded, device, options, reference, load_ms)
}

fn run_kernel(
    rt: &Runtime,
    kernel: &PackagedKernel,
    device: usize,
    options: &RunOptions,
) -> Result<KernelRun, ukernel_runtime::Error> {
    // The first kernel of a module pays for loading it (a JIT compile for
    // PTX, none for a cubin); the others find it in the module cache.
    let load_start = std::time::Instant::now();
    let loaded = rt.load(device, kernel)?;
    let load_ms = load_start.elapsed().as_secs_f64() * 1e3;
    let dev = &rt.devices()[device];
    let check = ukernels::check::check_for(&kernel.attributes);
    let mut rng = Rng(0x5eed_1234_9876_abcd);
    // Given buffers, in order: zeroed, then filled by the family's check.
    let mut inputs = crate::reference::given_buffers(kernel, options.dynamic_size);
    let mut problems = None;
    match check {
        Some(c) => {
            if let Err(e) = c.fill(&kernel.attributes, &mut inputs, &mut rng) {
                problems = Some(vec![format!("cannot generate inputs: {e}")]);
            }
        }
        None => inputs.iter_mut().for_each(|b| fill_generic(b, &mut rng)),
    }
    let (kinds, device_buffers) = upload(dev, &inputs)?;
    let args = launch_args(&inputs, &device_buffers, &kinds);
    rt.launch(&loaded, &args)?;
    dev.synchronize()?;

    let mismatches = match (check.filter(|_| options.check), problems) {
        (_, Some(p)) => Some(p),
        (None, None) => {
            if let Some(dir) = &options.save_dir {
                let mut outputs = inputs.clone();
                for (b, d) in outputs.iter_mut().zip(&device_buffers) {
                    d.download(&mut b.bytes)?;
                }
                save_all(dir, kernel, device, &inputs, &outputs)?;
            }
            None
        }
        (Some(c), None) => {
            let mut outputs = inputs.clone();
            for (b, d) in outputs.iter_mut().zip(&device_buffers) {
                d.download(&mut b.bytes)?;
            }
            if let Some(dir) = &options.save_dir {
                save(dir, kernel, device, &inputs, &outputs)?;
            }
            Some(c.verify(&kernel.attributes, &inputs, &outputs))
        }
    };

    let check_start = std::time::Instant::now();
    let micros = time_launches(rt, std::slice::from_ref(&loaded), &args, options)?;
    tracing::debug!(
        kernel = kernel.name(),
        load_ms,
        inputs_and_check_ms = (check_start - load_start).as_secs_f64() * 1e3 - load_ms,
        timing_ms = check_start.elapsed().as_secs_f64() * 1e3,
        "ran"
    );
    let detail = describe(kernel, &loaded, &inputs, &kinds, load_ms)?;
    let input_bytes = check.map_or(0, |c| c.bytes_read(&kernel.attributes, &inputs));
    let mlir_reference = false;
    Ok(KernelRun { kernel: kernel.name().to_string(), device, micros, input_bytes, mismatches, mlir_reference, detail })
}

/// Each buffer's element kind and its copy on the device.
pub(crate) fn upload(
    dev: &ukernel_runtime::Device,
    inputs: &[Buffer],
) -> Result<(Vec<ElementKind>, Vec<ukernel_runtime::cuda::DeviceBuffer>), ukernel_runtime::Error> {
    let kinds = inputs.iter().map(|b| ElementKind::from_name(&b.element).unwrap_or(ElementKind::I8)).collect();
    let buffers = inputs.iter().map(|b| dev.upload(&b.bytes)).collect::<Result<_, _>>()?;
    Ok((kinds, buffers))
}

/// The launch arguments of buffers uploaded by [`upload`].
pub(crate) fn launch_args<'a>(
    inputs: &[Buffer],
    buffers: &'a [ukernel_runtime::cuda::DeviceBuffer],
    kinds: &[ElementKind],
) -> Vec<LaunchArg<'a>> {
    inputs
        .iter()
        .zip(buffers)
        .zip(kinds)
        .map(|((b, buffer), kind)| LaunchArg::Buffer { buffer, element: *kind, shape: b.dims.clone() })
        .collect()
}

/// The median of 5 measurements of `repeat` back-to-back calls (each the
/// `steps` launched in order), in microseconds per call; NaN (not timed)
/// when `repeat` is 0.
fn time_launches(
    rt: &Runtime,
    steps: &[ukernel_runtime::LoadedKernel],
    args: &[LaunchArg],
    options: &RunOptions,
) -> Result<f32, ukernel_runtime::Error> {
    let Some(first) = steps.first().filter(|_| options.repeat > 0) else { return Ok(f32::NAN) };
    let dev = &rt.devices()[first.device];
    let timer = ukernel_runtime::cuda::Timer::new(dev.context())?;
    let mut samples = Vec::new();
    for _ in 0..5 {
        timer.start(dev.stream())?;
        for _ in 0..options.repeat {
            for step in steps {
                rt.launch(step, args)?;
            }
        }
        let sample = timer.stop(dev.stream())? * 1000.0 / options.repeat as f32;
        if options.give_up_above.is_some_and(|limit| sample > limit) {
            return Ok(sample);
        }
        samples.push(sample);
    }
    samples.sort_by(f32::total_cmp);
    Ok(samples[2])
}

/// Where the kernel came from and how it was launched, for the report.
fn describe(
    kernel: &PackagedKernel,
    loaded: &ukernel_runtime::LoadedKernel,
    inputs: &[Buffer],
    kinds: &[ElementKind],
    load_ms: f64,
) -> Result<String, ukernel_runtime::Error> {
    let values: Vec<ukernel_runtime::ArgValue> = inputs
        .iter()
        .zip(kinds)
        .map(|(b, kind)| ukernel_runtime::ArgValue::Buffer { element: *kind, shape: b.dims.clone() })
        .collect();
    let grid = kernel.launch.resolve(kernel.name(), &values)?.grid;
    Ok(format!(
        "{} for {}, loaded in {load_ms:.2} ms, grid {:?}, block {:?}, ukernel {}",
        loaded.loaded.0,
        loaded.loaded.1,
        grid,
        kernel.launch.block,
        kernel.attributes.get("ukernel").map(String::as_str).unwrap_or("none")
    ))
}

/// Runs the steps of `function` in order on the same buffers: the
/// reference's generated inputs and a comparison of every buffer written
/// with the reference outputs when there is a reference, else generic
/// inputs and no check.
fn run_steps(
    rt: &Runtime,
    function: &ukernel_runtime::Function,
    loaded: &[ukernel_runtime::LoadedKernel],
    device: usize,
    options: &RunOptions,
    reference: Option<(&std::path::Path, &crate::reference::KernelReference)>,
    load_ms: f64,
) -> Result<KernelRun, ukernel_runtime::Error> {
    let dev = &rt.devices()[device];
    let first = function.steps_for(dev.compute_capability)[0];
    let inputs_start = std::time::Instant::now();
    let (seed, dynamic_size) = reference.map_or((None, options.dynamic_size), |(_, r)| (Some(r.seed), r.dynamic_size));
    // Without a cache to share, one of this run's own.
    let inputs = options.inputs.clone().unwrap_or_default().get(first, seed, dynamic_size);
    let (kinds, device_buffers) = upload(dev, &inputs)?;
    let inputs_ms = inputs_start.elapsed().as_secs_f64() * 1e3;
    let args = launch_args(&inputs, &device_buffers, &kinds);
    for step in loaded {
        rt.launch(step, &args)?;
    }
    dev.synchronize()?;
    let mut problems = None;
    if let Some((dir, r)) = reference.filter(|_| options.check) {
        let mut found = Vec::new();
        for output in &r.outputs {
            let Some(position) = inputs.iter().position(|b| b.arg == output.arg) else {
                found.push(format!("the reference has argument {}, the kernel does not", output.arg));
                continue;
            };
            let want = match std::fs::read(dir.join(&output.file)) {
                Ok(bytes) => bytes,
                Err(e) => {
                    found.push(format!("{}: {e}", dir.join(&output.file).display()));
                    continue;
                }
            };
            let mut got = vec![0u8; inputs[position].bytes.len()];
            device_buffers[position].download(&mut got)?;
            let name = format!("arg{}", output.arg);
            found.extend(crate::reference::compare(&name, output.element, &want, &got, r.tolerance));
        }
        problems = Some(found);
    }
    let check_ms = inputs_start.elapsed().as_secs_f64() * 1e3 - inputs_ms;
    let micros = time_launches(rt, loaded, &args, options)?;
    tracing::debug!(
        function = %function.name,
        load_ms,
        inputs_ms,
        check_ms,
        timing_ms = inputs_start.elapsed().as_secs_f64() * 1e3 - inputs_ms - check_ms,
        "ran"
    );
    let mut detail = describe(first, &loaded[0], &inputs, &kinds, load_ms)?;
    if loaded.len() > 1 {
        detail = format!("{} kernels launched in order; first: {detail}", loaded.len());
    }
    if let Some((_, r)) = reference {
        detail += &format!("; MLIR reference, tolerance {:.2e}", r.tolerance);
    }
    Ok(KernelRun {
        kernel: function.name.to_string(),
        device,
        micros,
        input_bytes: 0,
        mismatches: problems,
        mlir_reference: reference.is_some(),
        detail,
    })
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
                if r.mlir_reference {
                    "matches the MLIR reference".to_string()
                } else {
                    "matches the CPU reference".to_string()
                }
            }
            Some(e) => {
                ok = false;
                failed += 1;
                format!("MISMATCH: {}", e.join("; "))
            }
        };
        let time = if r.micros.is_nan() { format!("{:>12}", "not timed") } else { format!("{:>9.2} us", r.micros) };
        let _ = writeln!(
            out,
            "{:<28} device {} ({}, cc {}): {time}  {}  [{}]",
            r.kernel, r.device, d.name, d.compute_capability, verdict, r.detail
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

/// Values that find the edges of floating-point code: zeros of both signs,
/// infinities, NaN, the limits of exp's range, subnormals, and integers.
const SPECIAL_FLOATS: [f32; 16] = [
    0.0,
    -0.0,
    f32::INFINITY,
    f32::NEG_INFINITY,
    f32::NAN,
    1.0,
    -1.0,
    0.5,
    88.7,
    -87.3,
    1e-40,
    -1e-40,
    1e30,
    -1e30,
    3.0,
    100.0,
];

/// Inputs for a kernel without a family check: floats mostly uniform in
/// [-4, 4) with one element in eight from [`SPECIAL_FLOATS`]; integers in
/// [0, 4) (small enough for exponents, never a negative index).
fn fill_generic(buffer: &mut Buffer, rng: &mut Rng) {
    let n = buffer.elements();
    let floats = |rng: &mut Rng| -> Vec<f32> {
        (0..n)
            .map(|_| {
                if rng.next().is_multiple_of(8) {
                    SPECIAL_FLOATS[(rng.next() % SPECIAL_FLOATS.len() as u64) as usize]
                } else {
                    rng.unit() * 8.0 - 4.0
                }
            })
            .collect()
    };
    buffer.bytes = match buffer.element.as_str() {
        "f32" => ukernels::check::encode(ukernels::ElementType::F32, &floats(rng)),
        "f16" => ukernels::check::encode(ukernels::ElementType::F16, &floats(rng)),
        "bf16" => ukernels::check::encode(ukernels::ElementType::BF16, &floats(rng)),
        "f64" => floats(rng).iter().flat_map(|v| (*v as f64).to_le_bytes()).collect(),
        "i1" => (0..n).map(|_| (rng.next() % 2) as u8).collect(),
        other => {
            let size = ElementKind::from_name(other).map_or(1, |k| k.size_bytes());
            (0..n).flat_map(|_| (rng.next() % 4).to_le_bytes().into_iter().take(size).collect::<Vec<u8>>()).collect()
        }
    };
}

/// Writes every buffer of a kernel without a family check, before and after
/// the launch, and a line of `manifest.txt`: kernel, device, then per buffer
/// `element:dims:before-file:after-file` (dims joined by `x`). Buffers over
/// 64 MiB are left out (the kernel is not saved).
fn save_all(
    dir: &std::path::Path,
    kernel: &PackagedKernel,
    device: usize,
    inputs: &[Buffer],
    outputs: &[Buffer],
) -> Result<(), ukernel_runtime::Error> {
    let io = |e: std::io::Error| ukernel_runtime::Error::Io(format!("{}: {e}", dir.display()));
    if inputs.iter().any(|b| b.bytes.len() > 64 << 20) {
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(io)?;
    let stem = format!("{}.dev{device}", kernel.name());
    let mut line = format!("{} {device}", kernel.name());
    for (i, (before, after)) in inputs.iter().zip(outputs).enumerate() {
        let (b, a) = (format!("{stem}.arg{i}.in.bin"), format!("{stem}.arg{i}.out.bin"));
        std::fs::write(dir.join(&b), &before.bytes).map_err(io)?;
        std::fs::write(dir.join(&a), &after.bytes).map_err(io)?;
        let dims: Vec<String> = before.dims.iter().map(|d| d.to_string()).collect();
        line += &format!(" {}:{}:{b}:{a}", before.element, dims.join("x"));
    }
    append_manifest(dir, &line)
}

/// Appends one line to `dir/manifest.txt`.
fn append_manifest(dir: &std::path::Path, line: &str) -> Result<(), ukernel_runtime::Error> {
    use std::io::Write;
    let io = |e: std::io::Error| ukernel_runtime::Error::Io(format!("{}: {e}", dir.display()));
    let mut manifest =
        std::fs::OpenOptions::new().create(true).append(true).open(dir.join("manifest.txt")).map_err(io)?;
    writeln!(manifest, "{line}").map_err(io)
}

/// Writes the input and the index output of a checked argmax-like kernel
/// (one whose reference names an `input` and an `index` buffer), and a line
/// of `manifest.txt`: kernel, device, element, index type, rows, length,
/// files, semantics, producer. Other kernels are not saved.
fn save(
    dir: &std::path::Path,
    kernel: &PackagedKernel,
    device: usize,
    inputs: &[Buffer],
    outputs: &[Buffer],
) -> Result<(), ukernel_runtime::Error> {
    use ukernels::check::{find, int_field, text_field};
    let io = |e: std::io::Error| ukernel_runtime::Error::Io(format!("{}: {e}", dir.display()));
    let attrs = &kernel.attributes;
    let (Some(input), Some(index)) = (int_field(attrs, "input"), int_field(attrs, "index")) else { return Ok(()) };
    let (Some(inp), Some(idx)) = (find(inputs, input), find(outputs, index)) else { return Ok(()) };
    if inp.bytes.len() > 64 << 20 {
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(io)?;
    let name = kernel.name();
    let stem = format!("{name}.dev{device}");
    std::fs::write(dir.join(format!("{stem}.input.bin")), &inp.bytes).map_err(io)?;
    std::fs::write(dir.join(format!("{stem}.index.bin")), &idx.bytes).map_err(io)?;
    let length = *inp.dims.last().unwrap_or(&0);
    let rows = if length == 0 { 0 } else { inp.dims.iter().product::<u64>() / length };
    let producer = text_field(attrs, "producer").unwrap_or("");
    append_manifest(
        dir,
        &format!(
            "{name} {device} {} {} {rows} {length} {stem}.input.bin {stem}.index.bin {} {}",
            inp.element,
            idx.element,
            text_field(attrs, "semantics").unwrap_or("first-nan"),
            if producer.is_empty() { "-".to_string() } else { producer.replace(' ', ",") }
        ),
    )
}
