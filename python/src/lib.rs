//! `ukernel._native`: the Rust side of the `ukernel` Python package. A
//! package file is read once; each kernel is loaded per device on first use
//! and launched on tensors taken through DLPack, on the stream the caller
//! names (the Python side passes torch's current one), with the arguments
//! checked against the kernel's launch metadata first. The runtime borrows
//! that stream and the device's primary context (the one PyTorch uses); it
//! never synchronises or destroys them.

mod dlpack;
mod torch_fast;

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use pyo3::{
    create_exception,
    exceptions::{PyKeyError, PyOSError, PyRuntimeError, PyTypeError, PyValueError},
    prelude::*,
    types::{PyBool, PyDict, PyInt, PyList, PyTuple},
};
use ukernel_runtime::{
    ArgSpec, DeviceSelection, LaunchArg, LoadedKernel, Package, PackagedKernel, Runtime,
    launch::{Access, ArgValue, Dim, ScalarType},
    spec::ComputeCapability,
};

create_exception!(
    _native,
    ArgumentError,
    PyValueError,
    "An argument does not fit the kernel (count, type, shape, layout, device)."
);
create_exception!(_native, PackageError, PyValueError, "A file that is not a readable ukernel package.");
create_exception!(_native, CudaError, PyRuntimeError, "The CUDA driver failed (no driver or GPU, loading, launching).");

/// A package file and the kernels loaded from it.
#[pyclass(module = "ukernel._native", name = "Package", frozen)]
struct NativePackage {
    path: String,
    package: Package,
    runtimes: Mutex<HashMap<usize, Arc<Runtime>>>,
    /// By (kernel position in the package, device).
    loaded: Mutex<HashMap<(usize, usize), Arc<LoadedKernel>>>,
}

/// Where the kernels of function `name` are in the package, in launch
/// order: one kernel, or the steps of a dispatch made of several kernels
/// (which share its arguments); of the variant for a device of capability
/// `device` where the package has several (else its first); KeyError
/// naming the functions.
fn positions_for(package: &Package, name: &str, device: Option<ComputeCapability>) -> PyResult<Vec<usize>> {
    let function = package.function(name).ok_or_else(|| {
        let names: Vec<&str> = package.functions().iter().map(|f| f.name).collect();
        PyKeyError::new_err(format!("no kernel '{name}' in the package (kernels: {})", names.join(", ")))
    })?;
    let steps = match device {
        Some(cc) => function.steps_for(cc).to_vec(),
        None => function.steps.clone(),
    };
    Ok(steps.iter().filter_map(|step| package.kernels.iter().position(|k| std::ptr::eq(k, *step))).collect())
}

fn positions(package: &Package, name: &str) -> PyResult<Vec<usize>> {
    positions_for(package, name, None)
}

/// The kernel whose arguments function `name` takes (its first step).
fn kernel<'a>(package: &'a Package, name: &str) -> PyResult<&'a PackagedKernel> {
    Ok(&package.kernels[positions(package, name)?[0]])
}

fn given(kernel: &PackagedKernel) -> Vec<&ArgSpec> {
    kernel.launch.args.iter().filter(|a| a.is_given()).collect()
}

/// An argument before its device is known.
enum Value {
    Tensor(dlpack::TensorView),
    Int(i64),
}

impl NativePackage {
    fn runtime(&self, device: usize) -> PyResult<Arc<Runtime>> {
        let mut runtimes = self.runtimes.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(r) = runtimes.get(&device) {
            return Ok(r.clone());
        }
        let runtime =
            Arc::new(Runtime::new(DeviceSelection::Only(vec![device])).map_err(|e| CudaError::new_err(e.to_string()))?);
        runtimes.insert(device, runtime.clone());
        Ok(runtime)
    }

    fn loaded(&self, position: usize, device: usize) -> PyResult<(Arc<Runtime>, Arc<LoadedKernel>)> {
        let runtime = self.runtime(device)?;
        let mut loaded = self.loaded.lock().unwrap_or_else(|e| e.into_inner());
        let key = (position, device);
        if let Some(k) = loaded.get(&key) {
            return Ok((runtime, k.clone()));
        }
        let k =
            Arc::new(runtime.load(0, &self.package.kernels[position]).map_err(|e| CudaError::new_err(e.to_string()))?);
        loaded.insert(key, k.clone());
        Ok((runtime, k))
    }
}

