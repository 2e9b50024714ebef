//! The CUDA driver, wrapped with explicit ownership: every native handle
//! records whether this runtime created it ([`Ownership::Owned`], released on
//! drop) or was lent it by the caller ([`Ownership::Borrowed`], never
//! released), as the SYCL CUDA backend and Level Zero interop models do.
//!
//! Nothing here panics when the driver library is absent: [`init`] checks for
//! it first (cudarc's own entry points would panic).

use std::{
    ffi::{CString, c_void},
    sync::OnceLock,
};

use cudarc::driver::sys::{self, CUresult};

/// Who releases a native handle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ownership {
    /// Created here; released when the wrapper is dropped.
    Owned,
    /// Lent by the caller; the caller releases it, after the wrapper is gone.
    Borrowed,
}

/// A failed driver call.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{call} failed: {name} ({description})")]
pub struct CudaError {
    pub call: &'static str,
    pub code: u32,
    pub name: String,
    pub description: String,
}

impl CudaError {
    pub fn is_out_of_memory(&self) -> bool {
        self.code == CUresult::CUDA_ERROR_OUT_OF_MEMORY as u32
    }

    /// Whether the error is one the driver keeps returning for every later
    /// call in the context (a kernel that trapped, faulted on an address or
    /// an instruction, or hit a device assert): the context and everything
    /// in it are lost, and only a new context (a primary context reset)
    /// runs work on that device again.
    pub fn is_context_lost(&self) -> bool {
        use CUresult::*;
        [
            CUDA_ERROR_ILLEGAL_ADDRESS,
            CUDA_ERROR_LAUNCH_TIMEOUT,
            CUDA_ERROR_ASSERT,
            CUDA_ERROR_HARDWARE_STACK_ERROR,
            CUDA_ERROR_ILLEGAL_INSTRUCTION,
            CUDA_ERROR_MISALIGNED_ADDRESS,
            CUDA_ERROR_INVALID_ADDRESS_SPACE,
            CUDA_ERROR_INVALID_PC,
            CUDA_ERROR_LAUNCH_FAILED,
        ]
        .iter()
        .any(|&c| self.code == c as u32)
    }
}

/// Devices whose primary context this process may reset, by ordinal.
const MAX_EPOCH_DEVICES: usize = 256;

/// Per device, how many times its primary context was reset here. A handle
/// records the count at its creation; once the count has moved on, the
/// handle died with the old context and its drop must not release it (the
/// new context may reuse the same address or handle value).
static EPOCHS: [std::sync::atomic::AtomicU64; MAX_EPOCH_DEVICES] =
    [const { std::sync::atomic::AtomicU64::new(0) }; MAX_EPOCH_DEVICES];

fn epoch(device: sys::CUdevice) -> u64 {
    usize::try_from(device).ok().and_then(|d| EPOCHS.get(d)).map_or(0, |e| e.load(std::sync::atomic::Ordering::Acquire))
}

/// The context generation a handle belongs to: released on drop only while
/// its device's primary context has not been reset since.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Generation {
    device: sys::CUdevice,
    epoch: u64,
}

impl Generation {
    fn of(context: &Context) -> Self {
        Self { device: context.device, epoch: epoch(context.device) }
    }

    /// Whether the context this handle was made in still exists.
    pub fn is_current(&self) -> bool {
        epoch(self.device) == self.epoch
    }
}

/// Destroys the primary context of `ordinal` and everything in it (after a
/// lost context: a trap, an illegal address). Handles made before are left
/// unreleased from now on ([`Generation`]); a later
/// [`Context::primary`] retains a new, working context. Every user of the
/// device's primary context in the process (the CUDA runtime API, a
/// framework) loses its allocations too, as it already did to the fault.
pub fn reset_primary(ordinal: usize) -> Result<(), CudaError> {
    let mut device = 0;
    // SAFETY: a driver call on locals that outlive it.
    check("cuDeviceGet", unsafe { sys::cuDeviceGet(&mut device, ordinal as i32) })?;
    // Counted by the device handle, as `epoch` reads it.
    if let Some(e) = usize::try_from(device).ok().and_then(|d| EPOCHS.get(d)) {
        e.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
    }
    // SAFETY: resets the device's primary context; the handles made in it
    // are no longer released (their generation is past).
    check("cuDevicePrimaryCtxReset", unsafe { sys::cuDevicePrimaryCtxReset_v2(device) })
}

