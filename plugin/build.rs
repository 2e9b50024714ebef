//! A missing symbol must fail the build, not the host's `dlopen`.
fn main() {
    println!("cargo:rustc-cdylib-link-arg=-Wl,--no-undefined");
}
