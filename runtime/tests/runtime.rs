//! The runtime's integration tests: packages (round trip, corrupt input)
//! without a GPU, and loading/launching on every visible GPU, which is
//! ignored by default (the summary counts it as ignored where there is no
//! GPU); `-- --include-ignored` runs it on a GPU machine. A kernel's fault
//! ends the device's context for the whole process, so those tests are a
//! binary of their own (`fault.rs`).

mod common;

use std::collections::BTreeMap;

use common::one_int_kernel;

use ukernel_runtime::{
    ArgSpec, ComputeCapability, DeviceSelection, DimExpr, ElementKind, Error, KernelLoaderSpec, LaunchArg,
    LaunchMetadata, LoadedKernel, MultiKernelLoaderSpec, Ownership, Package, PackageError, PackagedKernel, Runtime,
    launch::{Access, Dim, ScalarSource, ScalarType},
    package::FORMAT_VERSION,
    spec::Bytes,
};

/// y[i] = 2 * x[i] + i for i < n, one thread per element (hand-written PTX).
const SCALE_PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64

.visible .entry scale(.param .u64 x, .param .u64 y, .param .u32 n)
{
    .reg .pred %p;
    .reg .b32 %r<6>;
    .reg .f32 %f<4>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [x];
    ld.param.u64 %rd2, [y];
    ld.param.u32 %r1, [n];
    mov.u32 %r2, %ctaid.x;
    mov.u32 %r3, %ntid.x;
    mov.u32 %r4, %tid.x;
    mad.lo.s32 %r5, %r2, %r3, %r4;
    setp.ge.u32 %p, %r5, %r1;
    @%p bra DONE;
    cvta.to.global.u64 %rd3, %rd1;
    cvta.to.global.u64 %rd4, %rd2;
    mul.wide.u32 %rd5, %r5, 4;
    add.s64 %rd6, %rd3, %rd5;
    ld.global.f32 %f1, [%rd6];
    cvt.rn.f32.u32 %f2, %r5;
    fma.rn.f32 %f3, %f1, 0f40000000, %f2;
    add.s64 %rd7, %rd4, %rd5;
    st.global.f32 [%rd7], %f3;
DONE:
    ret;
}
"#;

fn scale_kernel(ptx: &'static str, sm: u32) -> PackagedKernel {
    let spec = MultiKernelLoaderSpec::new("scale")
        .with(KernelLoaderSpec::cuda_ptx("scale", [(ComputeCapability::from_sm(sm), Bytes::Static(ptx.as_bytes()))]))
        .unwrap();
    PackagedKernel {
        spec,
        launch: LaunchMetadata {
            grid: [DimExpr::CeilDiv(Box::new(DimExpr::arg_dim(0, 0)), 128), DimExpr::Const(1), DimExpr::Const(1)],
            block: [128, 1, 1],
            shared_memory_bytes: 0,
            args: vec![
                ArgSpec::Buffer {
                    name: "x".into(),
                    element: ElementKind::F32,
                    shape: vec![Dim::Dynamic(0)],
                    access: Access::Read,
                },
                ArgSpec::Buffer {
                    name: "y".into(),
                    element: ElementKind::F32,
                    shape: vec![Dim::Dynamic(0)],
                    access: Access::Write,
                },
                ArgSpec::Scalar {
                    name: "n".into(),
                    ty: ScalarType::I32,
                    source: ScalarSource::Expr(DimExpr::arg_dim(0, 0)),
                },
            ],
        },
        attributes: BTreeMap::from([("source".into(), "hand-written".into())]),
    }
}

fn sample_package() -> Package {
    let mut with_cubin = scale_kernel(SCALE_PTX, 80);
    with_cubin
        .spec
        .add(KernelLoaderSpec::cuda_cubins(
            "scale",
            [(ComputeCapability::new(9, 0), false, Bytes::from(vec![0x7f, b'E', b'L', b'F', 1, 2]))],
        ))
        .unwrap();
    with_cubin
        .spec
        .add(KernelLoaderSpec::OpenClTextInMemory {
            kernel_name: "scale".into(),
            text: Bytes::Static(b"kernel void scale() {}"),
        })
        .unwrap();
    let mut second = scale_kernel(SCALE_PTX, 90);
    second.launch.args.push(ArgSpec::Scratch {
        name: "scratch".into(),
        bytes: DimExpr::mul(DimExpr::arg_dim(0, 0), DimExpr::add(DimExpr::Const(16), DimExpr::Scalar { arg: 5 })),
    });
    second.launch.args.push(ArgSpec::Scalar { name: "k".into(), ty: ScalarType::I64, source: ScalarSource::Const(-3) });
    second.launch.args.push(ArgSpec::Scalar { name: "g".into(), ty: ScalarType::I32, source: ScalarSource::Given });
    Package { kernels: vec![with_cubin, second] }
}

