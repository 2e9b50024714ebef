//! Compiles `ukernel-opt`'s C++ main (upstream's MlirOptMain with our hooks)
//! when the compiler is built; the runtime-only build needs no C++.
use std::{env, path::PathBuf, process::Command};

fn llvm_config(prefix: &str, arg: &str) -> String {
    let tool = PathBuf::from(prefix).join("bin/llvm-config");
    match Command::new(&tool).arg(arg).output() {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).trim().to_string(),
        _ => panic!("cannot run {}: install LLVM 22 (scripts/setup.sh)", tool.display()),
    }
}

fn main() {
    println!("cargo:rerun-if-changed=shim");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    if env::var_os("CARGO_FEATURE_COMPILER").is_none() {
        return;
    }
    let prefix = env::var("MLIR_SYS_220_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into());
    let mut build = cc::Build::new();
    build.cpp(true).file("shim/opt_main.cpp").include(llvm_config(&prefix, "--includedir"));
    for flag in llvm_config(&prefix, "--cxxflags").split_whitespace() {
        if !flag.starts_with("-I") {
            build.flag(flag);
        }
    }
    build.warnings(false).compile("ukernel_opt_main");
}