fn check(call: &'static str, r: CUresult) -> Result<(), CudaError> {
    if r == CUresult::CUDA_SUCCESS {
        return Ok(());
    }
    let text = |f: unsafe fn(CUresult, *mut *const std::ffi::c_char) -> CUresult| -> String {
        let mut p = std::ptr::null();
        // SAFETY: the driver fills `p` with a pointer to a static string.
        if unsafe { f(r, &mut p) } == CUresult::CUDA_SUCCESS && !p.is_null() {
            // SAFETY: the driver returned a static NUL-terminated string (checked non-null).
            unsafe { std::ffi::CStr::from_ptr(p) }.to_string_lossy().into_owned()
        } else {
            format!("{r:?}")
        }
    };
    Err(CudaError { call, code: r as u32, name: text(sys::cuGetErrorName), description: text(sys::cuGetErrorString) })
}

/// Whether the CUDA driver library can be loaded on this machine.
pub fn driver_present() -> bool {
    // SAFETY: only tries to load the driver library.
    unsafe { sys::is_culib_present() }
}

/// Loads and initializes the driver once. `Ok(false)` when there is no
/// driver library at all.
pub fn init() -> Result<bool, CudaError> {
    static INIT: OnceLock<Result<bool, CudaError>> = OnceLock::new();
    INIT.get_or_init(|| {
        if !driver_present() {
            return Ok(false);
        }
        // SAFETY: takes no pointers.
        check("cuInit", unsafe { sys::cuInit(0) })?;
        Ok(true)
    })
    .clone()
}

/// Number of visible devices (after [`init`] returned true).
pub fn device_count() -> Result<usize, CudaError> {
    let mut n = 0;
    // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
    check("cuDeviceGetCount", unsafe { sys::cuDeviceGetCount(&mut n) })?;
    Ok(n.max(0) as usize)
}

/// The CUDA driver's version (`cuDriverGetVersion`: 13000 for 13.0), after
/// [`init`] returned true.
pub fn driver_version() -> Result<i32, CudaError> {
    let mut v = 0;
    // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
    check("cuDriverGetVersion", unsafe { sys::cuDriverGetVersion(&mut v) })?;
    Ok(v)
}

/// The name of device `ordinal` (after [`init`] returned true), without
/// creating a context.
pub fn device_name(ordinal: usize) -> Result<String, CudaError> {
    let mut device = 0;
    // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
    check("cuDeviceGet", unsafe { sys::cuDeviceGet(&mut device, ordinal as i32) })?;
    let mut buf = [0i8; 256];
    // SAFETY: `buf` is a live buffer of the length passed.
    check("cuDeviceGetName", unsafe { sys::cuDeviceGetName(buf.as_mut_ptr(), buf.len() as i32, device) })?;
    // SAFETY: the driver wrote a NUL-terminated name into `buf`, which is zeroed past it.
    Ok(unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned())
}

/// A CUDA context: the primary context of a device (retained, so owned) or
/// one lent by the caller.
#[derive(Debug)]
pub struct Context {
    raw: sys::CUcontext,
    device: sys::CUdevice,
    ownership: Ownership,
}

// The driver's contexts may be used from any thread once made current there.
unsafe impl Send for Context {}
unsafe impl Sync for Context {}

impl Context {
    /// Retains the primary context of device `ordinal` (the default, shared
    /// with the CUDA runtime API and other libraries in the process).
    pub fn primary(ordinal: usize) -> Result<Self, CudaError> {
        let mut device = 0;
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuDeviceGet", unsafe { sys::cuDeviceGet(&mut device, ordinal as i32) })?;
        let mut raw = std::ptr::null_mut();
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuDevicePrimaryCtxRetain", unsafe { sys::cuDevicePrimaryCtxRetain(&mut raw, device) })?;
        Ok(Self { raw, device, ownership: Ownership::Owned })
    }

    /// Wraps a context the caller created and keeps alive.
    ///
    /// # Safety
    /// `raw` must be a valid context that outlives the returned value.
    pub unsafe fn borrowed(raw: sys::CUcontext) -> Result<Self, CudaError> {
        // SAFETY: the caller guarantees a valid context.
        check("cuCtxPushCurrent", unsafe { sys::cuCtxPushCurrent_v2(raw) })?;
        let mut device = 0;
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        let got = check("cuCtxGetDevice", unsafe { sys::cuCtxGetDevice(&mut device) });
        let mut popped = std::ptr::null_mut();
        // SAFETY: pops the context pushed above.
        unsafe { sys::cuCtxPopCurrent_v2(&mut popped) };
        got?;
        Ok(Self { raw, device, ownership: Ownership::Borrowed })
    }

