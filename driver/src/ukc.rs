//! `ukc`, the compiler driver.

use melior::ir::{Module, operation::OperationLike};
use ukernel_dialect::{Target, location::capture_diagnostics};

/// The embedded default example: LLM-decoding argmax dispatches.
pub const DEMO_SOURCE: &str = include_str!("../examples/decode_argmax.mlir");
const DEMO_NAME: &str = "decode_argmax.mlir";

const USAGE: &str = "\
USAGE: ukc <command> [options]

COMMANDS:
  demo      Parse and verify the embedded example of LLM-decoding argmax
            dispatches, and print it
  help      Show this help
";

pub fn main_with_args(args: &[String]) -> i32 {
    match args.first().map(String::as_str) {
        Some("demo") => demo(),
        None | Some("help" | "--help" | "-h") => {
            crate::write_stdout(USAGE);
            0
        }
        Some(other) => {
            eprintln!("ukc: error: unknown command '{other}'\n{USAGE}");
            1
        }
    }
}

fn demo() -> i32 {
    let context = match ukernel_dialect::create_context() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("ukc: error: {e}");
            return 1;
        }
    };
    let (module, diagnostics) = capture_diagnostics(&context, || {
        let module = Module::parse(&context, DEMO_SOURCE)?;
        let ok = module.as_operation().verify()
            && ukernel_dialect::verify_ukernel_attributes(module.as_operation()) == 0;
        ok.then_some(module)
    });
    for d in &diagnostics {
        eprint!("{}", d.render(Some(DEMO_NAME)));
    }
    let Some(module) = module else {
        eprintln!("ukc: error: the embedded example did not parse and verify");
        return 1;
    };
    let target = module
        .as_operation()
        .attribute(ukernel_dialect::TARGET_ATTR)
        .ok()
        .and_then(|a| Target::try_from(a).ok());
    let mut text = format!("// {DEMO_NAME}: parsed and verified\n");
    if let Some(t) = target {
        text += &format!("// target {} ({} multiprocessors), ukernels = {}\n", t.arch(), t.multiprocessors(), t.ukernels.to_text());
    }
    text += &format!("{}\n", module.as_operation());
    crate::write_stdout(&text);
    0
}