#[pymethods]
impl NativePackage {
    #[new]
    fn new(path: std::path::PathBuf) -> PyResult<Self> {
        let shown = path.display().to_string();
        // OSError(errno, ...) is raised as its subclass, e.g. FileNotFoundError.
        let bytes = std::fs::read(&path)
            .map_err(|e| PyOSError::new_err((e.raw_os_error().unwrap_or(0), e.to_string(), shown.clone())))?;
        let package = Package::from_bytes(&bytes).map_err(|e| PackageError::new_err(format!("{shown}: {e}")))?;
        Ok(Self { path: shown, package, runtimes: Mutex::default(), loaded: Mutex::default() })
    }

    #[getter]
    fn path(&self) -> &str {
        &self.path
    }

    /// Kernel names, in package order: a dispatch made of several kernels
    /// launched in order is one name (its function's).
    #[getter]
    fn kernels(&self) -> Vec<String> {
        self.package.functions().iter().map(|f| f.name.to_string()).collect()
    }

    /// The caller's arguments of `name`, in order: dicts with `name`, `kind`
    /// ("tensor" or "int"), and for tensors `dtype`, `shape` (ints, or
    /// strings "?N" for dynamic dim N, equal strings being equal sizes) and
    /// `access` ("read", "write", "readwrite"); for ints `dtype` ("i32" or
    /// "i64").
    fn arguments<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyList>> {
        let k = kernel(&self.package, name)?;
        let list = PyList::empty(py);
        for spec in given(k) {
            let d = PyDict::new(py);
            d.set_item("name", spec.name())?;
            match spec {
                ArgSpec::Buffer { element, shape, access, .. } => {
                    d.set_item("kind", "tensor")?;
                    d.set_item("dtype", element.name())?;
                    let dims = PyList::empty(py);
                    for dim in shape {
                        match dim {
                            Dim::Static(n) => dims.append(*n)?,
                            Dim::Dynamic(s) => dims.append(format!("?{s}"))?,
                        }
                    }
                    d.set_item("shape", dims)?;
                    d.set_item(
                        "access",
                        match access {
                            Access::Read => "read",
                            Access::Write => "write",
                            Access::ReadWrite => "readwrite",
                        },
                    )?;
                }
                ArgSpec::Scalar { ty, .. } => {
                    d.set_item("kind", "int")?;
                    d.set_item("dtype", if *ty == ScalarType::I32 { "i32" } else { "i64" })?;
                }
                _ => {}
            }
            list.append(d)?;
        }
        Ok(list)
    }

    /// The kernel's attributes (dispatch, ukernel, reference family and its
    /// parameters), block size, dynamic shared memory, and what images the
    /// package has for it.
    fn info<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyDict>> {
        let k = kernel(&self.package, name)?;
        let d = PyDict::new(py);
        let attributes = PyDict::new(py);
        for (key, value) in &k.attributes {
            attributes.set_item(key, value)?;
        }
        d.set_item("attributes", attributes)?;
        d.set_item("block", k.launch.block.to_vec())?;
        d.set_item("shared_memory_bytes", k.launch.shared_memory_bytes)?;
        d.set_item("ptx", k.spec.ptx_capabilities().iter().map(|c| c.to_string()).collect::<Vec<_>>())?;
        d.set_item("cubin", k.spec.cubin_capabilities().iter().map(|c| c.to_string()).collect::<Vec<_>>())?;
        Ok(d)
    }