    pub fn raw(&self) -> sys::CUcontext {
        self.raw
    }

    pub fn ownership(&self) -> Ownership {
        self.ownership
    }

    /// Makes this context current on the calling thread.
    pub fn bind(&self) -> Result<(), CudaError> {
        // SAFETY: a context this value retains (or the caller keeps alive).
        check("cuCtxSetCurrent", unsafe { sys::cuCtxSetCurrent(self.raw) })
    }

    fn attribute(&self, attr: sys::CUdevice_attribute) -> Result<i32, CudaError> {
        let mut v = 0;
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuDeviceGetAttribute", unsafe { sys::cuDeviceGetAttribute(&mut v, attr, self.device) })?;
        Ok(v)
    }

    /// Binds the context and waits for all its work: the error of any
    /// kernel that faulted there (a lost context) comes back here.
    pub fn probe(&self) -> Result<(), CudaError> {
        self.bind()?;
        // SAFETY: a driver call on the bound context.
        check("cuCtxSynchronize", unsafe { sys::cuCtxSynchronize() })
    }

    /// (major, minor) compute capability of the context's device.
    pub fn compute_capability(&self) -> Result<(u32, u32), CudaError> {
        use sys::CUdevice_attribute::*;
        Ok((
            self.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)? as u32,
            self.attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)? as u32,
        ))
    }

    /// The most shared memory one workgroup may use on the context's
    /// device, static and dynamic together, when a kernel opts in (99 KiB on
    /// 8.6, 8.9 and 12.0; 163 KiB on 8.0; 227 KiB on 9.0).
    pub fn max_shared_memory_per_workgroup(&self) -> Result<u32, CudaError> {
        use sys::CUdevice_attribute::*;
        Ok(self.attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)? as u32)
    }

    pub fn multiprocessors(&self) -> Result<u32, CudaError> {
        Ok(self.attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)? as u32)
    }

    pub fn device_name(&self) -> Result<String, CudaError> {
        let mut buf = [0i8; 256];
        // SAFETY: `buf` is a live buffer of the length passed.
        check("cuDeviceGetName", unsafe { sys::cuDeviceGetName(buf.as_mut_ptr(), buf.len() as i32, self.device) })?;
        // SAFETY: the driver wrote a NUL-terminated name into `buf`, which is zeroed past it.
        Ok(unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned())
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        if self.ownership == Ownership::Owned {
            // SAFETY: releases the retain this context made, once, on drop.
            unsafe { sys::cuDevicePrimaryCtxRelease_v2(self.device) };
        }
    }
}

/// A stream: created here (owned) or lent by the caller.
#[derive(Debug)]
pub struct Stream {
    raw: sys::CUstream,
    ownership: Ownership,
    /// For an owned stream, the context generation it is destroyed in.
    generation: Option<Generation>,
}

unsafe impl Send for Stream {}
unsafe impl Sync for Stream {}

impl Stream {
    /// A new non-blocking stream in `context` (which must be current).
    pub fn new(context: &Context) -> Result<Self, CudaError> {
        context.bind()?;
        let mut raw = std::ptr::null_mut();
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuStreamCreate", unsafe {
            sys::cuStreamCreate(&mut raw, sys::CUstream_flags::CU_STREAM_NON_BLOCKING as u32)
        })?;
        Ok(Self { raw, ownership: Ownership::Owned, generation: Some(Generation::of(context)) })
    }

    /// Wraps a stream the caller created and keeps alive.
    ///
    /// # Safety
    /// `raw` must be a valid stream (or null, the legacy default stream) of
    /// the context it is used with, outliving the returned value.
    pub unsafe fn borrowed(raw: sys::CUstream) -> Self {
        Self { raw, ownership: Ownership::Borrowed, generation: None }
    }

    pub fn raw(&self) -> sys::CUstream {
        self.raw
    }

    pub fn ownership(&self) -> Ownership {
        self.ownership
    }

    pub fn synchronize(&self) -> Result<(), CudaError> {
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuStreamSynchronize", unsafe { sys::cuStreamSynchronize(self.raw) })
    }

    /// Whether the stream is capturing a CUDA graph (work on it is recorded,
    /// not run).
    pub fn is_capturing(&self) -> Result<bool, CudaError> {
        let mut status = sys::CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE;
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuStreamIsCapturing", unsafe { sys::cuStreamIsCapturing(self.raw, &mut status) })?;
        Ok(status != sys::CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE)
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        if self.ownership == Ownership::Owned && self.generation.is_some_and(|g| g.is_current()) {
            // SAFETY: an owned stream of a context still alive, destroyed once, on drop.
            unsafe { sys::cuStreamDestroy_v2(self.raw) };
        }
    }
}

