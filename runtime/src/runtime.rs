//! Loading packaged kernels onto devices and launching them with checked
//! arguments. One [`Device`] per GPU, each with its own context, stream,
//! module cache and scratch, so that devices never wait on each other.
//!
//! Streams: launches on different streams of one device may run at once, so
//! nothing one launch writes is shared with a launch on another stream.
//! Temporaries are per stream, and a kernel whose module holds state its
//! launches write (package attribute [`MODULE_STATE_ATTRIBUTE`]: ukernel
//! scratch such as TMA descriptors, split-K counters and partials) runs on
//! a module instance of the stream's own, loaded at its first launch there.
//! A stream that is capturing a CUDA graph when it first launches such a
//! kernel uses the device's instance (loading is not allowed during
//! capture), and another stream's temporaries (neither is allocating); its
//! launches are then ordered with that stream's only if the caller orders
//! them (as a graph captured after a warm-up on the capturing thread's
//! stream is).

use std::{
    collections::HashMap,
    ffi::c_void,
    hash::{Hash, Hasher},
    sync::{Arc, Mutex},
};

use crate::{
    cuda::{self, Context, CudaError, DeviceBuffer, Ownership, Stream},
    launch::{ArgError, ArgValue, ElementKind, LaunchMetadata, ResolvedParam},
    package::{PackageError, PackagedKernel},
    spec::{ComputeCapability, ImageForm, LoadChoice, SpecError},
};

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("no CUDA driver: libcuda could not be loaded (is an NVIDIA driver installed?)")]
    NoDriver,
    #[error("no CUDA device is visible")]
    NoDevice,
    #[error("device {ordinal} requested, but only {count} device(s) are visible")]
    DeviceOutOfRange { ordinal: usize, count: usize },
    #[error("device {device}: out of memory allocating {bytes} bytes")]
    OutOfMemory { device: usize, bytes: usize },
    #[error("kernel '{kernel}': device {device} is out of memory for its {bytes}-byte temporary")]
    TemporaryOutOfMemory { kernel: String, device: usize, bytes: usize },
    #[error(transparent)]
    Cuda(#[from] CudaError),
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Package(#[from] PackageError),
    #[error(transparent)]
    Args(#[from] ArgError),
    #[error(
        "kernel '{kernel}': loading {what} on device {device} (compute capability {cc}) failed: {error}\nJIT log:\n{log}"
    )]
    // The driver's error is boxed so that every `Result<_, Error>` stays small.
    Load {
        kernel: String,
        device: usize,
        cc: ComputeCapability,
        what: &'static str,
        error: Box<CudaError>,
        log: String,
    },
    #[error(
        "kernel '{kernel}': its {bytes}-byte temporary cannot be allocated while the stream captures a graph; launch \
         it once before the capture"
    )]
    CaptureNeedsTemporary { kernel: String, bytes: u64 },
    #[error("{0}")]
    Io(String),
    #[error(
        "kernel '{kernel}' was loaded on device {device} before its context was lost and made anew \
         (Runtime::recover); load it again"
    )]
    StaleKernel { kernel: String, device: usize },
    #[error(
        "kernel '{kernel}' argument {index}: the buffer was allocated before device {device}'s context was lost and \
         made anew (Runtime::recover); allocate it again"
    )]
    StaleBuffer { kernel: String, index: usize, device: usize },
    #[error("device {device}: its context is a caller's (Runtime::from_native); only the caller can make it anew")]
    BorrowedContextLost { device: usize },
    #[error(
        "device {device}: its context was lost to a fault and the driver made no new one in this process \
         ({error}); work on that device needs a new process"
    )]
    ContextNotRecreated { device: usize, error: Box<CudaError> },
    #[error("kernel '{kernel}' argument {index}: the buffer has {have} bytes, its shape needs {need}")]
    BufferTooSmall { kernel: String, index: usize, have: usize, need: usize },
    #[error(
        "kernel '{kernel}' ({what} for {from_cc}) needs {needs} bytes of shared memory per workgroup; device {device} \
         (compute capability {cc}) allows {allows}: compile the package for this device's arch too (--arch sm_{}{})",
        cc.major, cc.minor
    )]
    SharedMemoryTooLarge {
        kernel: String,
        what: &'static str,
        from_cc: ComputeCapability,
        device: usize,
        cc: ComputeCapability,
        needs: u32,
        allows: u32,
    },
}