    /// Checks `args` against kernel `name` and launches it on the tensors'
    /// device, on `stream` (a `CUstream` as an int; None: torch's current
    /// stream of that device if torch is imported, else the legacy default
    /// stream). Returns without waiting for the kernel.
    #[pyo3(signature = (name, args, stream=None))]
    fn launch(&self, name: &str, args: &Bound<'_, PyTuple>, stream: Option<u64>) -> PyResult<()> {
        let steps = positions(&self.package, name)?;
        let k = &self.package.kernels[steps[0]];
        let specs = given(k);
        if args.len() != specs.len() {
            let names: Vec<&str> = specs.iter().map(|s| s.name()).collect();
            return Err(ArgumentError::new_err(format!(
                "kernel '{name}' takes {} argument(s) ({}), got {}",
                specs.len(),
                names.join(", "),
                args.len()
            )));
        }
        let mut values = Vec::with_capacity(args.len());
        for (index, arg) in args.iter().enumerate() {
            let arg_name = specs[index].name();
            // Tensors first: a one-element integer tensor also converts to int.
            if let Some(view) = torch_fast::view(&arg)? {
                values.push(Value::Tensor(view));
            } else if let Some(view) = dlpack::view(&arg)? {
                values.push(Value::Tensor(view));
            } else if arg.is_instance_of::<PyInt>() && !arg.is_instance_of::<PyBool>() {
                values.push(Value::Int(arg.extract::<i64>()?));
            } else {
                return Err(PyTypeError::new_err(format!(
                    "kernel '{name}' argument {index} ('{arg_name}'): expected a tensor (an object with __dlpack__) or an int, got {}",
                    arg.get_type().name()?
                )));
            }
        }
        // Types and shapes first: they need no GPU.
        let mut arg_values = Vec::with_capacity(values.len());
        for (index, (value, spec)) in values.iter().zip(&specs).enumerate() {
            arg_values.push(match value {
                Value::Tensor(t) => match &t.element {
                    Ok(e) => ArgValue::Buffer { element: *e, shape: t.shape.clone() },
                    Err(dtype) => {
                        return Err(ArgumentError::new_err(format!(
                            "kernel '{name}' argument {index} ('{}'): element type {dtype} is not one a kernel takes",
                            spec.name()
                        )));
                    }
                },
                Value::Int(v) => match spec {
                    ArgSpec::Scalar { ty: ScalarType::I32, .. } => match i32::try_from(*v) {
                        Ok(v) => ArgValue::I32(v),
                        Err(_) => {
                            return Err(ArgumentError::new_err(format!(
                                "kernel '{name}' argument {index} ('{}'): {v} does not fit an i32",
                                spec.name()
                            )));
                        }
                    },
                    _ => ArgValue::I64(*v),
                },
            });
        }
        k.launch.resolve(name, &arg_values).map_err(|e| ArgumentError::new_err(e.to_string()))?;
        let mut device = None;
        for (index, (value, spec)) in values.iter().zip(&specs).enumerate() {
            let Value::Tensor(t) = value else { continue };
            let here = format!("kernel '{name}' argument {index} ('{}')", spec.name());
            if !t.is_row_major() {
                return Err(ArgumentError::new_err(format!(
                    "{here}: strides {:?} (in elements) for shape {:?}: the kernel takes dense row-major tensors; pass .contiguous()",
                    t.strides, t.shape
                )));
            }
            if !matches!(t.device_type, dlpack::DEVICE_CUDA | dlpack::DEVICE_CUDA_MANAGED) {
                return Err(ArgumentError::new_err(format!(
                    "{here}: the tensor is on {}; the kernel runs on a CUDA device",
                    t.device_name()
                )));
            }
            match device {
                None => device = Some((t.device_id, index)),
                Some((d, first)) if d != t.device_id => {
                    return Err(ArgumentError::new_err(format!(
                        "{here}: the tensor is on {}, argument {first} on cuda:{d}; all must be on one device",
                        t.device_name()
                    )));
                }
                _ => {}
            }
        }
        let device = device.map_or(0, |(d, _)| d.max(0) as usize);
        let launch_args: Vec<LaunchArg> = values
            .iter()
            .zip(&arg_values)
            .map(|(value, arg)| match (value, arg) {
                (Value::Tensor(t), ArgValue::Buffer { element, shape }) => LaunchArg::External {
                    address: t.address,
                    len_bytes: shape.iter().product::<u64>() as usize * element.size_bytes(),
                    element: *element,
                    shape: shape.clone(),
                },
                (_, ArgValue::I32(v)) => LaunchArg::I32(*v),
                (_, ArgValue::I64(v)) => LaunchArg::I64(*v),
                (_, ArgValue::Buffer { .. }) => unreachable!("buffers come from tensors"),
            })
            .collect();
        // Not given: torch's current stream on the device (a capture stream
        // inside torch.cuda.graph), else the legacy default stream.
        let stream = match stream {
            Some(s) => s,
            None => torch_fast::current_stream(args.py(), device)?.unwrap_or(0),
        };
        // The GIL is released while the steps are loaded (a module's first
        // load on a stream takes milliseconds) and launched, so that Python
        // threads launch at once.
        args.py().detach(|| {
            // The steps of a function in order on one stream, on the same
            // buffers: of the variant compiled for this device's arch.
            let cc = self.runtime(device)?.devices()[0].compute_capability;
            let steps = positions_for(&self.package, name, Some(cc))?;
            for position in steps {
                let (runtime, loaded) = self.loaded(position, device)?;
                let stream = stream as usize as cudarc::driver::sys::CUstream;
                // SAFETY: `stream` is the caller's or torch's current stream of this device, alive for the launch.
                unsafe { runtime.launch_on_stream(&loaded, &launch_args, stream) }.map_err(|e| match e {
                    ukernel_runtime::Error::Args(a) => ArgumentError::new_err(a.to_string()),
                    e => CudaError::new_err(e.to_string()),
                })?;
            }
            Ok(())
        })
    }

