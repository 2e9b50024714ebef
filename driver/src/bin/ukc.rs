use clap::Parser;

fn main() {
    std::process::exit(ukc::ukc::execute(ukc::ukc::Cli::parse()));
}
