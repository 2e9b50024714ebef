//! A mutation fuzzer over the tools' entry points: mutated MLIR inputs
//! (seeded from the test suite) through `ukernel-opt`'s ukernel pipeline and
//! `ukc compile`, and corrupted packages through `ukc-run info`. A tool may
//! reject an input (exit 1 or 2) but must never die by a signal, panic
//! (exit 101), report an internal error (exit 3: a crash contained) or run
//! past the timeout. Deterministic for a given `--seed`; every failing input
//! is written to `--failures DIR` to become a regression test.
//!
//! ```sh
//! ukc-fuzz --tools target/release --seeds test --cases 10000 --packages 2000 --package-seed x.pkg
//! ```

use std::{
    path::{Path, PathBuf},
    process::{Command, Stdio},
    sync::{
        Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use clap::Parser;

#[derive(Parser)]
#[command(name = "ukc-fuzz", about = "Mutation fuzzer for ukernel-opt, ukc compile and the package reader")]
struct Args {
    /// Directory holding ukernel-opt, ukc and ukc-run
    #[arg(long, required_unless_present = "linalg_functions")]
    tools: Option<PathBuf>,
    /// Directory searched (recursively) for .mlir seed inputs
    #[arg(long, required_unless_present = "linalg_functions")]
    seeds: Option<PathBuf>,
    /// Differential mode: write a module of this many generated linalg
    /// functions (several roots, shared fills, transposes, elementwise
    /// chains, reductions) to --write, for `ukc compile --reference` and
    /// `ukc-run run` to compare the GPU with upstream MLIR on the CPU
    #[arg(long)]
    linalg_functions: Option<usize>,
    /// Where the differential mode writes its module
    #[arg(long, requires = "linalg_functions")]
    write: Option<PathBuf>,
    /// Differential mode with rows of 256 to 4096 elements: row reductions
    /// long enough to run in two stages, matmuls of long K
    #[arg(long, requires = "linalg_functions")]
    long_rows: bool,
    /// Differential mode with each function's row count dynamic (`?` in
    /// its types; compile with `--dynamic-size` to choose it)
    #[arg(long, requires = "linalg_functions")]
    dynamic_rows: bool,
    /// Mutated MLIR inputs (each run through both compilers)
    #[arg(long, default_value_t = 200)]
    cases: usize,
    /// Corrupted packages (run through ukc-run info)
    #[arg(long, default_value_t = 0)]
    packages: usize,
    /// A valid package to corrupt
    #[arg(long)]
    package_seed: Option<PathBuf>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds one tool run may take
    #[arg(long, default_value_t = 60)]
    timeout_s: u64,
    /// Parallel tool runs (default: the machine's cores)
    #[arg(long)]
    jobs: Option<usize>,
    /// Where to write inputs that fail
    #[arg(long)]
    failures: Option<PathBuf>,
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // splitmix64: good enough spread for picking mutations.
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

/// Tokens that tend to reach deep into parsers and matchers.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    "<",
    ">",
    "->",
    ":",
    ",",
    "=",
    "%",
    "@",
    "#",
    "!",
    "^bb1:",
    "\"",
    "\\",
    "0x",
    "-1",
    "0",
    "9223372036854775808",
    "99999999999999999999",
    "1.0e39",
    "nan",
    "inf",
    "?",
    "unit",
    "tensor<?x?xf32>",
    "memref<0xf32>",
    "vector<0xi8>",
    "f16",
    "bf16",
    "i1",
    "index",
    "affine_map<(d0, d1) -> (d1)>",
    "\"reduction\"",
    "\"parallel\"",
    "linalg.index 7 : index",
    "#ukernel.target<{arch = \"sm_90a\"}>",
    "dense_resource<x>",
    "ukernel.executable_objects",
    "lowering_config",
    "#ukernel.spec<\"uk_argmax_f32i64\">",
    "{-#",
    "#-}",
    "dialect_resources: { builtin: { x: \"0x0300000001\" } }",
    "\u{fffd}",
    "\u{0}",
];

fn mutate(input: &[u8], other: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut data = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let len = data.len();
        let at = rng.below(len + 1);
        match rng.below(9) {
            0 if len > 0 => data[at.min(len - 1)] = (rng.next() & 0xff) as u8,
            1 => {
                let end = (at + 1 + rng.below(24)).min(len);
                data.drain(at..end);
            }
            2 => {
                let t = TOKENS[rng.below(TOKENS.len())].as_bytes();
                data.splice(at..at, t.iter().copied());
            }
            3..=5 => {
                let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
                let mut out: Vec<Vec<u8>> = lines.iter().map(|l| l.to_vec()).collect();
                let i = rng.below(out.len());
                match rng.below(3) {
                    0 => {
                        let copy = out[i].clone();
                        out.insert(i, copy);
                    }
                    1 => {
                        out.remove(i);
                    }
                    _ => {
                        let j = rng.below(out.len());
                        out.swap(i, j);
                    }
                }
                data = out.join(&b'\n');
            }
            6 => {
                // A line from another seed.
                let lines: Vec<&[u8]> = other.split(|&b| b == b'\n').collect();
                let line = lines[rng.below(lines.len())];
                data.splice(at..at, line.iter().copied().chain([b'\n']));
            }
            7 => {
                // Replace a number by an extreme one.
                if let Some(pos) = (at..len).find(|&i| data[i].is_ascii_digit()) {
                    let end = (pos..len).find(|&i| !data[i].is_ascii_digit()).unwrap_or(len);
                    let extreme = ["0", "1", "4294967297", "18446744073709551615", "128256000000"][rng.below(5)];
                    data.splice(pos..end, extreme.bytes());
                }
            }
            _ => data.truncate(at),
        }
    }
    data
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Exit(i32),
    Signal(i32),
    Timeout,
}

impl Outcome {
    fn is_failure(self) -> bool {
        !matches!(self, Outcome::Exit(0..=2))
    }
}

/// Messages of the prechecks that stop inputs known to crash upstream's
/// parser (`ukernel_dialect::precheck`): how often the fuzzer reaches them.
const PRECHECKS: &[&str] =
    &["NUL byte", "nesting deeper than", "resource blob alignment", "iterator_types entry", "takes a list of integers"];

fn run(tool: &Path, args: &[&str], timeout: Duration, stderr: &Path) -> Outcome {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let mut command = Command::new(tool);
    let err = std::fs::File::create(stderr).map(Stdio::from).unwrap_or_else(|_| Stdio::null());
    command.args(args).stdin(Stdio::null()).stdout(Stdio::null()).stderr(err).process_group(0);
    let Ok(mut child) = command.spawn() else { return Outcome::Exit(-1) };
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                return match status.code() {
                    Some(c) => Outcome::Exit(c),
                    None => Outcome::Signal(status.signal().unwrap_or(0)),
                };
            }
            Ok(None) if start.elapsed() > timeout => {
                // The whole group: the tool and the child it runs its work in.
                // SAFETY: a signal to the child's own process group, which it leads; no memory is involved.
                unsafe { libc::kill(-(child.id() as i32), libc::SIGKILL) };
                let _ = child.wait();
                return Outcome::Timeout;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => return Outcome::Exit(-1),
        }
    }
}