/// Device memory allocated here, freed on drop.
#[derive(Debug)]
pub struct DeviceBuffer {
    ptr: sys::CUdeviceptr,
    bytes: usize,
    context: sys::CUcontext,
    generation: Generation,
}

unsafe impl Send for DeviceBuffer {}
unsafe impl Sync for DeviceBuffer {}

impl DeviceBuffer {
    /// Allocates `bytes` (at least 1) in `context`.
    pub fn alloc(context: &Context, bytes: usize) -> Result<Self, CudaError> {
        context.bind()?;
        let mut ptr = 0;
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuMemAlloc", unsafe { sys::cuMemAlloc_v2(&mut ptr, bytes.max(1)) })?;
        Ok(Self { ptr, bytes, context: context.raw(), generation: Generation::of(context) })
    }

    /// Allocates and zeroes.
    pub fn zeroed(context: &Context, bytes: usize) -> Result<Self, CudaError> {
        let b = Self::alloc(context, bytes)?;
        // SAFETY: the allocation just made, of at least that many bytes.
        check("cuMemsetD8", unsafe { sys::cuMemsetD8_v2(b.ptr, 0, bytes.max(1)) })?;
        Ok(b)
    }

    pub fn from_slice<T: Copy>(context: &Context, data: &[T]) -> Result<Self, CudaError> {
        let b = Self::alloc(context, std::mem::size_of_val(data))?;
        b.upload(data)?;
        Ok(b)
    }

    pub fn device_ptr(&self) -> sys::CUdeviceptr {
        self.ptr
    }

    pub fn len_bytes(&self) -> usize {
        self.bytes
    }

    /// Whether the context the buffer was allocated in still exists (a
    /// reset after a fault destroyed it and the buffer with it).
    pub fn is_alive(&self) -> bool {
        self.generation.is_current()
    }

    /// Copies `data` to the start of the buffer (synchronously).
    pub fn upload<T: Copy>(&self, data: &[T]) -> Result<(), CudaError> {
        let n = std::mem::size_of_val(data).min(self.bytes);
        // SAFETY: a context this value retains (or the caller keeps alive).
        check("cuCtxSetCurrent", unsafe { sys::cuCtxSetCurrent(self.context) })?;
        // SAFETY: `data` is live for the call and `n` bounds both it and the allocation.
        check("cuMemcpyHtoD", unsafe { sys::cuMemcpyHtoD_v2(self.ptr, data.as_ptr() as *const c_void, n) })
    }

    /// Copies the start of `source` over the start of the buffer (as many
    /// bytes as the shorter holds), ordered on `stream`.
    pub fn copy_from_async(&self, source: &DeviceBuffer, stream: &Stream) -> Result<(), CudaError> {
        let n = self.bytes.min(source.bytes);
        // SAFETY: a context this value retains (or the caller keeps alive).
        check("cuCtxSetCurrent", unsafe { sys::cuCtxSetCurrent(self.context) })?;
        // SAFETY: both allocations outlive the call, `n` bounds both, and the stream is of their context.
        check("cuMemcpyDtoDAsync", unsafe { sys::cuMemcpyDtoDAsync_v2(self.ptr, source.ptr, n, stream.raw()) })
    }

    /// Copies the start of the buffer into `out` (synchronously).
    pub fn download<T: Copy>(&self, out: &mut [T]) -> Result<(), CudaError> {
        let n = std::mem::size_of_val(out).min(self.bytes);
        // SAFETY: a context this value retains (or the caller keeps alive).
        check("cuCtxSetCurrent", unsafe { sys::cuCtxSetCurrent(self.context) })?;
        // SAFETY: `out` is live for the call and `n` bounds both it and the allocation.
        check("cuMemcpyDtoH", unsafe { sys::cuMemcpyDtoH_v2(out.as_mut_ptr() as *mut c_void, self.ptr, n) })
    }
}