impl Error {
    /// Whether the error says that a device's context is lost (a kernel
    /// trapped or faulted): every later call there fails until
    /// [`Runtime::recover`] makes a new context.
    pub fn is_context_lost(&self) -> bool {
        match self {
            Error::Cuda(e) => e.is_context_lost(),
            Error::Load { error, .. } => error.is_context_lost(),
            _ => false,
        }
    }
}

/// Which GPUs a runtime uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceSelection {
    All,
    Only(Vec<usize>),
}

/// A temporary's key: (owner, parameter position, bytes, stream).
type ScratchKey = (String, usize, u64, usize);

/// One GPU as the runtime uses it.
pub struct Device {
    /// The driver's ordinal; `None` for a caller-provided context.
    pub ordinal: Option<usize>,
    pub name: String,
    pub compute_capability: ComputeCapability,
    pub multiprocessors: u32,
    /// Shared memory one workgroup may use (static and dynamic, opted in).
    pub max_shared_memory_per_workgroup: u32,
    // Declared before `context`: dropped (unloaded, freed, destroyed) first.
    /// Loaded modules by (content, stream): stream 0 is the instance every
    /// stream shares; a module with state gets one per other stream.
    modules: Mutex<HashMap<(u64, usize), Arc<cuda::Module>>>,
    scratch: Mutex<HashMap<ScratchKey, Arc<DeviceBuffer>>>,
    stream: Stream,
    context: Context,
}

impl Device {
    fn open(context: Context, stream: Option<Stream>, ordinal: Option<usize>) -> Result<Self, Error> {
        let (major, minor) = context.compute_capability()?;
        let stream = match stream {
            Some(s) => s,
            None => Stream::new(&context)?,
        };
        Ok(Self {
            ordinal,
            name: context.device_name()?,
            compute_capability: ComputeCapability::new(major, minor),
            multiprocessors: context.multiprocessors()?,
            max_shared_memory_per_workgroup: context.max_shared_memory_per_workgroup()?,
            modules: Mutex::default(),
            scratch: Mutex::default(),
            stream,
            context,
        })
    }

    pub fn context(&self) -> &Context {
        &self.context
    }

    /// The module of content `key` for stream `stream` (0: shared by all),
    /// loaded from `image` unless cached.
    fn module(
        &self,
        key: u64,
        stream: usize,
        image: &[u8],
        kernel: &str,
        index: usize,
        what: &'static str,
    ) -> Result<Arc<cuda::Module>, Error> {
        let mut modules = self.modules.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(m) = modules.get(&(key, stream)) {
            return Ok(m.clone());
        }
        let started = std::time::Instant::now();
        let m = cuda::Module::load(&self.context, image).map_err(|e| Error::Load {
            kernel: kernel.to_string(),
            device: index,
            cc: self.compute_capability,
            what,
            error: Box::new(e.error),
            log: e.log,
        })?;
        tracing::debug!(
            kernel,
            device = index,
            image = what,
            ms = started.elapsed().as_secs_f64() * 1e3,
            "module loaded"
        );
        let m = Arc::new(m);
        modules.insert((key, stream), m.clone());
        Ok(m)
    }

    pub fn stream(&self) -> &Stream {
        &self.stream
    }

    /// Lets `function` (of a module loaded here and held alive) launch with
    /// `bytes` of dynamic shared memory: above the default 48 KiB that must
    /// be opted into per function (the driver rejects the launch otherwise).
    fn allow_dynamic_shared_memory(&self, function: cudarc::driver::sys::CUfunction, bytes: u32) -> Result<(), Error> {
        if bytes > cuda::DEFAULT_DYNAMIC_SHARED_MEMORY {
            self.context.bind()?;
            // SAFETY: the caller's function is of a module held alive, and
            // the context it was loaded in is bound.
            unsafe { cuda::allow_dynamic_shared_memory(function, bytes)? };
        }
        Ok(())
    }