fn seed_files(dir: &Path, out: &mut Vec<Vec<u8>>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            seed_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "mlir")
            && let Ok(bytes) = std::fs::read(&p)
            && bytes.len() < 256 * 1024
            // Known crashers kept as regression inputs would only find
            // themselves again.
            && !String::from_utf8_lossy(&bytes).contains("ukc-fuzz: not a seed")
        {
            out.push(bytes);
        }
    }
}

/// A corrupted copy of a package; half the time with the checksum fixed up,
/// so that the reader's later checks are reached.
fn corrupt_package(package: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut data = package.to_vec();
    for _ in 0..1 + rng.below(8) {
        let len = data.len();
        match rng.below(4) {
            0 | 1 if len > 28 => {
                // The kernel table (launch metadata, after the images, at
                // the end), the payload, or anywhere.
                let at = match rng.below(3) {
                    0 => len - 1 - rng.below((len - 28).min(4096)),
                    1 => 28 + rng.below(len - 28),
                    _ => rng.below(len),
                };
                data[at] = match rng.below(4) {
                    0 => 0,
                    1 => 0xff,
                    _ => (rng.next() & 0xff) as u8,
                };
            }
            2 => data.truncate(rng.below(len + 1)),
            _ => {
                let at = rng.below(len + 1);
                data.splice(at..at, (0..1 + rng.below(8)).map(|_| (rng.next() & 0xff) as u8));
            }
        }
    }
    if rng.below(2) == 0 && data.len() >= 28 {
        let payload_len = (data.len() - 28) as u64;
        data[12..20].copy_from_slice(&payload_len.to_le_bytes());
        let crc = crc32fast::hash(&data[28..]) as u64;
        data[20..28].copy_from_slice(&crc.to_le_bytes());
    }
    data
}

struct Tally {
    outcomes: Mutex<std::collections::BTreeMap<String, usize>>,
    failures: AtomicUsize,
}