    fn __repr__(&self) -> String {
        format!("<ukernel package '{}': {} kernel(s)>", self.path, self.package.functions().len())
    }
}

/// The native half of `ukernel.Kernel`: a call with every argument launches
/// from here, without a Python frame; other calls go to the Python
/// subclass's `_call_allocating`.
#[pyclass(module = "ukernel._native", name = "KernelBase", subclass, frozen)]
struct KernelBase {
    package: Py<NativePackage>,
    name: String,
    count: usize,
}

#[pymethods]
impl KernelBase {
    #[new]
    fn new(package: Py<NativePackage>, name: String) -> PyResult<Self> {
        let count = given(kernel(&package.get().package, &name)?).len();
        Ok(Self { package, name, count })
    }

    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    #[pyo3(signature = (*args, stream=None))]
    fn __call__(slf: &Bound<'_, Self>, args: &Bound<'_, PyTuple>, stream: Option<u64>) -> PyResult<Py<PyAny>> {
        let me = slf.get();
        if args.len() == me.count {
            me.package.get().launch(&me.name, args, stream)?;
            return Ok(slf.py().None());
        }
        Ok(slf.call_method1("_call_allocating", (args, stream))?.unbind())
    }
}

/// `python -m ukernel run|info|check-ukernels ...`: the same commands and
/// output as `ukc-run`.
#[pyfunction]
fn run_cli(args: Vec<String>) -> i32 {
    use clap::Parser;
    #[derive(clap::Parser)]
    #[command(name = "python -m ukernel", version)]
    struct Cli {
        #[command(subcommand)]
        command: ukc_runner::runner::RuntimeCommand,
    }
    let argv = std::iter::once("python -m ukernel".to_string()).chain(args);
    match Cli::try_parse_from(argv) {
        Ok(cli) => ukc_runner::runner::execute(cli.command),
        Err(e) => {
            let _ = e.print();
            e.exit_code()
        }
    }
}

/// Measures a folder `ukc tune --prepare-only` wrote on GPU `device`;
/// returns the records as a tuning file's JSON text and the table
/// `ukc-run measure` prints. With `output`, merges them into that file.
#[pyfunction]
#[pyo3(signature = (directory, device=0, repeat=20, output=None))]
fn measure_tuning(
    directory: std::path::PathBuf,
    device: usize,
    repeat: u32,
    output: Option<std::path::PathBuf>,
) -> PyResult<(String, String)> {
    let (records, table) = ukc_runner::tune::measure_into(&directory, output.as_deref(), device, repeat)
        .map_err(|e| PackageError::new_err(e.to_string()))?;
    Ok((ukernels::tuning::TuningFile { records, ..Default::default() }.to_json(), table))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<NativePackage>()?;
    m.add_class::<KernelBase>()?;
    m.add("ArgumentError", py.get_type::<ArgumentError>())?;
    m.add("PackageError", py.get_type::<PackageError>())?;
    m.add("CudaError", py.get_type::<CudaError>())?;
    m.add_function(wrap_pyfunction!(run_cli, m)?)?;
    m.add_function(wrap_pyfunction!(measure_tuning, m)?)?;
    Ok(())
}