#[test]
fn package_round_trips() {
    let p = sample_package();
    let bytes = p.to_bytes();
    assert_eq!(Package::from_bytes(&bytes).unwrap(), p);
    let leaked: &'static [u8] = Box::leak(bytes.clone().into_boxed_slice());
    let borrowed = Package::from_static(leaked).unwrap();
    assert_eq!(borrowed, p);
    // Borrowed reading keeps the PTX in the input, without a copy.
    match borrowed.kernels[0].spec.specs().next().unwrap() {
        KernelLoaderSpec::CudaPtxInMemory { ptx, .. } => {
            let text = ptx.values().next().unwrap();
            assert!(text.is_borrowed());
            let start = leaked.as_ptr() as usize;
            assert!((start..start + leaked.len()).contains(&(text.as_ptr() as usize)));
        }
        other => panic!("{other:?}"),
    }
}

/// `sample_package()` as the runtime of format version 2 wrote it.
const SAMPLE_V2: &[u8] = include_bytes!("fixtures/sample.v2.bin");

#[test]
fn steps_of_a_function_group_in_launch_order() {
    let step = |name: &str, function: &str, step: &str| {
        let mut k = scale_kernel(SCALE_PTX, 80);
        k.spec = MultiKernelLoaderSpec::new(name)
            .with(KernelLoaderSpec::cuda_ptx(name, [(ComputeCapability::from_sm(80), Bytes::Static(b"x"))]))
            .unwrap();
        k.attributes.insert("function".into(), function.into());
        k.attributes.insert("step".into(), step.into());
        k
    };
    let mut single = scale_kernel(SCALE_PTX, 80);
    single.attributes.clear();
    let package = Package { kernels: vec![step("f__k1", "f", "1"), single, step("f__k0", "f", "0")] };
    let functions = package.functions();
    let names: Vec<(&str, Vec<&str>)> =
        functions.iter().map(|f| (f.name, f.steps.iter().map(|k| k.name()).collect())).collect();
    assert_eq!(names, [("f", vec!["f__k0", "f__k1"]), ("scale", vec!["scale"])]);
    assert!(package.function("f__k0").is_none());
}

#[test]
fn older_package_versions_still_read() {
    let p = sample_package();
    assert_eq!(u32::from_le_bytes(SAMPLE_V2[8..12].try_into().unwrap()), 2);
    assert_eq!(Package::from_bytes(SAMPLE_V2).unwrap(), p);
    // Version 1: the same payload under an FNV-1a 64 checksum.
    let mut v1 = SAMPLE_V2.to_vec();
    let payload = v1[28..].to_vec();
    let fnv = payload.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3));
    v1[8..12].copy_from_slice(&1u32.to_le_bytes());
    v1[20..28].copy_from_slice(&fnv.to_le_bytes());
    assert_eq!(Package::from_bytes(&v1).unwrap(), p);
    // The current version checksums with CRC-32.
    let current = p.to_bytes();
    assert_eq!(u32::from_le_bytes(current[8..12].try_into().unwrap()), ukernel_runtime::package::FORMAT_VERSION);
    assert_eq!(u64::from_le_bytes(current[20..28].try_into().unwrap()), crc32fast::hash(&current[28..]) as u64);
}