fn main() {
    let args = Args::parse();
    if let Some(count) = args.linalg_functions {
        let text = ukc::linalg_gen::module_with(count, args.seed, args.long_rows, args.dynamic_rows);
        match &args.write {
            Some(path) => {
                if let Err(e) = ukc::write_atomically(path, text.as_bytes()) {
                    eprintln!("{}: error: cannot write: {e}", path.display());
                    std::process::exit(1);
                }
            }
            None => ukc::write_stdout(text),
        }
        return;
    }
    let (Some(tools), Some(seed_dir)) = (args.tools.clone(), args.seeds.clone()) else {
        eprintln!("ukc-fuzz: error: --tools and --seeds are required");
        std::process::exit(2);
    };
    let mut seeds = Vec::new();
    seed_files(&seed_dir, &mut seeds);
    if seeds.is_empty() {
        eprintln!("ukc-fuzz: error: no .mlir seeds under {}", seed_dir.display());
        std::process::exit(2);
    }
    let package_seed = match &args.package_seed {
        Some(p) => match std::fs::read(p) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("{}: error: cannot read package: {e}", p.display());
                std::process::exit(2);
            }
        },
        None => None,
    };
    let work = tempfile::tempdir().expect("a temporary directory");
    let timeout = Duration::from_secs(args.timeout_s);
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let tally = Tally { outcomes: Mutex::new(Default::default()), failures: AtomicUsize::new(0) };
    let next = AtomicUsize::new(0);
    let total = args.cases + if package_seed.is_some() { args.packages } else { 0 };
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= total {
                        break;
                    }
                    let mut rng = Rng(args.seed.wrapping_mul(0x1000_0000_01b3) ^ i as u64);
                    let (input, runs): (Vec<u8>, Vec<(&str, Vec<String>)>) = if i < args.cases {
                        let seed = &seeds[rng.below(seeds.len())];
                        let other = &seeds[rng.below(seeds.len())];
                        let input = mutate(seed, other, &mut rng);
                        let path = work.path().join(format!("case{i}.mlir"));
                        let out = work.path().join(format!("case{i}.pkg"));
                        let _ = std::fs::write(&path, &input);
                        let p = path.display().to_string();
                        let pipeline = "--pass-pipeline=builtin.module(ukernel-kernel-config,ukernel-hoist-executable-objects,ukernel-lower-to-ukernels)";
                        let runs = vec![
                            ("ukernel-opt", vec![p.clone(), pipeline.to_string()]),
                            (
                                "ukc",
                                vec![
                                    "compile".into(),
                                    p,
                                    "--arch".into(),
                                    "sm_90".into(),
                                    "--no-cubin".into(),
                                    "-o".into(),
                                    out.display().to_string(),
                                ],
                            ),
                        ];
                        (input, runs)
                    } else {
                        let input = corrupt_package(package_seed.as_deref().unwrap_or_default(), &mut rng);
                        let path = work.path().join(format!("case{i}.pkg"));
                        let _ = std::fs::write(&path, &input);
                        (input, vec![("ukc-run", vec!["info".into(), path.display().to_string()])])
                    };
                    for (tool, tool_args) in runs {
                        let refs: Vec<&str> = tool_args.iter().map(String::as_str).collect();
                        let err_path = work.path().join(format!("case{i}.stderr"));
                        let outcome = run(&tools.join(tool), &refs, timeout, &err_path);
                        let key = format!("{tool} {outcome:?}");
                        let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
                        let _ = std::fs::remove_file(&err_path);
                        let mut outcomes = tally.outcomes.lock().unwrap();
                        *outcomes.entry(key).or_default() += 1;
                        if let Some(check) = PRECHECKS.iter().find(|c| stderr.contains(*c)) {
                            *outcomes.entry(format!("{tool} stopped by the precheck for '{check}'")).or_default() += 1;
                        }
                        drop(outcomes);
                        if outcome.is_failure() {
                            tally.failures.fetch_add(1, Ordering::Relaxed);
                            eprintln!("ukc-fuzz: case {i}: {tool} {outcome:?}");
                            if let Some(dir) = &args.failures {
                                let _ = std::fs::create_dir_all(dir);
                                let ext = if tool == "ukc-run" { "pkg" } else { "mlir" };
                                let _ = std::fs::write(dir.join(format!("seed{}-case{i}.{ext}", args.seed)), &input);
                            }
                        }
                    }
                    let _ = std::fs::remove_file(work.path().join(format!("case{i}.mlir")));
                    let _ = std::fs::remove_file(work.path().join(format!("case{i}.pkg")));
                }
            });
        }
    });
    let outcomes = tally.outcomes.into_inner().unwrap();
    let count = |pred: &dyn Fn(&str) -> bool| outcomes.iter().filter(|(k, _)| pred(k)).map(|(_, n)| n).sum::<usize>();
    let signals = count(&|k| k.contains("Signal"));
    let panics = count(&|k| k.ends_with("Exit(101)"));
    let internal = count(&|k| k.ends_with("Exit(3)"));
    let timeouts = count(&|k| k.ends_with("Timeout"));
    println!(
        "ukc-fuzz: seed {}: {} mutated inputs x 2 tools, {} corrupted packages in {:.1} s: \
         {signals} signal deaths, {panics} panics, {internal} internal errors, {timeouts} timeouts",
        args.seed,
        args.cases,
        if package_seed.is_some() { args.packages } else { 0 },
        started.elapsed().as_secs_f64()
    );
    for (k, n) in &outcomes {
        println!("  {k}: {n}");
    }
    std::process::exit(if tally.failures.load(Ordering::Relaxed) == 0 { 0 } else { 1 });
}