    /// Allocates a device buffer holding `data`.
    pub fn upload<T: Copy>(&self, data: &[T]) -> Result<DeviceBuffer, Error> {
        self.map_oom(DeviceBuffer::from_slice(&self.context, data), std::mem::size_of_val(data))
    }

    /// Allocates a zeroed device buffer.
    pub fn zeroed(&self, bytes: usize) -> Result<DeviceBuffer, Error> {
        self.map_oom(DeviceBuffer::zeroed(&self.context, bytes), bytes)
    }

    pub fn synchronize(&self) -> Result<(), Error> {
        self.context.bind()?;
        Ok(self.stream.synchronize()?)
    }

    /// Modules loaded on this device so far.
    pub fn cached_modules(&self) -> usize {
        self.modules.lock().map(|m| m.len()).unwrap_or(0)
    }

    fn map_oom<T>(&self, r: Result<T, CudaError>, bytes: usize) -> Result<T, Error> {
        r.map_err(|e| {
            if e.is_out_of_memory() {
                Error::OutOfMemory { device: self.ordinal.unwrap_or(0), bytes }
            } else {
                Error::Cuda(e)
            }
        })
    }
}

/// A kernel loaded on one device.
pub struct LoadedKernel {
    pub name: String,
    pub device: usize,
    /// What was loaded: `"PTX"` or `"cubin"`, and for which capability.
    pub loaded: (&'static str, ComputeCapability),
    pub launch: LaunchMetadata,
    /// Whose temporaries (scratch) it uses: its own, or for a step of a
    /// function of several kernels (package attribute `function`), the
    /// function's, which all its steps share.
    scratch_owner: String,
    /// The function of its image it launches (see [`ENTRY_ATTRIBUTE`]).
    entry: String,
    function: cudarc::driver::sys::CUfunction,
    module: Arc<cuda::Module>,
    /// For a kernel whose module holds state: what to load per stream.
    per_stream: Option<PerStream>,
}

/// The package attribute (value `1`) of a kernel whose module holds state
/// its launches write, which launches on different streams must not share.
pub const MODULE_STATE_ATTRIBUTE: &str = "module_state";

/// The package attribute naming the function of its images a kernel
/// launches, when it is not the kernel's own name: kernels that differ only
/// in sizes run one code, their sizes passed as trailing constant arguments.
pub const ENTRY_ATTRIBUTE: &str = "entry";

/// A stateful kernel's image (and its content key) and its instances per
/// stream (beside the device's), each with the module that holds it.
struct PerStream {
    image: Arc<[u8]>,
    key: u64,
    instances: Mutex<HashMap<usize, (cudarc::driver::sys::CUfunction, Arc<cuda::Module>)>>,
}

unsafe impl Send for LoadedKernel {}
unsafe impl Sync for LoadedKernel {}

/// One argument of a launch, in the order of the kernel's given arguments.
pub enum LaunchArg<'a> {
    Buffer {
        buffer: &'a DeviceBuffer,
        element: ElementKind,
        shape: Vec<u64>,
    },
    /// Device memory the caller owns (e.g. a framework's tensor): the
    /// address of its first element and how many bytes from there belong to
    /// it, dense in the kernel's (row-major) layout.
    External {
        address: u64,
        len_bytes: usize,
        element: ElementKind,
        shape: Vec<u64>,
    },
    I32(i32),
    I64(i64),
}

impl LaunchArg<'_> {
    fn value(&self) -> ArgValue {
        match self {
            LaunchArg::Buffer { element, shape, .. } | LaunchArg::External { element, shape, .. } => {
                ArgValue::Buffer { element: *element, shape: shape.clone() }
            }
            LaunchArg::I32(v) => ArgValue::I32(*v),
            LaunchArg::I64(v) => ArgValue::I64(*v),
        }
    }
}

/// The runtime: a set of devices.
pub struct Runtime {
    devices: Vec<Device>,
}