impl Drop for DeviceBuffer {
    fn drop(&mut self) {
        if !self.is_alive() {
            return;
        }
        // SAFETY: frees this value's own allocation, once, on drop, in its context (still alive).
        unsafe {
            sys::cuCtxSetCurrent(self.context);
            sys::cuMemFree_v2(self.ptr);
        }
    }
}

/// A loaded module, unloaded on drop.
#[derive(Debug)]
pub struct Module {
    raw: sys::CUmodule,
    context: sys::CUcontext,
    generation: Generation,
}

unsafe impl Send for Module {}
unsafe impl Sync for Module {}

/// Why an image failed to load: the driver's error and its JIT log.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{error}\n{log}")]
pub struct LoadError {
    pub error: CudaError,
    /// The JIT compiler's error log (empty for a cubin).
    pub log: String,
}

impl Module {
    /// Loads PTX text or a cubin/fatbin image into `context`, capturing the
    /// JIT compiler's error log when it fails.
    pub fn load(context: &Context, image: &[u8]) -> Result<Self, LoadError> {
        context.bind().map_err(|error| LoadError { error, log: String::new() })?;
        // The driver wants PTX NUL-terminated; images are self-delimiting.
        let mut owned;
        let data: &[u8] = if image.last() == Some(&0)
            || image.starts_with(b"\x7fELF")
            || image.starts_with(&[0x50, 0xed, 0x55, 0xba])
        {
            image
        } else {
            owned = image.to_vec();
            owned.push(0);
            &owned
        };
        let mut log = vec![0u8; 16 * 1024];
        let mut options =
            [sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER, sys::CUjit_option::CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES];
        let mut values = [log.as_mut_ptr() as *mut c_void, log.len() as *mut c_void];
        let mut raw = std::ptr::null_mut();
        // SAFETY: `data` is NUL-terminated PTX or a self-delimiting image; the option arrays and the log buffer outlive the call.
        let r = unsafe {
            sys::cuModuleLoadDataEx(
                &mut raw,
                data.as_ptr() as *const c_void,
                options.len() as u32,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
            )
        };
        check("cuModuleLoadDataEx", r).map_err(|error| {
            let end = log.iter().position(|&b| b == 0).unwrap_or(log.len());
            LoadError { error, log: String::from_utf8_lossy(&log[..end]).trim_end().to_string() }
        })?;
        Ok(Self { raw, context: context.raw(), generation: Generation::of(context) })
    }

    /// Whether the context the module was loaded in still exists.
    pub fn is_alive(&self) -> bool {
        self.generation.is_current()
    }

    pub fn function(&self, name: &str) -> Result<sys::CUfunction, CudaError> {
        let c = CString::new(name).map_err(|_| CudaError {
            call: "cuModuleGetFunction",
            code: CUresult::CUDA_ERROR_INVALID_VALUE as u32,
            name: "CUDA_ERROR_INVALID_VALUE".into(),
            description: format!("kernel name {name:?} contains NUL"),
        })?;
        let mut f = std::ptr::null_mut();
        // SAFETY: a loaded module and a NUL-terminated name.
        check("cuModuleGetFunction", unsafe { sys::cuModuleGetFunction(&mut f, self.raw, c.as_ptr()) })?;
        Ok(f)
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        if !self.is_alive() {
            return;
        }
        // SAFETY: unloads this value's own module, once, on drop, in its context (still alive).
        unsafe {
            sys::cuCtxSetCurrent(self.context);
            sys::cuModuleUnload(self.raw);
        }
    }
}

/// Dynamic shared memory a kernel may use without opting in.
pub const DEFAULT_DYNAMIC_SHARED_MEMORY: u32 = 48 * 1024;

/// Lets `function` be launched with up to `bytes` of dynamic shared memory.
///
/// # Safety
/// `function` must come from [`Module::function`] of a module that is still
/// loaded, with that module's context current.
pub unsafe fn allow_dynamic_shared_memory(function: sys::CUfunction, bytes: u32) -> Result<(), CudaError> {
    // SAFETY: the caller guarantees a live function with its context current.
    check("cuFuncSetAttribute", unsafe {
        sys::cuFuncSetAttribute(
            function,
            sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            bytes as i32,
        )
    })
}

