//! `ukc-run run` past a kernel that faults: the function is reported as a
//! failure and the functions after it run on a context made anew, or are
//! reported as not run where the driver makes none. A binary
//! of its own: the fault ends the device's context for the whole process.
//! Ignored without a GPU; `-- --include-ignored` runs it on a GPU machine.

#[path = "../../runtime/tests/common/mod.rs"]
mod common;

use ukc_runner::run::{RunOptions, report, run_package};
use ukernel_runtime::{DeviceSelection, Package, Runtime};

#[test]
#[ignore = "needs an NVIDIA GPU and driver: run with --include-ignored on a GPU machine"]
fn gpu_a_faulting_function_fails_and_the_functions_after_it_run() {
    let mut rt = Runtime::new(DeviceSelection::Only(vec![0])).expect("a GPU test needs a GPU");
    let package = Package { kernels: vec![common::trap_kernel(), common::seven_kernel()] };
    let runs = run_package(&mut rt, &package, &RunOptions::default(), false).expect("a fault is a failed run");
    let by_name = |n: &str| runs.iter().find(|r| r.kernel == n).unwrap_or_else(|| panic!("no run of {n}"));
    let trapped = by_name("trap_now").mismatches.as_ref().expect("the fault is a failure");
    assert!(trapped[0].starts_with("FAULT: "), "{trapped:?}");
    // The kernel after it ran on the new context or, where the driver made
    // none, is reported as not run, saying why.
    let seven = by_name("seven");
    match &seven.mismatches {
        Some(why) => assert!(why[0].starts_with("NOT RUN: device 0: its context was lost"), "{why:?}"),
        None => assert!(seven.micros.is_finite()),
    }
    let (text, ok) = report(&rt, &runs);
    assert!(!ok && text.contains("FAULT: "), "{text}");
}