impl Runtime {
    /// Opens the selected GPUs on their primary contexts, each with a new
    /// stream. Errors (never panics) without a driver or devices.
    pub fn new(selection: DeviceSelection) -> Result<Self, Error> {
        if !cuda::init()? {
            return Err(Error::NoDriver);
        }
        let count = cuda::device_count()?;
        if count == 0 {
            return Err(Error::NoDevice);
        }
        let ordinals = match selection {
            DeviceSelection::All => (0..count).collect(),
            DeviceSelection::Only(list) => list,
        };
        let mut devices = Vec::new();
        for ordinal in ordinals {
            if ordinal >= count {
                return Err(Error::DeviceOutOfRange { ordinal, count });
            }
            devices.push(Device::open(Context::primary(ordinal)?, None, Some(ordinal))?);
        }
        Ok(Self { devices })
    }

    /// Runs on the caller's context and, if given, the caller's stream: both
    /// are borrowed and never released by the runtime.
    ///
    /// # Safety
    /// `context` (and `stream`, which must belong to it) must stay valid for
    /// the runtime's life.
    pub unsafe fn from_native(
        context: cudarc::driver::sys::CUcontext,
        stream: Option<cudarc::driver::sys::CUstream>,
    ) -> Result<Self, Error> {
        if !cuda::init()? {
            return Err(Error::NoDriver);
        }
        // SAFETY: the caller guarantees `context` (and `stream`) valid for the runtime's life.
        let context = unsafe { Context::borrowed(context)? };
        // SAFETY: as above: the caller's stream of that context, borrowed, never released.
        let stream = stream.map(|s| unsafe { Stream::borrowed(s) });
        Ok(Self { devices: vec![Device::open(context, stream, None)?] })
    }

    pub fn devices(&self) -> &[Device] {
        &self.devices
    }

    /// Makes a new context on every device whose context is lost (a kernel
    /// trapped or faulted: [`Error::is_context_lost`]) and returns their
    /// indices. The lost context's modules, temporaries and stream are
    /// dropped, the device's primary context is reset, and the device
    /// reopened with a new stream; kernels loaded and buffers allocated
    /// before are dead ([`Error::StaleKernel`], [`Error::StaleBuffer`] if
    /// launched or passed) and are never released into the new context.
    /// Resetting the primary context ends it for every user in the process,
    /// which the fault had already done. A caller's context
    /// ([`from_native`](Self::from_native)) is not reset:
    /// [`Error::BorrowedContextLost`]. Where the driver makes no new context
    /// after the reset ([`Error::ContextNotRecreated`]: CUDA 13 on an H100
    /// answers the next retain with the fault's error), the device stays
    /// lost for the rest of the process.
    pub fn recover(&mut self) -> Result<Vec<usize>, Error> {
        let mut recovered = Vec::new();
        for index in 0..self.devices.len() {
            let device = &self.devices[index];
            match device.context.probe() {
                Err(e) if e.is_context_lost() => {}
                _ => continue,
            }
            let Some(ordinal) = device.ordinal else {
                return Err(Error::BorrowedContextLost { device: index });
            };
            // Released while the lost context still exists: after the reset
            // the same handles and addresses may belong to the new one.
            device.modules.lock().unwrap_or_else(|p| p.into_inner()).clear();
            device.scratch.lock().unwrap_or_else(|p| p.into_inner()).clear();
            let not_recreated = |e: CudaError| Error::ContextNotRecreated { device: index, error: Box::new(e) };
            cuda::reset_primary(ordinal).map_err(not_recreated)?;
            let context = Context::primary(ordinal).map_err(not_recreated)?;
            self.devices[index] = Device::open(context, None, Some(ordinal)).map_err(|e| match e {
                Error::Cuda(e) => not_recreated(e),
                other => other,
            })?;
            tracing::warn!(device = index, "context lost; made anew");
            recovered.push(index);
        }
        Ok(recovered)
    }

    /// Ownership of device `index`'s context and stream.
    pub fn ownership(&self, index: usize) -> Option<(Ownership, Ownership)> {
        self.devices.get(index).map(|d| (d.context.ownership(), d.stream.ownership()))
    }

