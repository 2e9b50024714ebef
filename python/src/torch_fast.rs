//! A torch tensor read through its own attributes rather than DLPack:
//! torch's `__dlpack__` is Python code costing several microseconds a
//! tensor, which would dominate a launch. Same facts, same zero copy; used
//! only when torch is already imported and the object is a `torch.Tensor`.

use pyo3::{prelude::*, sync::PyOnceLock, types::PyType};
use ukernel_runtime::ElementKind;

use crate::dlpack::{DEVICE_CPU, DEVICE_CUDA, TensorView};

struct Torch {
    tensor: Py<PyType>,
    /// dtype objects (torch.float32, ...) and their element kinds.
    dtypes: Vec<(Py<PyAny>, ElementKind)>,
    /// `torch._C._cuda_getCurrentRawStream`, where torch has it.
    raw_stream: Option<Py<PyAny>>,
}

static TORCH: PyOnceLock<Torch> = PyOnceLock::new();

/// torch, if the program has imported it (never imported from here; looked
/// up again until it is).
fn torch(py: Python<'_>) -> Option<&Torch> {
    if let Some(t) = TORCH.get(py) {
        return Some(t);
    }
    let found = (|| {
        let modules = py.import("sys").ok()?.getattr("modules").ok()?;
        let torch = modules.get_item("torch").ok()?;
        let tensor = torch.getattr("Tensor").ok()?.cast_into::<PyType>().ok()?.unbind();
        let mut dtypes = Vec::new();
        for (name, kind) in [
            ("float32", ElementKind::F32),
            ("float16", ElementKind::F16),
            ("bfloat16", ElementKind::BF16),
            ("float64", ElementKind::F64),
            ("int32", ElementKind::I32),
            ("int64", ElementKind::I64),
            ("int16", ElementKind::I16),
            ("int8", ElementKind::I8),
            ("bool", ElementKind::I1),
        ] {
            dtypes.push((torch.getattr(name).ok()?.unbind(), kind));
        }
        // 8-bit floats where this torch has them.
        for (name, kind) in [("float8_e4m3fn", ElementKind::F8E4M3FN), ("float8_e5m2", ElementKind::F8E5M2)] {
            if let Ok(dtype) = torch.getattr(name) {
                dtypes.push((dtype.unbind(), kind));
            }
        }
        let raw_stream =
            torch.getattr("_C").and_then(|c| c.getattr("_cuda_getCurrentRawStream")).ok().map(|f| f.unbind());
        Some(Torch { tensor, dtypes, raw_stream })
    })()?;
    let _ = TORCH.set(py, found);
    TORCH.get(py)
}

/// Views `object` if it is a torch tensor; Ok(None) otherwise.
pub fn view(object: &Bound<'_, PyAny>) -> PyResult<Option<TensorView>> {
    let py = object.py();
    let Some(torch) = torch(py) else { return Ok(None) };
    if !object.is_instance(torch.tensor.bind(py))? {
        return Ok(None);
    }
    let dtype = object.getattr("dtype")?;
    let element = match torch.dtypes.iter().find(|(d, _)| d.bind(py).is(&dtype)) {
        Some((_, kind)) => Ok(*kind),
        None => Err(dtype.str()?.to_string().trim_start_matches("torch.").to_string()),
    };
    let device: i32 = object.call_method0("get_device")?.extract()?;
    Ok(Some(TensorView {
        device_type: if device >= 0 { DEVICE_CUDA } else { DEVICE_CPU },
        device_id: device.max(0),
        element,
        shape: object.getattr("shape")?.extract()?,
        strides: object.call_method0("stride")?.extract()?,
        address: object.call_method0("data_ptr")?.extract()?,
    }))
}

/// torch's current stream on `device`, if torch is imported.
pub fn current_stream(py: Python<'_>, device: usize) -> PyResult<Option<u64>> {
    let Some(f) = torch(py).and_then(|t| t.raw_stream.as_ref()) else { return Ok(None) };
    Ok(Some(f.bind(py).call1((device,))?.extract()?))
}
