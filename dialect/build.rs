//! Compiles the small C++ shims for what the MLIR C API does not expose:
//! reading and building IRDL (dynamic) attributes, diagnostics of every
//! severity, registering the Rust passes by name (used by
//! `ukernel-passes`), and LLVM's link-only-needed (used by the NVPTX target
//! for libdevice); kept here so that one build script compiles C++.
use std::{env, path::PathBuf, process::Command};

fn llvm_config(prefix: &str, arg: &str) -> String {
    let tool = PathBuf::from(prefix).join("bin/llvm-config");
    match Command::new(&tool).arg(arg).output() {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).trim().to_string(),
        _ => panic!(
            "cannot run {}: install LLVM 22 (Debian packages llvm-22-dev libmlir-22-dev), \
             e.g. with scripts/setup.sh",
            tool.display()
        ),
    }
}

fn main() {
    println!("cargo:rerun-if-changed=shim");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    let prefix = env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let mut build = cc::Build::new();
    build
        .cpp(true)
        .file("shim/dynamic_attr.cpp")
        .file("shim/register_pass.cpp")
        .file("shim/link_only_needed.cpp")
        .include(llvm_config(&prefix, "--includedir"));
    // The flags LLVM was built with (C++17, no exceptions, no RTTI).
    for flag in llvm_config(&prefix, "--cxxflags").split_whitespace() {
        if !flag.starts_with("-I") {
            build.flag(flag);
        }
    }
    build.warnings(false).compile("ukernel_dialect_shim");
}