    /// Loads `kernel` onto device `index` (position in [`devices`](Self::devices)):
    /// machine code (cubin) when one fits the device, else PTX (see
    /// [`MultiKernelLoaderSpec::select_for`](crate::MultiKernelLoaderSpec::select_for)).
    /// Modules are cached per (device, content).
    pub fn load(&self, index: usize, kernel: &PackagedKernel) -> Result<LoadedKernel, Error> {
        let device =
            self.devices.get(index).ok_or(Error::DeviceOutOfRange { ordinal: index, count: self.devices.len() })?;
        let cc = device.compute_capability;
        let (what, image, from_cc) = match kernel.spec.select_for(cc)? {
            LoadChoice::Cubin { cc, form: ImageForm::Portable, image } => ("cubin", image, cc),
            LoadChoice::Cubin { cc, form: ImageForm::ArchSpecific, image } => ("arch-specific cubin", image, cc),
            LoadChoice::Cubin { cc, form: ImageForm::FamilySpecific, image } => ("family-specific cubin", image, cc),
            LoadChoice::Ptx { cc, form: ImageForm::Portable, text } => ("PTX", text, cc),
            LoadChoice::Ptx { cc, form: ImageForm::ArchSpecific, text } => ("arch-specific PTX", text, cc),
            LoadChoice::Ptx { cc, form: ImageForm::FamilySpecific, text } => ("family-specific PTX", text, cc),
        };
        let key = content_hash(image);
        let module = device.module(key, 0, image, kernel.name(), index, what)?;
        let function = module.function(kernel.entry())?;
        // An image compiled for another capability (sm_80 code on an 8.6
        // device) may need more shared memory than this device has: refused
        // here, not left to fail at launch.
        device.context.bind()?;
        // SAFETY: `function` is from `module`, held alive, its context bound.
        let static_bytes = unsafe { cuda::static_shared_memory(function)? };
        let needs = static_bytes.saturating_add(kernel.launch.shared_memory_bytes);
        if needs > device.max_shared_memory_per_workgroup {
            return Err(Error::SharedMemoryTooLarge {
                kernel: kernel.name().to_string(),
                what,
                from_cc,
                device: index,
                cc,
                needs,
                allows: device.max_shared_memory_per_workgroup,
            });
        }
        device.allow_dynamic_shared_memory(function, kernel.launch.shared_memory_bytes)?;
        let per_stream = (kernel.attributes.get(MODULE_STATE_ATTRIBUTE).map(String::as_str) == Some("1"))
            .then(|| PerStream { image: Arc::from(image), key, instances: Mutex::default() });
        Ok(LoadedKernel {
            name: kernel.name().to_string(),
            device: index,
            loaded: (what, from_cc),
            launch: kernel.launch.clone(),
            scratch_owner: kernel.attributes.get("function").cloned().unwrap_or_else(|| kernel.name().to_string()),
            entry: kernel.entry().to_string(),
            function,
            module,
            per_stream,
        })
    }

    /// Loads `kernel` onto every device of the runtime.
    pub fn load_everywhere(&self, kernel: &PackagedKernel) -> Result<Vec<LoadedKernel>, Error> {
        (0..self.devices.len()).map(|i| self.load(i, kernel)).collect()
    }

    /// Checks `args` against the kernel's launch metadata (count, element
    /// types, shapes, buffer sizes), then launches it on its device's stream.
    /// Returns without waiting for the kernel.
    pub fn launch(&self, kernel: &LoadedKernel, args: &[LaunchArg]) -> Result<(), Error> {
        self.launch_on(kernel, args, None)
    }

    /// [`launch`](Self::launch) on `stream` instead of the device's own: a
    /// stream of the caller's (e.g. a framework's current stream, which may
    /// be capturing a CUDA graph), borrowed for the call.
    ///
    /// # Safety
    /// `stream`, when given, must be a valid stream of the kernel's device's
    /// context (null: the legacy default stream).
    pub unsafe fn launch_on_stream(
        &self,
        kernel: &LoadedKernel,
        args: &[LaunchArg],
        stream: cudarc::driver::sys::CUstream,
    ) -> Result<(), Error> {
        // SAFETY: the caller guarantees a valid stream of the kernel's context for this call.
        let stream = unsafe { cuda::Stream::borrowed(stream) };
        self.launch_on(kernel, args, Some(&stream))
    }