#[test]
fn arch_specific_images_survive_the_package() {
    use ukernel_runtime::ComputeCapability;
    let cc = ComputeCapability::from_sm;
    let images = [(cc(80), false, Bytes::from("// ptx 80")), (cc(90), true, Bytes::from("// ptx 90a"))];
    let spec = MultiKernelLoaderSpec::new("k").with(KernelLoaderSpec::cuda_ptx_images("k", images)).unwrap();
    let mut p = sample_package();
    p.kernels[0].spec = spec.clone();
    let back = Package::from_bytes(&p.to_bytes()).unwrap();
    assert_eq!(back.kernels[0].spec, spec);
    match back.kernels[0].spec.specs().next().unwrap() {
        KernelLoaderSpec::CudaPtxInMemory { arch_specific, .. } => {
            assert_eq!(arch_specific.iter().copied().collect::<Vec<_>>(), vec![cc(90)]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn family_specific_images_survive_the_package_and_an_older_version_refuses_them() {
    use ukernel_runtime::{ComputeCapability, ImageForm, LoadChoice};
    let cc = ComputeCapability::from_sm;
    let forms =
        [(cc(90), ImageForm::ArchSpecific), (cc(100), ImageForm::FamilySpecific), (cc(120), ImageForm::FamilySpecific)];
    let images = |what: &str| forms.map(|(c, f)| (c, f, Bytes::from(format!("{what} {c}"))));
    let spec = MultiKernelLoaderSpec::new("k")
        .with(KernelLoaderSpec::cuda_ptx_forms("k", images("// ptx")))
        .unwrap()
        .with(KernelLoaderSpec::cuda_cubin_forms("k", images("cubin")))
        .unwrap();
    let mut p = sample_package();
    p.kernels[0].spec = spec.clone();
    let bytes = p.to_bytes();
    let back = Package::from_bytes(&bytes).unwrap();
    assert_eq!(back.kernels[0].spec, spec);
    match back.kernels[0].spec.select_for(cc(103)).unwrap() {
        LoadChoice::Cubin { cc: c, form, .. } => assert_eq!((c, form), (cc(100), ImageForm::FamilySpecific)),
        other => panic!("{other:?}"),
    }
    // The same bytes labelled version 4 (before family forms): the flag is
    // corrupt there, not read as arch-specific.
    let mut v4 = bytes.clone();
    v4[8..12].copy_from_slice(&4u32.to_le_bytes());
    let crc = crc32fast::hash(&v4[28..]) as u64;
    v4[20..28].copy_from_slice(&crc.to_le_bytes());
    let err = Package::from_bytes(&v4).unwrap_err().to_string();
    assert!(err.contains("unknown image form flag 2"), "{err}");
}

#[test]
fn cubins_per_arch_survive_the_package() {
    use ukernel_runtime::{ComputeCapability, LoadChoice};
    let cc = ComputeCapability::from_sm;
    let ptx = [(cc(80), false, Bytes::from("// ptx 80")), (cc(90), true, Bytes::from("// ptx 90a"))];
    let cubins = [(cc(80), false, Bytes::from("cubin 80")), (cc(90), true, Bytes::from("cubin 90a"))];
    let spec = MultiKernelLoaderSpec::new("k")
        .with(KernelLoaderSpec::cuda_ptx_images("k", ptx))
        .unwrap()
        .with(KernelLoaderSpec::cuda_cubins("k", cubins))
        .unwrap();
    let mut p = sample_package();
    p.kernels[0].spec = spec.clone();
    let back = Package::from_bytes(&p.to_bytes()).unwrap();
    assert_eq!(back.kernels[0].spec, spec);
    assert_eq!(back.kernels[0].spec.cubin_capabilities(), vec![cc(80), cc(90)]);
    match back.kernels[0].spec.select_for(cc(90)).unwrap() {
        LoadChoice::Cubin { cc: c, form, image } => {
            assert_eq!((c, form, image), (cc(90), ukernel_runtime::ImageForm::ArchSpecific, &b"cubin 90a"[..]))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn metadata_no_gpu_could_launch_is_rejected_on_read() {
    let corrupt = |edit: &dyn Fn(&mut Package)| {
        let mut p = sample_package();
        edit(&mut p);
        match Package::from_bytes(&p.to_bytes()) {
            Err(ukernel_runtime::package::PackageError::Corrupt { message, .. }) => message,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        corrupt(&|p| p.kernels[0].launch.block = [256, 4294967295, 1]),
        "kernel 'scale': block [256, 4294967295, 1] is not a CUDA block (1 to 1024 threads, z at most 64)"
    );
    assert!(corrupt(&|p| p.kernels[0].launch.block = [0, 1, 1]).contains("not a CUDA block"));
    assert!(corrupt(&|p| p.kernels[0].launch.grid[1] = DimExpr::Const(70000)).contains("grid dim 1 is 70000"));
    assert!(corrupt(&|p| p.kernels[0].launch.shared_memory_bytes = 1 << 20).contains("dynamic shared memory"));
    assert!(corrupt(&|p| p.kernels[0].launch.grid[0] = DimExpr::arg_dim(0, 7)).contains("no such dim"));
    assert!(
        corrupt(&|p| p.kernels[0].launch.args.push(ArgSpec::Alias { name: "x".into(), of: 99 }))
            .contains("aliases argument 99")
    );
    let cc = corrupt(&|p| {
        let huge = ukernel_runtime::ComputeCapability::new(2147483648, 0);
        p.kernels[0].spec = MultiKernelLoaderSpec::new("scale")
            .with(KernelLoaderSpec::cuda_ptx("scale", [(huge, Bytes::from("// ptx"))]))
            .unwrap();
    });
    assert_eq!(cc, "compute capability 2147483648.0 does not exist");
}

#[test]
fn truncated_corrupt_and_newer_packages_are_errors() {
    let bytes = sample_package().to_bytes();
    for cut in [0, 4, 8, 12, 20, 27, 28, 40, bytes.len() - 1] {
        let err = Package::from_bytes(&bytes[..cut]).unwrap_err();
        assert!(matches!(err, PackageError::BadMagic | PackageError::Truncated { .. }), "cut {cut}: {err}");
    }
    let err = Package::from_bytes(&bytes[..bytes.len() - 10]).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "package is truncated: payload needs {} bytes at offset 28, the file has {}",
            bytes.len() - 28,
            bytes.len() - 10
        )
    );
    let mut flipped = bytes.clone();
    let last = flipped.len() - 3;
    flipped[last] ^= 0x40;
    assert!(matches!(Package::from_bytes(&flipped), Err(PackageError::Checksum { .. })));
    let mut newer = bytes.clone();
    newer[8..12].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
    assert_eq!(
        Package::from_bytes(&newer).unwrap_err().to_string(),
        format!(
            "package format version {} is newer than this runtime reads (up to {FORMAT_VERSION})",
            FORMAT_VERSION + 1
        )
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(Package::from_bytes(&longer), Err(PackageError::Corrupt { .. })));
    assert!(matches!(Package::from_bytes(b"PK\x03\x04 a zip file"), Err(PackageError::BadMagic)));
}

// GPU tests are `#[ignore]`d: `cargo test` without a GPU lists them as
// ignored (skipped), never as passed. On a GPU machine:
// `cargo test -p ukernel-runtime -- --include-ignored`.

/// The runtime on every GPU; a GPU test asked to run without one fails.
fn gpu_runtime() -> Option<Runtime> {
    match Runtime::new(DeviceSelection::All) {
        Ok(rt) => Some(rt),
        Err(e) => panic!("a GPU test was asked to run, but the runtime cannot start: {e}"),
    }
}

#[test]
fn no_driver_is_an_error_not_a_panic() {
    match Runtime::new(DeviceSelection::All) {
        Err(Error::NoDriver) => assert!(!ukernel_runtime::cuda::driver_present()),
        Err(Error::NoDevice) => {}
        Ok(rt) => {
            // A machine with GPUs: an ordinal past the last is still an error.
            let n = rt.devices().len();
            assert!(matches!(Runtime::new(DeviceSelection::Only(vec![n + 100])), Err(Error::DeviceOutOfRange { .. })));
        }
        Err(e) => panic!("unexpected: {e}"),
    }
}

fn run_scale(rt: &Runtime, kernel: &PackagedKernel, device: usize, n: usize) -> Vec<f32> {
    let loaded = rt.load(device, kernel).unwrap();
    let d = &rt.devices()[device];
    let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.5 - 7.0).collect();
    let xb = d.upload(&x).unwrap();
    let yb = d.zeroed(n * 4).unwrap();
    let args = [
        LaunchArg::Buffer { buffer: &xb, element: ElementKind::F32, shape: vec![n as u64] },
        LaunchArg::Buffer { buffer: &yb, element: ElementKind::F32, shape: vec![n as u64] },
    ];
    rt.launch(&loaded, &args).unwrap();
    d.synchronize().unwrap();
    let mut y = vec![0f32; n];
    yb.download(&mut y).unwrap();
    y
}

#[test]
#[ignore = "needs an NVIDIA GPU and driver: run with --include-ignored on a GPU machine"]
fn gpu_package_kernel_runs_on_every_device() {
    let Some(rt) = gpu_runtime() else { return };
    // Through the package format, as a compiler would hand it over.
    let package = Package::from_bytes(&Package { kernels: vec![scale_kernel(SCALE_PTX, 80)] }.to_bytes()).unwrap();
    let kernel = &package.kernels[0];
    for device in 0..rt.devices().len() {
        let n = 1000;
        let y = run_scale(&rt, kernel, device, n);
        for (i, v) in y.iter().enumerate() {
            assert_eq!(*v, 2.0 * (i as f32 * 0.5 - 7.0) + i as f32, "device {device} element {i}");
        }
        let d = &rt.devices()[device];
        eprintln!(
            "device {device}: {} (cc {}), {} SMs: scale on {n} elements ok",
            d.name, d.compute_capability, d.multiprocessors
        );
        // A second load of the same PTX hits the module cache.
        let before = d.cached_modules();
        rt.load(device, kernel).unwrap();
        assert_eq!(d.cached_modules(), before);
        assert_eq!(rt.ownership(device), Some((Ownership::Owned, Ownership::Owned)));
    }
}

#[test]
#[ignore = "needs an NVIDIA GPU and driver: run with --include-ignored on a GPU machine"]
fn gpu_launch_arguments_are_checked_before_the_driver() {
    let Some(rt) = gpu_runtime() else { return };
    let kernel = scale_kernel(SCALE_PTX, 80);
    let loaded = rt.load(0, &kernel).unwrap();
    let d = &rt.devices()[0];
    let small = d.zeroed(16).unwrap();
    let err = rt
        .launch(
            &loaded,
            &[
                LaunchArg::Buffer { buffer: &small, element: ElementKind::F32, shape: vec![100] },
                LaunchArg::Buffer { buffer: &small, element: ElementKind::F32, shape: vec![100] },
            ],
        )
        .unwrap_err();
    assert!(matches!(err, Error::BufferTooSmall { index: 0, need: 400, .. }), "{err}");
    let err = rt.launch(&loaded, &[LaunchArg::I32(1)]).unwrap_err();
    assert!(matches!(err, Error::Args(_)), "{err}");
}

#[test]
#[ignore = "needs an NVIDIA GPU and driver: run with --include-ignored on a GPU machine"]
fn gpu_ptx_jit_error_carries_the_driver_log() {
    let Some(rt) = gpu_runtime() else { return };
    let broken = ".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry scale() { bogus.instruction; }\n";
    let err = rt.load(0, &scale_kernel(broken, 80)).err().expect("broken PTX must not load");
    let text = err.to_string();
    assert!(matches!(err, Error::Load { what: "PTX", .. }), "{text}");
    assert!(text.contains("JIT log") && text.to_lowercase().contains("error"), "{text}");
    eprintln!("JIT error as reported:\n{text}");
    // PTX only for a newer GPU than any present: a spec error naming both.
    let err = rt.load(0, &scale_kernel(SCALE_PTX, 120)).err().unwrap();
    assert!(err.to_string().contains("none at or below the device's"), "{err}");
}

#[test]
#[ignore = "needs an NVIDIA GPU and driver: run with --include-ignored on a GPU machine"]
fn gpu_borrowed_stream_and_context_are_not_released() {
    let Some(rt) = gpu_runtime() else { return };
    use cudarc::driver::sys;
    let ctx = rt.devices()[0].context().raw();
    let mut stream = std::ptr::null_mut();
    unsafe {
        assert_eq!(sys::cuCtxSetCurrent(ctx), sys::CUresult::CUDA_SUCCESS);
        assert_eq!(sys::cuStreamCreate(&mut stream, 1), sys::CUresult::CUDA_SUCCESS);
    }
    {
        let borrowed = unsafe { Runtime::from_native(ctx, Some(stream)) }.unwrap();
        assert_eq!(borrowed.ownership(0), Some((Ownership::Borrowed, Ownership::Borrowed)));
        let y = run_scale(&borrowed, &scale_kernel(SCALE_PTX, 80), 0, 300);
        assert_eq!(y[299], 2.0 * (299.0 * 0.5 - 7.0) + 299.0);
    }
    // The runtime is gone; the caller's stream and context still work.
    unsafe {
        assert_eq!(sys::cuCtxSetCurrent(ctx), sys::CUresult::CUDA_SUCCESS);
        assert_eq!(sys::cuStreamSynchronize(stream), sys::CUresult::CUDA_SUCCESS);
        assert_eq!(sys::cuStreamDestroy_v2(stream), sys::CUresult::CUDA_SUCCESS);
    }
    let y = run_scale(&rt, &scale_kernel(SCALE_PTX, 80), 0, 10);
    assert_eq!(y[3], 2.0 * (3.0 * 0.5 - 7.0) + 3.0);
}

#[test]
fn kernels_of_one_module_share_one_copy_of_its_ptx() {
    let ptx: &'static str = Box::leak(format!("{SCALE_PTX}{}", "// padding\n".repeat(10_000)).into_boxed_str());
    let mut kernels = Vec::new();
    for name in ["a", "b", "c"] {
        let mut k = scale_kernel(ptx, 80);
        k.spec = MultiKernelLoaderSpec::new(name)
            .with(KernelLoaderSpec::cuda_ptx(name, [(ComputeCapability::from_sm(80), Bytes::Static(ptx.as_bytes()))]))
            .unwrap();
        kernels.push(k);
    }
    let package = Package { kernels };
    let bytes = package.to_bytes();
    assert!(bytes.len() < ptx.len() + 4096, "{} bytes for a {}-byte PTX", bytes.len(), ptx.len());
    assert_eq!(Package::from_bytes(&bytes).unwrap(), package);
}

#[test]
#[ignore = "needs an NVIDIA GPU and driver: run with --include-ignored on a GPU machine"]
fn gpu_devices_run_concurrently_from_their_own_threads() {
    let Some(rt) = gpu_runtime() else { return };
    let kernel = scale_kernel(SCALE_PTX, 80);
    let results: Vec<Vec<f32>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..rt.devices().len())
            .map(|d| {
                scope.spawn({
                    let (rt, kernel) = (&rt, &kernel);
                    move || run_scale(rt, kernel, d, 4096)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (d, y) in results.iter().enumerate() {
        assert_eq!(y[4095], 2.0 * (4095.0 * 0.5 - 7.0) + 4095.0, "device {d}");
    }
    eprintln!("{} device(s) ran the kernel concurrently", results.len());
}

#[test]
fn the_runtime_never_creates_multicast_objects() {
    // NVLink multicast can take a shared host's GPUs out of service.
    for source in [include_str!("../src/cuda.rs"), include_str!("../src/runtime.rs"), include_str!("../src/lib.rs")] {
        assert!(!source.contains("cuMulticast"), "the runtime must not use NVLink multicast");
    }
}

/// A kernel `name` of variant `arches` with PTX images (capability, arch-specific).
fn variant_kernel(name: &str, arches: &str, images: &[(u32, bool)], step: Option<(&str, u32)>) -> PackagedKernel {
    let mut k = scale_kernel(SCALE_PTX, 80);
    k.spec = MultiKernelLoaderSpec::new(name)
        .with(KernelLoaderSpec::cuda_ptx_images(
            name,
            images.iter().map(|&(sm, specific)| (ComputeCapability::from_sm(sm), specific, Bytes::Static(b"ptx"))),
        ))
        .unwrap();
    k.attributes.insert("arches".into(), arches.into());
    if let Some((function, i)) = step {
        k.attributes.insert("function".into(), function.into());
        k.attributes.insert("step".into(), i.to_string());
    }
    k
}

#[test]
fn each_device_gets_the_variant_compiled_for_it() {
    // A function compiled for sm_80 and sm_86 (one selection) and for sm_90a
    // (another), two steps each, and a kernel whose selections agreed.
    let package = Package {
        kernels: vec![
            variant_kernel("f__k0", "sm_80,sm_86", &[(80, false), (86, false)], Some(("f", 0))),
            variant_kernel("f__k1", "sm_80,sm_86", &[(80, false), (86, false)], Some(("f", 1))),
            variant_kernel("f__k0", "sm_90a", &[(90, true)], Some(("f", 0))),
            variant_kernel("f__k1", "sm_90a", &[(90, true)], Some(("f", 1))),
            variant_kernel("g", "", &[(80, false), (90, true)], None),
        ],
    };
    let functions = package.functions();
    assert_eq!(functions.iter().map(|f| f.name).collect::<Vec<_>>(), ["f", "g"]);
    let f = &functions[0];
    assert_eq!(f.variants.len(), 2);
    let arches_for = |sm: u32| -> Vec<String> {
        f.steps_for(ComputeCapability::from_sm(sm)).iter().map(|k| k.attributes["arches"].clone()).collect()
    };
    // 8.0 and 8.9 (portable PTX forward), 10.0 and 12.0 (sm_90a serves
    // only 9.0): the sm_80/sm_86 variant; 9.0: its own.
    for sm in [80, 86, 89, 100, 120] {
        assert_eq!(arches_for(sm), ["sm_80,sm_86", "sm_80,sm_86"], "CC {sm}");
    }
    assert_eq!(arches_for(90), ["sm_90a", "sm_90a"]);
    // Steps stay in order within the chosen variant.
    let names: Vec<&str> = f.steps_for(ComputeCapability::from_sm(90)).iter().map(|k| k.name()).collect();
    assert_eq!(names, ["f__k0", "f__k1"]);
    // One variant: its steps for every device, even one it cannot serve.
    assert_eq!(functions[1].steps_for(ComputeCapability::from_sm(75)).len(), 1);
    // The variants survive the package format.
    let read = Package::from_bytes(&package.to_bytes()).unwrap();
    assert_eq!(read.functions()[0].variants.len(), 2);
}

/// out[0] = ++count, with `count` a module global (hand-written PTX): a
/// kernel whose module holds state its launches write.
const COUNT_PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64

.global .align 4 .u32 count;

.visible .entry count_launches(.param .u64 out)
{
    .reg .b32 %r<3>;
    .reg .b64 %rd<3>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd2, %rd1;
    ld.global.u32 %r1, [count];
    add.u32 %r2, %r1, 1;
    st.global.u32 [count], %r2;
    st.global.u32 [%rd2], %r2;
    ret;
}
"#;

fn count_kernel(stateful: bool) -> PackagedKernel {
    let mut attributes = BTreeMap::new();
    if stateful {
        attributes.insert(ukernel_runtime::MODULE_STATE_ATTRIBUTE.to_string(), "1".to_string());
    }
    one_int_kernel("count_launches", COUNT_PTX, vec![], attributes)
}

/// The counts seen by launches on the device's stream, then on a stream of
/// the test's, then on the device's stream again.
fn counts_across_streams(rt: &Runtime, kernel: &PackagedKernel) -> [u32; 3] {
    let loaded = rt.load(0, kernel).unwrap();
    let d = &rt.devices()[0];
    let other = ukernel_runtime::cuda::Stream::new(d.context()).unwrap();
    let out = d.zeroed(4).unwrap();
    let args = [LaunchArg::Buffer { buffer: &out, element: ElementKind::I32, shape: vec![1] }];
    let mut seen = [0u32; 3];
    for (i, on_other) in [false, true, false].into_iter().enumerate() {
        if on_other {
            unsafe { rt.launch_on_stream(&loaded, &args, other.raw()) }.unwrap();
            other.synchronize().unwrap();
        } else {
            rt.launch(&loaded, &args).unwrap();
            d.synchronize().unwrap();
        }
        let mut v = [0u32; 1];
        out.download(&mut v).unwrap();
        seen[i] = v[0];
    }
    seen
}

#[test]
#[ignore = "needs an NVIDIA GPU and driver: run with --include-ignored on a GPU machine"]
fn gpu_module_state_is_per_stream() {
    let Some(rt) = gpu_runtime() else { return };
    // Stateful: the other stream counts on an instance of its own (1), and
    // the device stream's instance goes on from its first launch (2).
    assert_eq!(counts_across_streams(&rt, &count_kernel(true)), [1, 1, 2]);
    // Without the attribute every stream shares one module: 1, 2, 3. (A
    // fresh runtime: its module cache does not hold the first one's.)
    let Some(rt) = gpu_runtime() else { return };
    assert_eq!(counts_across_streams(&rt, &count_kernel(false)), [1, 2, 3]);
}

const READ_SCRATCH_PTX: &str = r#"
.version 7.0
.target sm_80
.address_size 64

.visible .entry read_scratch(.param .u64 out, .param .u64 scratch)
{
    .reg .b32 %r<3>;
    .reg .b64 %rd<5>;
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [scratch];
    cvta.to.global.u64 %rd3, %rd1;
    cvta.to.global.u64 %rd4, %rd2;
    ld.global.u32 %r1, [%rd4];
    add.u32 %r2, %r1, 7;
    st.global.u32 [%rd3], %r2;
    ret;
}
"#;

/// A kernel with a 256-byte temporary: it writes the temporary's first
/// word plus 7 (7: the temporary is zeroed).
fn scratch_kernel() -> PackagedKernel {
    let scratch = ArgSpec::Scratch { name: "scratch".into(), bytes: DimExpr::Const(256) };
    one_int_kernel("read_scratch", READ_SCRATCH_PTX, vec![scratch], BTreeMap::new())
}

/// Launches `loaded` on `stream` inside a graph capture, then replays the
/// graph: the launch's result, or its error.
fn launch_captured(rt: &Runtime, loaded: &LoadedKernel, stream: &ukernel_runtime::cuda::Stream) -> Result<u32, Error> {
    use cudarc::driver::sys;
    let d = &rt.devices()[0];
    let out = d.zeroed(4).unwrap();
    let args = [LaunchArg::Buffer { buffer: &out, element: ElementKind::I32, shape: vec![1] }];
    d.context().bind().unwrap();
    // SAFETY: driver calls on this test's live stream; the graph and its
    // instance are destroyed before return.
    unsafe {
        let mode = sys::CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL;
        assert_eq!(sys::cuStreamBeginCapture_v2(stream.raw(), mode), sys::CUresult::CUDA_SUCCESS);
        let launched = rt.launch_on_stream(loaded, &args, stream.raw());
        let mut graph = std::ptr::null_mut();
        assert_eq!(sys::cuStreamEndCapture(stream.raw(), &mut graph), sys::CUresult::CUDA_SUCCESS);
        if let Err(e) = launched {
            sys::cuGraphDestroy(graph);
            return Err(e);
        }
        let mut exec = std::ptr::null_mut();
        assert_eq!(sys::cuGraphInstantiateWithFlags(&mut exec, graph, 0), sys::CUresult::CUDA_SUCCESS);
        assert_eq!(sys::cuGraphLaunch(exec, stream.raw()), sys::CUresult::CUDA_SUCCESS);
        stream.synchronize().unwrap();
        sys::cuGraphExecDestroy(exec);
        sys::cuGraphDestroy(graph);
    }
    let mut v = [0u32; 1];
    out.download(&mut v).unwrap();
    Ok(v[0])
}

#[test]
#[ignore = "needs an NVIDIA GPU and driver: run with --include-ignored on a GPU machine"]
fn gpu_a_capturing_stream_shares_a_temporary_it_cannot_allocate() {
    let Some(rt) = gpu_runtime() else { return };
    let loaded = rt.load(0, &scratch_kernel()).unwrap();
    let d = &rt.devices()[0];
    let capturing = ukernel_runtime::cuda::Stream::new(d.context()).unwrap();
    // No stream has the temporary yet: a clear error, not a broken capture.
    match launch_captured(&rt, &loaded, &capturing) {
        Err(Error::CaptureNeedsTemporary { bytes: 256, .. }) => {}
        other => panic!("expected CaptureNeedsTemporary, got {other:?}"),
    }
    // After a launch on the device's stream (a warm-up), the capture
    // shares its temporary and the replay computes the result.
    let out = d.zeroed(4).unwrap();
    rt.launch(&loaded, &[LaunchArg::Buffer { buffer: &out, element: ElementKind::I32, shape: vec![1] }]).unwrap();
    d.synchronize().unwrap();
    assert_eq!(launch_captured(&rt, &loaded, &capturing).unwrap(), 7);
    // Outside a capture the stream gets a temporary of its own.
    let own = d.zeroed(4).unwrap();
    unsafe {
        rt.launch_on_stream(
            &loaded,
            &[LaunchArg::Buffer { buffer: &own, element: ElementKind::I32, shape: vec![1] }],
            capturing.raw(),
        )
    }
    .unwrap();
    capturing.synchronize().unwrap();
    let mut v = [0u32; 1];
    own.download(&mut v).unwrap();
    assert_eq!(v[0], 7);
}

#[test]
#[ignore = "needs an NVIDIA GPU and driver: run with --include-ignored on a GPU machine"]
fn gpu_out_of_memory_is_an_error_and_the_device_goes_on() {
    let Some(rt) = gpu_runtime() else { return };
    let d = &rt.devices()[0];
    // More than any GPU has: a typed error naming the bytes, not a panic.
    let bytes = 1usize << 50;
    match d.zeroed(bytes) {
        Err(Error::OutOfMemory { bytes: b, .. }) => assert_eq!(b, bytes),
        Err(e) => panic!("expected OutOfMemory, got {e}"),
        Ok(_) => panic!("allocated 1 PiB"),
    }
    // The device still loads and launches.
    let y = run_scale(&rt, &scale_kernel(SCALE_PTX, 80), 0, 300);
    assert_eq!(y[7], 2.0 * (7.0 * 0.5 - 7.0) + 7.0);
}
