use clap::Parser;

fn main() {
    ukc_runner::init_logging();
    std::process::exit(ukc::ukc::execute(ukc::ukc::Cli::parse()));
}
