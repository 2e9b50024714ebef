fn main() {
    ukc_runner::init_logging();
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(ukc::opt::main_with_args(&args));
}
