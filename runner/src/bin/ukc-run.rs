//! The runtime-only runner: runs packages on GPUs without LLVM or MLIR.
use clap::Parser;

/// Runs ukernel packages on NVIDIA GPUs (no LLVM or MLIR inside).
#[derive(Parser)]
#[command(name = "ukc-run", version)]
struct Cli {
    #[command(subcommand)]
    command: ukc_runner::runner::RuntimeCommand,
}

fn main() {
    ukc_runner::init_logging();
    let cli = Cli::parse();
    std::process::exit(ukc_runner::runner::execute(cli.command));
}
