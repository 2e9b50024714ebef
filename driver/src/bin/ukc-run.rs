//! The runtime-only runner: runs packages on GPUs without LLVM or MLIR.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match args.first().map(String::as_str) {
        None | Some("help" | "--help" | "-h") => {
            ukc::write_stdout(ukc::runner::USAGE);
            0
        }
        Some(command) => ukc::runner::dispatch(command, &args[1..]).unwrap_or_else(|| {
            eprintln!("ukc-run: error: unknown command '{command}'\n{}", ukc::runner::USAGE);
            1
        }),
    };
    std::process::exit(code);
}
