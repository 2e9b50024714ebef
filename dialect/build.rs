//! Compiles the small C++ shims for what the MLIR C API does not expose:
//! reading and building IRDL (dynamic) attributes, diagnostics of every
//! severity, registering the Rust passes by name (used by
//! `ukernel-passes`), and LLVM's link-only-needed (used by the NVPTX target
//! for libdevice), and the plugin hooks (a dialect extension that loads the
//! `ukernel` dialect, pipelines with options); kept here so that one build
//! script compiles C++.
//!
//! It also supplies the MLIR C API for the workspace's shared link mode
//! (`MLIR_SYS_LINK_SHARED=1`, see .cargo/config.toml): Debian ships the C API
//! only as static archives (`libMLIRCAPI*.a`), and mlir-sys links
//! `-lMLIR-C`, so the archives are merged into one `libMLIR-C.a` here; the
//! linker takes from it only the C API objects a binary uses.
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
        .file("shim/llvm_option.cpp")
        .file("shim/plugin_hooks.cpp")
        .include(llvm_config(&prefix, "--includedir"));
    // The flags LLVM was built with (C++17, no exceptions, no RTTI).
    for flag in llvm_config(&prefix, "--cxxflags").split_whitespace() {
        if !flag.starts_with("-I") {
            build.flag(flag);
        }
    }
    build.warnings(false).compile("ukernel_dialect_shim");
    merge_c_api_archives(&prefix);
}

/// Writes `libMLIR-C.a` (every `libMLIRCAPI*.a` of the LLVM prefix, merged
/// with an `ar -M` script) into OUT_DIR and puts it on the link path of
/// everything that depends on this crate.
fn merge_c_api_archives(prefix: &str) {
    let libdir = PathBuf::from(llvm_config(prefix, "--libdir"));
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let mut archives: Vec<PathBuf> = std::fs::read_dir(&libdir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", libdir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("libMLIRCAPI") && n.ends_with(".a"))
        })
        .collect();
    archives.sort();
    if archives.is_empty() {
        panic!("no libMLIRCAPI*.a in {}: install libmlir-22-dev (scripts/setup.sh)", libdir.display());
    }
    let merged = out.join("libMLIR-C.a");
    let _ = std::fs::remove_file(&merged);
    let mut script = format!("CREATE {}\n", merged.display());
    for archive in &archives {
        script.push_str(&format!("ADDLIB {}\n", archive.display()));
        println!("cargo:rerun-if-changed={}", archive.display());
    }
    script.push_str("SAVE\nEND\n");
    let ar = PathBuf::from(prefix).join("bin/llvm-ar");
    let mut child = Command::new(&ar)
        .arg("-M")
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", ar.display()));
    use std::io::Write;
    child.stdin.take().expect("stdin").write_all(script.as_bytes()).expect("write ar script");
    let status = child.wait().expect("wait for llvm-ar");
    assert!(status.success(), "llvm-ar -M failed to merge the MLIR C API archives");
    println!("cargo:rustc-link-search=native={}", out.display());
}