/// The static shared memory `function` declares, in bytes.
///
/// # Safety
/// As for [`allow_dynamic_shared_memory`].
pub unsafe fn static_shared_memory(function: sys::CUfunction) -> Result<u32, CudaError> {
    let mut v = 0;
    // SAFETY: the caller guarantees a live function with its context current.
    check("cuFuncGetAttribute", unsafe {
        sys::cuFuncGetAttribute(&mut v, sys::CUfunction_attribute::CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function)
    })?;
    Ok(v as u32)
}

/// Launches `function` on `stream`. `params` points at each parameter's
/// value, in order.
///
/// # Safety
/// The parameters must match the kernel's signature, and every pointer
/// among them must be valid device memory of the stream's context.
pub unsafe fn launch(
    function: sys::CUfunction,
    grid: [u32; 3],
    block: [u32; 3],
    shared_memory_bytes: u32,
    stream: &Stream,
    params: &mut [*mut c_void],
) -> Result<(), CudaError> {
    // SAFETY: the caller guarantees parameters matching the kernel and pointers of the stream's context.
    check("cuLaunchKernel", unsafe {
        sys::cuLaunchKernel(
            function,
            grid[0],
            grid[1],
            grid[2],
            block[0],
            block[1],
            block[2],
            shared_memory_bytes,
            stream.raw(),
            params.as_mut_ptr(),
            std::ptr::null_mut(),
        )
    })
}

/// Free and total memory of the device of `context`, in bytes.
pub fn memory_info(context: &Context) -> Result<(usize, usize), CudaError> {
    context.bind()?;
    let (mut free, mut total) = (0, 0);
    // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
    check("cuMemGetInfo", unsafe { sys::cuMemGetInfo_v2(&mut free, &mut total) })?;
    Ok((free, total))
}

/// A pair of events timing work on a stream.
pub struct Timer {
    start: sys::CUevent,
    stop: sys::CUevent,
    generation: Generation,
}

impl Timer {
    pub fn new(context: &Context) -> Result<Self, CudaError> {
        context.bind()?;
        let (mut start, mut stop) = (std::ptr::null_mut(), std::ptr::null_mut());
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuEventCreate", unsafe { sys::cuEventCreate(&mut start, 0) })?;
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuEventCreate", unsafe { sys::cuEventCreate(&mut stop, 0) })?;
        Ok(Self { start, stop, generation: Generation::of(context) })
    }

    pub fn start(&self, stream: &Stream) -> Result<(), CudaError> {
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuEventRecord", unsafe { sys::cuEventRecord(self.start, stream.raw()) })
    }

    /// Records the stop event, waits for it, and returns milliseconds.
    pub fn stop(&self, stream: &Stream) -> Result<f32, CudaError> {
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuEventRecord", unsafe { sys::cuEventRecord(self.stop, stream.raw()) })?;
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuEventSynchronize", unsafe { sys::cuEventSynchronize(self.stop) })?;
        let mut ms = 0.0;
        // SAFETY: a driver call on handles this value owns or borrows (alive while it is) and on locals that outlive the call.
        check("cuEventElapsedTime", unsafe { sys::cuEventElapsedTime_v2(&mut ms, self.start, self.stop) })?;
        Ok(ms)
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        if !self.generation.is_current() {
            return;
        }
        // SAFETY: destroys this timer's own events, once, on drop (their context still alive).
        unsafe {
            sys::cuEventDestroy_v2(self.start);
            sys::cuEventDestroy_v2(self.stop);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{CUresult, CudaError};

    fn error(code: CUresult) -> CudaError {
        CudaError {
            call: "cuStreamSynchronize",
            code: code as u32,
            name: format!("{code:?}"),
            description: String::new(),
        }
    }

    #[test]
    fn faults_lose_the_context_and_other_errors_do_not() {
        for lost in
            [CUresult::CUDA_ERROR_LAUNCH_FAILED, CUresult::CUDA_ERROR_ILLEGAL_ADDRESS, CUresult::CUDA_ERROR_ASSERT]
        {
            assert!(error(lost).is_context_lost(), "{lost:?}");
        }
        // The context goes on after these.
        for kept in
            [CUresult::CUDA_ERROR_OUT_OF_MEMORY, CUresult::CUDA_ERROR_INVALID_VALUE, CUresult::CUDA_ERROR_NOT_READY]
        {
            assert!(!error(kept).is_context_lost(), "{kept:?}");
        }
    }
}