    fn launch_on(&self, kernel: &LoadedKernel, args: &[LaunchArg], stream: Option<&cuda::Stream>) -> Result<(), Error> {
        let device = self
            .devices
            .get(kernel.device)
            .ok_or(Error::DeviceOutOfRange { ordinal: kernel.device, count: self.devices.len() })?;
        if !kernel.module.is_alive() {
            return Err(Error::StaleKernel { kernel: kernel.name.clone(), device: kernel.device });
        }
        for (index, a) in args.iter().enumerate() {
            if let LaunchArg::Buffer { buffer, .. } = a
                && !buffer.is_alive()
            {
                return Err(Error::StaleBuffer { kernel: kernel.name.clone(), index, device: kernel.device });
            }
        }
        let values: Vec<ArgValue> = args.iter().map(LaunchArg::value).collect();
        let resolved = kernel.launch.resolve(&kernel.name, &values)?;
        for (index, a) in args.iter().enumerate() {
            let (have, element, shape) = match a {
                LaunchArg::Buffer { buffer, element, shape } => (buffer.len_bytes(), element, shape),
                LaunchArg::External { len_bytes, element, shape, .. } => (*len_bytes, element, shape),
                _ => continue,
            };
            let need = shape.iter().product::<u64>() as usize * element.size_bytes();
            if have < need {
                return Err(Error::BufferTooSmall { kernel: kernel.name.clone(), index, have, need });
            }
        }
        if resolved.is_empty() {
            return Ok(());
        }
        // Every parameter's value in an 8-byte slot (little-endian, so an
        // i32 reads correctly from the slot's start).
        let mut slots: Vec<u64> = Vec::with_capacity(resolved.params.len());
        let mut keep_scratch = Vec::new();
        // The stream's key: 0 for the device's own (the shared instance), 1
        // for the legacy default stream (null), else its handle.
        let launch_stream = stream.unwrap_or(&device.stream);
        let stream_key = match launch_stream.raw() {
            raw if raw == device.stream.raw() => 0,
            raw if raw.is_null() => 1,
            raw => raw as usize,
        };
        for (position, p) in resolved.params.iter().enumerate() {
            slots.push(match p {
                ResolvedParam::Given(i) => match &args[*i] {
                    LaunchArg::Buffer { buffer, .. } => buffer.device_ptr(),
                    LaunchArg::External { address, .. } => *address,
                    LaunchArg::I32(v) => *v as u32 as u64,
                    LaunchArg::I64(v) => *v as u64,
                },
                ResolvedParam::I32(v) => *v as u32 as u64,
                ResolvedParam::I64(v) => *v as u64,
                ResolvedParam::Alias(_) => 0,
                ResolvedParam::Scratch(bytes) => {
                    let s = self
                        .scratch(device, &kernel.scratch_owner, position, *bytes, (launch_stream, stream_key))
                        .map_err(|e| match e {
                            Error::OutOfMemory { device, bytes } => {
                                Error::TemporaryOutOfMemory { kernel: kernel.name.clone(), device, bytes }
                            }
                            e => e,
                        })?;
                    let ptr = s.device_ptr();
                    keep_scratch.push(s);
                    ptr
                }
            });
        }
        for (i, p) in resolved.params.iter().enumerate() {
            if let ResolvedParam::Alias(of) = p {
                slots[i] = slots[*of as usize];
            }
        }
        let mut params: Vec<*mut c_void> = slots.iter_mut().map(|s| s as *mut u64 as *mut c_void).collect();
        let function = self.function_on(device, kernel, launch_stream, stream_key);
        device.context.bind()?;
        let l = &kernel.launch;
        // SAFETY: `params` matches the kernel's metadata (resolved and checked above) and every pointer is a buffer, scratch or caller memory of this device.
        unsafe {
            cuda::launch(
                function,
                resolved.grid,
                l.block,
                l.shared_memory_bytes,
                stream.unwrap_or(&device.stream),
                &mut params,
            )?
        };
        Ok(())
    }

