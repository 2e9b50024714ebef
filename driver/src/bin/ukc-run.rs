//! The runtime-only runner: runs packages on GPUs without LLVM or MLIR.
use clap::Parser;

/// Runs ukernel packages on NVIDIA GPUs (no LLVM or MLIR inside).
#[derive(Parser)]
#[command(name = "ukc-run", version)]
struct Cli {
    #[command(subcommand)]
    command: ukc::runner::RuntimeCommand,
}

fn main() {
    let cli = Cli::parse();
    std::process::exit(ukc::runner::execute(cli.command));
}
