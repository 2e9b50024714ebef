//! A kernel that traps, and the device after it: a binary of its own,
//! because the fault ends the device's context for the whole process (the
//! other GPU tests, run as threads of one process, would lose theirs).
//! Ignored without a GPU; `-- --include-ignored` runs it on a GPU machine.

mod common;

use common::{seven_kernel, trap_kernel};
use ukernel_runtime::{DeviceSelection, ElementKind, Error, LaunchArg, Runtime};

/// Launches `kernel` on device 0 with a one-i32 output and returns it.
fn launch_one(rt: &Runtime, kernel: &ukernel_runtime::LoadedKernel) -> Result<u32, Error> {
    let d = &rt.devices()[0];
    let out = d.zeroed(4)?;
    rt.launch(kernel, &[LaunchArg::Buffer { buffer: &out, element: ElementKind::I32, shape: vec![1] }])?;
    d.synchronize()?;
    let mut v = [0u32; 1];
    out.download(&mut v)?;
    Ok(v[0])
}

#[test]
#[ignore = "needs an NVIDIA GPU and driver: run with --include-ignored on a GPU machine"]
fn gpu_a_trapping_kernel_is_an_error_and_the_device_is_made_anew() {
    let mut rt = Runtime::new(DeviceSelection::Only(vec![0])).expect("a GPU test needs a GPU");
    let (seven, trap) = (seven_kernel(), trap_kernel());
    let loaded_seven = rt.load(0, &seven).unwrap();
    assert_eq!(launch_one(&rt, &loaded_seven).unwrap(), 7);
    let kept = rt.devices()[0].zeroed(4).unwrap();

    // The trap comes back as an error that says the context is lost, at
    // the launch or at the wait after it.
    let loaded_trap = rt.load(0, &trap).unwrap();
    let err = launch_one(&rt, &loaded_trap).expect_err("a trap is an error");
    assert!(err.is_context_lost(), "not a lost context: {err}");
    // Every later call in that context fails the same way.
    assert!(launch_one(&rt, &loaded_seven).expect_err("the context is lost").is_context_lost());

    // A new context, where the driver makes one: the device runs kernels
    // again. Where it does not (CUDA 13 on an H100 answers the retain after
    // the reset with the fault's error), a typed error that says so.
    match rt.recover() {
        Ok(recovered) => assert_eq!(recovered, vec![0]),
        Err(Error::ContextNotRecreated { device: 0, error }) => {
            assert!(error.is_context_lost(), "{error}");
            return;
        }
        Err(e) => panic!("expected a new context or ContextNotRecreated, got {e}"),
    }
    assert_eq!(rt.recover().unwrap(), Vec::<usize>::new(), "nothing left to recover");
    let again = rt.load(0, &seven).unwrap();
    assert_eq!(launch_one(&rt, &again).unwrap(), 7);

    // What was loaded or allocated before is dead: typed errors, and its
    // drop (at the end of the test) releases nothing in the new context.
    match launch_one(&rt, &loaded_seven) {
        Err(Error::StaleKernel { kernel, device: 0 }) => assert_eq!(kernel, "seven"),
        other => panic!("expected StaleKernel, got {other:?}"),
    }
    let args = [LaunchArg::Buffer { buffer: &kept, element: ElementKind::I32, shape: vec![1] }];
    match rt.launch(&again, &args) {
        Err(Error::StaleBuffer { index: 0, device: 0, .. }) => {}
        other => panic!("expected StaleBuffer, got {other:?}"),
    }
    drop((kept, loaded_seven, loaded_trap));
    // The new context's own allocations and modules are untouched by those drops.
    assert_eq!(launch_one(&rt, &again).unwrap(), 7);
}