    /// The function to launch `kernel` with on `stream`, of key `key` (0:
    /// the device's own): its own instance there for a kernel whose module
    /// holds state, loaded on first use, except while the stream captures a
    /// graph (see the module's comment). Where an instance cannot be made
    /// (the driver refuses the query or the load), the stream shares the
    /// device's instance, as every stream did before instances existed, and
    /// a warning says so: never an error a launch did not have before.
    fn function_on(
        &self,
        device: &Device,
        kernel: &LoadedKernel,
        stream: &cuda::Stream,
        key: usize,
    ) -> cudarc::driver::sys::CUfunction {
        let Some(p) = kernel.per_stream.as_ref().filter(|_| key != 0) else { return kernel.function };
        let mut instances = p.instances.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((f, _)) = instances.get(&key) {
            return *f;
        }
        match Self::instance(device, kernel, p, stream, key) {
            Ok(Some(instance)) => {
                tracing::debug!(kernel = %kernel.name, cc = %kernel.loaded.1, stream = key, "module instance for a stream");
                let function = instance.0;
                instances.insert(key, instance);
                function
            }
            // Capturing: the shared instance for now, an own one later.
            Ok(None) => kernel.function,
            Err(e) => {
                tracing::warn!(kernel = %kernel.name, stream = key, "the stream shares the device's module instance: {e}");
                instances.insert(key, (kernel.function, kernel.module.clone()));
                kernel.function
            }
        }
    }

    /// A new instance of `kernel`'s module for `stream` (of key `key`); None
    /// while that stream captures a graph.
    fn instance(
        device: &Device,
        kernel: &LoadedKernel,
        p: &PerStream,
        stream: &cuda::Stream,
        key: usize,
    ) -> Result<Option<(cudarc::driver::sys::CUfunction, Arc<cuda::Module>)>, Error> {
        if stream.is_capturing()? {
            return Ok(None);
        }
        let module = device.module(p.key, key, &p.image, &kernel.name, kernel.device, kernel.loaded.0)?;
        let function = module.function(&kernel.entry)?;
        device.allow_dynamic_shared_memory(function, kernel.launch.shared_memory_bytes)?;
        Ok(Some((function, module)))
    }

    /// The scratch buffer of parameter `position` of `owner`'s kernels on
    /// `device`: one per parameter (two temporaries of one size are two
    /// buffers), size and stream, allocated zeroed on first use and reused
    /// (kernels leave their scratch zeroed). The steps of a function have
    /// the same parameters, so they share its temporaries. Each stream has
    /// its own, so that launches on two streams never share one; except that
    /// a stream capturing a graph cannot allocate: it takes another
    /// stream's (the device's own first), as for module instances (see the
    /// module's comment), and gets its own at a launch after the capture.
    fn scratch(
        &self,
        device: &Device,
        owner: &str,
        position: usize,
        bytes: u64,
        stream: (&Stream, usize),
    ) -> Result<Arc<DeviceBuffer>, Error> {
        let mut cache = device.scratch.lock().unwrap_or_else(|p| p.into_inner());
        let key = (owner.to_string(), position, bytes, stream.1);
        if let Some(b) = cache.get(&key) {
            return Ok(b.clone());
        }
        if stream.0.is_capturing()? {
            // The lowest stream key: the device's own (0) where it has one.
            let shared = cache
                .iter()
                .filter(|(k, _)| k.0 == owner && k.1 == position && k.2 == bytes)
                .min_by_key(|(k, _)| k.3)
                .map(|(_, b)| b);
            return match shared {
                Some(b) => {
                    tracing::warn!(kernel = %owner, stream = stream.1, "a capturing stream shares another stream's temporary");
                    Ok(b.clone())
                }
                None => Err(Error::CaptureNeedsTemporary { kernel: owner.to_string(), bytes }),
            };
        }
        let b = Arc::new(device.zeroed(bytes as usize)?);
        cache.insert(key, b.clone());
        Ok(b)
    }
}

fn content_hash(bytes: &[u8]) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}
