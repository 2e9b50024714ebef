//! Helpers the runtime's test binaries share (and the runner's fault test).
#![allow(dead_code)] // each binary uses some of them

use std::collections::BTreeMap;

use ukernel_runtime::{
    ArgSpec, ComputeCapability, DimExpr, ElementKind, KernelLoaderSpec, LaunchMetadata, MultiKernelLoaderSpec,
    PackagedKernel,
    launch::{Access, Dim},
    spec::Bytes,
};

/// A one-thread kernel `name` of `ptx` (sm_80) whose first parameter is
/// an `out` buffer of one i32, then `more` parameters.
pub fn one_int_kernel(
    name: &str,
    ptx: &'static str,
    more: Vec<ArgSpec>,
    attributes: BTreeMap<String, String>,
) -> PackagedKernel {
    let spec = MultiKernelLoaderSpec::new(name)
        .with(KernelLoaderSpec::cuda_ptx(name, [(ComputeCapability::from_sm(80), Bytes::Static(ptx.as_bytes()))]))
        .unwrap();
    let out = ArgSpec::Buffer {
        name: "out".into(),
        element: ElementKind::I32,
        shape: vec![Dim::Static(1)],
        access: Access::Write,
    };
    PackagedKernel {
        spec,
        launch: LaunchMetadata {
            grid: [DimExpr::Const(1), DimExpr::Const(1), DimExpr::Const(1)],
            block: [1, 1, 1],
            shared_memory_bytes: 0,
            args: std::iter::once(out).chain(more).collect(),
        },
        attributes,
    }
}

/// out[0] = 7.
pub const SEVEN_PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64

.visible .entry seven(.param .u64 out)
{
    .reg .b32 %r<2>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, 7;
    st.global.u32 [%rd2], %r1;
    ret;
}
"#;

/// Traps before writing anything.
pub const TRAP_PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64

.visible .entry trap_now(.param .u64 out)
{
    trap;
    ret;
}
"#;

/// A one-thread kernel `seven` writing 7 to its output.
pub fn seven_kernel() -> PackagedKernel {
    one_int_kernel("seven", SEVEN_PTX, vec![], BTreeMap::new())
}

/// A one-thread kernel `trap_now` that traps: its launch loses the context.
pub fn trap_kernel() -> PackagedKernel {
    one_int_kernel("trap_now", TRAP_PTX, vec![], BTreeMap::new())
}
