//! Reading a tensor through DLPack without copying it: the producer's
//! `__dlpack_device__()` and `__dlpack__(stream=-1)` (no synchronisation:
//! the kernel goes on the producer's current stream), the capsule's
//! `DLManagedTensor` read while the capsule is alive. The capsule is left
//! unconsumed, so its destructor returns the tensor to its producer.

use std::ffi::{CStr, c_void};

use pyo3::{exceptions::PyTypeError, prelude::*, types::PyDict};
use ukernel_runtime::ElementKind;

/// `DLDeviceType` values this package meets.
pub const DEVICE_CPU: i32 = 1;
pub const DEVICE_CUDA: i32 = 2;
pub const DEVICE_CUDA_HOST: i32 = 3;
pub const DEVICE_CUDA_MANAGED: i32 = 13;

#[repr(C)]
#[derive(Clone, Copy)]
struct DLDevice {
    device_type: i32,
    device_id: i32,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct DLDataType {
    code: u8,
    bits: u8,
    lanes: u16,
}

#[repr(C)]
struct DLTensor {
    data: *mut c_void,
    device: DLDevice,
    ndim: i32,
    dtype: DLDataType,
    shape: *const i64,
    strides: *const i64,
    byte_offset: u64,
}

#[repr(C)]
struct DLManagedTensor {
    dl_tensor: DLTensor,
    manager_ctx: *mut c_void,
    deleter: Option<unsafe extern "C" fn(*mut DLManagedTensor)>,
}

const CAPSULE_NAME: &CStr = c"dltensor";

/// What a launch needs to know of one tensor.
#[derive(Clone, Debug)]
pub struct TensorView {
    pub device_type: i32,
    pub device_id: i32,
    /// The element type, or the DLPack type when no kernel takes it.
    pub element: Result<ElementKind, String>,
    pub shape: Vec<u64>,
    /// In elements; row-major when the producer gave none.
    pub strides: Vec<i64>,
    /// Of the first element (data + byte_offset).
    pub address: u64,
}

impl TensorView {
    /// Whether the elements are dense in row-major order (dims of size 1
    /// may have any stride, and a tensor of no elements any strides: torch
    /// gives `torch.empty(4, 0)` strides (1, 1) and calls it contiguous).
    pub fn is_row_major(&self) -> bool {
        if self.shape.contains(&0) {
            return true;
        }
        let mut expected = 1i64;
        for (&size, &stride) in self.shape.iter().zip(&self.strides).rev() {
            if size != 1 && stride != expected {
                return false;
            }
            expected *= size as i64;
        }
        true
    }

    pub fn device_name(&self) -> String {
        match self.device_type {
            DEVICE_CPU => "cpu".into(),
            DEVICE_CUDA => format!("cuda:{}", self.device_id),
            DEVICE_CUDA_HOST => "pinned host memory".into(),
            DEVICE_CUDA_MANAGED => format!("CUDA managed memory (device {})", self.device_id),
            t => format!("DLPack device type {t}"),
        }
    }
}

fn element_of(dtype: DLDataType) -> Result<ElementKind, String> {
    let kind = match (dtype.code, dtype.bits, dtype.lanes) {
        (2, 32, 1) => ElementKind::F32,
        (2, 16, 1) => ElementKind::F16,
        (4, 16, 1) => ElementKind::BF16,
        (2, 64, 1) => ElementKind::F64,
        (0, 32, 1) => ElementKind::I32,
        (0, 64, 1) => ElementKind::I64,
        (0, 16, 1) => ElementKind::I16,
        (0, 8, 1) => ElementKind::I8,
        (6, 8, 1) => ElementKind::I1,
        (code, bits, lanes) => {
            let family = match code {
                0 => "int",
                1 => "uint",
                2 => "float",
                4 => "bfloat",
                6 => "bool",
                _ => "type code ",
            };
            let family = if family == "type code " { format!("type code {code}") } else { family.to_string() };
            let lanes = if lanes == 1 { String::new() } else { format!("x{lanes}") };
            return Err(format!("{family}{bits}{lanes}"));
        }
    };
    Ok(kind)
}

/// Views `object` through its DLPack interface; Ok(None) when it has none.
pub fn view(object: &Bound<'_, PyAny>) -> PyResult<Option<TensorView>> {
    if !object.hasattr("__dlpack__")? {
        return Ok(None);
    }
    let (device_type, _device_id): (i32, i32) = match object.call_method0("__dlpack_device__") {
        Ok(d) => d.extract()?,
        Err(_) => (DEVICE_CPU, 0),
    };
    let capsule = if matches!(device_type, DEVICE_CUDA | DEVICE_CUDA_MANAGED) {
        let kwargs = PyDict::new(object.py());
        kwargs.set_item("stream", -1)?;
        object.call_method("__dlpack__", (), Some(&kwargs))?
    } else {
        object.call_method0("__dlpack__")?
    };
    // SAFETY: a live capsule object (held by `capsule`) and a static NUL-terminated name.
    let managed = unsafe { pyo3::ffi::PyCapsule_GetPointer(capsule.as_ptr(), CAPSULE_NAME.as_ptr()) };
    if managed.is_null() {
        // The error PyCapsule_GetPointer set names the capsule's actual name.
        let cause = PyErr::take(object.py());
        let message = format!(
            "__dlpack__() did not return a DLPack capsule named 'dltensor'{}",
            cause.map(|e| format!(" ({e})")).unwrap_or_default()
        );
        return Err(PyTypeError::new_err(message));
    }
    // SAFETY: a non-null capsule named 'dltensor' holds a `DLManagedTensor`, alive while the capsule is.
    let tensor = unsafe { &(*(managed as *const DLManagedTensor)).dl_tensor };
    let ndim = tensor.ndim.max(0) as usize;
    let shape: Vec<i64> =
        // SAFETY: DLPack gives `ndim` dims at `shape` (non-null for ndim > 0), copied at once.
        if ndim == 0 { Vec::new() } else { unsafe { std::slice::from_raw_parts(tensor.shape, ndim) }.to_vec() };
    if shape.iter().any(|&d| d < 0) {
        return Err(PyTypeError::new_err(format!("DLPack tensor with a negative dimension: {shape:?}")));
    }
    let shape: Vec<u64> = shape.iter().map(|&d| d as u64).collect();
    let strides: Vec<i64> = if tensor.strides.is_null() {
        let mut s = vec![1i64; ndim];
        for i in (0..ndim.saturating_sub(1)).rev() {
            s[i] = s[i + 1] * shape[i + 1] as i64;
        }
        s
    } else {
        // SAFETY: DLPack gives `ndim` strides at a non-null `strides` (checked), copied at once.
        unsafe { std::slice::from_raw_parts(tensor.strides, ndim) }.to_vec()
    };
    let view = TensorView {
        device_type: tensor.device.device_type,
        device_id: tensor.device.device_id,
        element: element_of(tensor.dtype),
        shape,
        strides,
        address: (tensor.data as u64).wrapping_add(tensor.byte_offset),
    };
    // The capsule drops here, unconsumed: its destructor hands the tensor
    // back to the producer, which still holds it (the caller's object).
    drop(capsule);
    Ok(Some(view))
}
