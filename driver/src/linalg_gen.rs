//! Small valid linalg functions for differential testing (`ukc-fuzz
//! --linalg-functions`): each is a random chain of the forms frontends emit:
//! elementwise ops (unary math, binary arithmetic, bf16 round trips),
//! transposes, matmuls whose zero-filled init is shared between roots,
//! contractions in other layouts (A indexed (k, m), B (n, k), C (n, m);
//! `linalg.matmul` with maps, `linalg.contract`, generics with their loops
//! in any order; f32, or bf16/f16 operands summed in f32), row sums
//! broadcast back, column sums, row argmaxes and maxima broadcast back, an
//! `arange` broadcast along either dim, triangle masks by loop index,
//! integer round trips, batched contractions of broadcast operands summed
//! over the batch, and several results. Compiled with `--reference`,
//! each function's GPU outputs are compared with upstream MLIR's CPU
//! execution of it. Deterministic for a seed.

use std::fmt::Write as _;

/// A splitmix64 stream.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// A value of the function being built: its SSA name and its shape (2-D
/// f32 tensors, or 1-D for row sums).
#[derive(Clone)]
struct Value {
    name: String,
    shape: Vec<u64>,
}

fn tensor(shape: &[u64]) -> String {
    tensor_of(shape, "f32")
}

fn tensor_of(shape: &[u64], element: &str) -> String {
    let dynamic = DYNAMIC_SIZE.with(|d| d.get());
    let dims: Vec<String> =
        shape.iter().map(|d| if Some(*d) == dynamic { "?".to_string() } else { d.to_string() }).collect();
    format!("tensor<{}x{element}>", dims.join("x"))
}

thread_local! {
    /// While a function with dynamic rows is written: the row count, every
    /// dim of which is `?` in its types (its value `%dr`, read from the
    /// first input).
    static DYNAMIC_SIZE: std::cell::Cell<Option<u64>> = const { std::cell::Cell::new(None) };
}

/// `tensor.empty`'s operands for `shape`: `%dr` for each dynamic dim.
fn empty_operands(shape: &[u64]) -> String {
    let dynamic = DYNAMIC_SIZE.with(|d| d.get());
    shape.iter().filter(|d| Some(**d) == dynamic).map(|_| "%dr").collect::<Vec<_>>().join(", ")
}

struct Builder {
    body: String,
    next: usize,
    /// Zero-filled inits by shape: later matmuls of that shape share one.
    fills: Vec<(Vec<u64>, String)>,
}

impl Builder {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn empty(&mut self, shape: &[u64]) -> String {
        let e = self.fresh();
        let _ = writeln!(self.body, "    {e} = tensor.empty({}) : {}", empty_operands(shape), tensor(shape));
        e
    }

    fn zero_fill(&mut self, shape: &[u64]) -> String {
        if let Some((_, f)) = self.fills.iter().find(|(s, _)| s == shape) {
            return f.clone();
        }
        let e = self.empty(shape);
        let f = self.fresh();
        let t = tensor(shape);
        let _ = writeln!(self.body, "    {f} = linalg.fill ins(%zero : f32) outs({e} : {t}) -> {t}");
        self.fills.push((shape.to_vec(), f.clone()));
        f
    }

    /// `v` rounded to `element` (bf16 or f16) by an elementwise generic: a
    /// 16-bit operand of a contraction.
    fn narrowed(&mut self, v: &Value, element: &str) -> String {
        let (t, n) = (tensor(&v.shape), tensor_of(&v.shape, element));
        let e = self.fresh();
        let _ = writeln!(self.body, "    {e} = tensor.empty({}) : {n}", empty_operands(&v.shape));
        let r = self.fresh();
        let _ = writeln!(
            self.body,
            "    {r} = linalg.generic {{indexing_maps = [#id, #id], iterator_types = [\"parallel\", \"parallel\"]}} \
             ins({} : {t}) outs({e} : {n}) {{\n    ^bb0(%a0: f32, %o: {element}):\n      \
             %r = arith.truncf %a0 : f32 to {element}\n      linalg.yield %r : {element}\n    }} -> {n}",
            v.name
        );
        r
    }

    /// An elementwise generic over `inputs` (same 2-D shape) with `body`
    /// computing `%r` from `%a0`, `%a1`, ...
    fn elementwise(&mut self, inputs: &[&Value], body: &str) -> Value {
        let shape = inputs[0].shape.clone();
        let t = tensor(&shape);
        let e = self.empty(&shape);
        let r = self.fresh();
        let maps = vec!["#id"; inputs.len() + 1].join(", ");
        let ins: Vec<String> = inputs.iter().map(|v| v.name.clone()).collect();
        let types = vec![t.as_str(); inputs.len()].join(", ");
        let args: Vec<String> = (0..inputs.len()).map(|i| format!("%a{i}: f32")).collect();
        let _ = writeln!(
            self.body,
            "    {r} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [\"parallel\", \"parallel\"]}} \
             ins({} : {types}) outs({e} : {t}) {{\n    ^bb0({}, %o: f32):\n{body}      linalg.yield %r : f32\n    }} -> {t}",
            ins.join(", "),
            args.join(", ")
        );
        Value { name: r, shape }
    }
}

impl Builder {
    /// An elementwise generic writing `shape` from `ins` (value, type, map)
    /// with `body` over block arguments `args` computing `%r`.
    fn generic(
        &mut self,
        ins: &[(String, String, &str)],
        shape: &[u64],
        iterators: &str,
        args: &str,
        body: &str,
    ) -> String {
        let t = tensor(shape);
        let e = self.empty(shape);
        let r = self.fresh();
        let maps: Vec<&str> = ins.iter().map(|(_, _, m)| *m).chain(["#id"]).collect();
        let names: Vec<&str> = ins.iter().map(|(n, _, _)| n.as_str()).collect();
        let types: Vec<&str> = ins.iter().map(|(_, t, _)| t.as_str()).collect();
        let _ = writeln!(
            self.body,
            "    {r} = linalg.generic {{indexing_maps = [{}], iterator_types = [{iterators}]}} \
             ins({} : {}) outs({e} : {t}) {{\n    ^bb0({args}):\n{body}      linalg.yield %r : f32\n    }} -> {t}",
            maps.join(", "),
            names.join(", "),
            types.join(", ")
        );
        r
    }

    /// `v` plus an `arange` (a 1-D generic of `linalg.index 0`, as
    /// torch-mlir lowers `torch.arange`) along `axis`, broadcast over the
    /// other: fusion must keep the arange counting its own loop.
    fn with_iota(&mut self, v: &Value, axis: usize) -> Value {
        let n = v.shape[axis];
        let t1 = tensor(&[n]);
        let e = self.empty(&[n]);
        let iota = self.fresh();
        let _ = writeln!(
            self.body,
            "    {iota} = linalg.generic {{indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = [\"parallel\"]}} \
             outs({e} : {t1}) {{\n    ^bb0(%o: f32):\n      %i = linalg.index 0 : index\n      \
             %ii = arith.index_cast %i : index to i64\n      %r = arith.sitofp %ii : i64 to f32\n      \
             linalg.yield %r : f32\n    }} -> {t1}"
        );
        let map = if axis == 0 { "#row" } else { "#col" };
        let ins = [(v.name.clone(), tensor(&v.shape), "#id"), (iota, t1, map)];
        let r = self.generic(
            &ins,
            &v.shape,
            "\"parallel\", \"parallel\"",
            "%a: f32, %b: f32, %o: f32",
            "      %r = arith.addf %a, %b : f32\n",
        );
        Value { name: r, shape: v.shape.clone() }
    }

    /// `v` masked to its lower (or upper) triangle by its loop indices, as
    /// a causal mask is written.
    fn lower_triangle(&mut self, v: &Value, lower: bool) -> Value {
        let predicate = if lower { "ule" } else { "uge" };
        let body = format!(
            "      %i = linalg.index 0 : index\n      %j = linalg.index 1 : index\n      \
             %c = arith.cmpi {predicate}, %j, %i : index\n      %r = arith.select %c, %a, %zero : f32\n"
        );
        let ins = [(v.name.clone(), tensor(&v.shape), "#id")];
        let r = self.generic(&ins, &v.shape, "\"parallel\", \"parallel\"", "%a: f32, %o: f32", &body);
        Value { name: r, shape: v.shape.clone() }
    }

    /// `v` minus its column sums (a reduction over the outer dim),
    /// broadcast back down the columns.
    fn minus_column_sum(&mut self, v: &Value) -> Value {
        let cols = vec![v.shape[1]];
        let init = self.zero_fill(&cols);
        let s = self.fresh();
        let _ = writeln!(
            self.body,
            "    {s} = linalg.generic {{indexing_maps = [#id, #col], iterator_types = [\"reduction\", \"parallel\"]}} \
             ins({} : {}) outs({init} : {}) {{\n    ^bb0(%a: f32, %acc: f32):\n      %r = arith.addf %a, %acc : f32\n      \
             linalg.yield %r : f32\n    }} -> {}",
            v.name,
            tensor(&v.shape),
            tensor(&cols),
            tensor(&cols)
        );
        let ins = [(v.name.clone(), tensor(&v.shape), "#id"), (s, tensor(&cols), "#col")];
        let r = self.generic(
            &ins,
            &v.shape,
            "\"parallel\", \"parallel\"",
            "%a: f32, %b: f32, %o: f32",
            "      %r = arith.subf %a, %b : f32\n",
        );
        Value { name: r, shape: v.shape.clone() }
    }

    /// Each row's argmax (`ogt`: the first of equal maxima; the inputs,
    /// multiples of 1/128, tie often) and its value, both broadcast back:
    /// `v - max + index / 4`. `with_value` keeps the value result used.
    fn minus_row_argmax(&mut self, v: &Value, with_value: bool) -> Value {
        let rows = v.shape[0];
        let (tf, ti) = (tensor(&[rows]), tensor_of(&[rows], "i64"));
        let (ef, ei) = (self.empty(&[rows]), self.fresh());
        let _ = writeln!(self.body, "    {ei} = tensor.empty({}) : {ti}", empty_operands(&[rows]));
        let (ff, fi) = (self.fresh(), self.fresh());
        let _ = writeln!(self.body, "    {ff} = linalg.fill ins(%ninf : f32) outs({ef} : {tf}) -> {tf}");
        let _ = writeln!(self.body, "    {fi} = linalg.fill ins(%izero : i64) outs({ei} : {ti}) -> {ti}");
        let m = self.fresh();
        let _ = writeln!(
            self.body,
            "    {m}:2 = linalg.generic {{indexing_maps = [#id, #row, #row], iterator_types = [\"parallel\", \"reduction\"]}} \
             ins({} : {}) outs({ff}, {fi} : {tf}, {ti}) {{\n    ^bb0(%a: f32, %best: f32, %at: i64):\n      \
             %j = linalg.index 1 : index\n      %jj = arith.index_cast %j : index to i64\n      \
             %c = arith.cmpf ogt, %a, %best : f32\n      %nb = arith.select %c, %a, %best : f32\n      \
             %na = arith.select %c, %jj, %at : i64\n      linalg.yield %nb, %na : f32, i64\n    }} -> ({tf}, {ti})",
            v.name,
            tensor(&v.shape)
        );
        let mut ins = vec![(v.name.clone(), tensor(&v.shape), "#id"), (format!("{m}#1"), ti, "#row")];
        let body = if with_value {
            ins.push((format!("{m}#0"), tf, "#row"));
            "      %f = arith.sitofp %i : i64 to f32\n      %q = arith.mulf %f, %quarter : f32\n      \
             %s = arith.subf %a, %mx : f32\n      %r = arith.addf %s, %q : f32\n"
        } else {
            "      %f = arith.sitofp %i : i64 to f32\n      %q = arith.mulf %f, %quarter : f32\n      \
             %r = arith.addf %a, %q : f32\n"
        };
        let args = if with_value { "%a: f32, %i: i64, %mx: f32, %o: f32" } else { "%a: f32, %i: i64, %o: f32" };
        let r = self.generic(&ins, &v.shape, "\"parallel\", \"parallel\"", args, body);
        Value { name: r, shape: v.shape.clone() }
    }

    /// `v` through integers: `sitofp(3 * fptosi(64 v) + 1) / 64`, the
    /// integer ops on i32.
    fn integer_round_trip(&mut self, v: &Value) -> Value {
        let body = "      %s = arith.mulf %a, %sixtyfour : f32\n      %i = arith.fptosi %s : f32 to i32\n      \
                    %three = arith.constant 3 : i32\n      %one = arith.constant 1 : i32\n      \
                    %m = arith.muli %i, %three : i32\n      %n = arith.addi %m, %one : i32\n      \
                    %f = arith.sitofp %n : i32 to f32\n      %r = arith.divf %f, %sixtyfour : f32\n";
        let ins = [(v.name.clone(), tensor(&v.shape), "#id")];
        let r = self.generic(&ins, &v.shape, "\"parallel\", \"parallel\"", "%a: f32, %o: f32", body);
        Value { name: r, shape: v.shape.clone() }
    }

    /// `exp(v - rowmax(v))`: a max reduction (`maximumf`, NaN-propagating)
    /// broadcast back, as softmax is decomposed.
    fn softmax_numerator(&mut self, v: &Value) -> Value {
        let rows = vec![v.shape[0]];
        let t = tensor(&rows);
        let e = self.empty(&rows);
        let f = self.fresh();
        let _ = writeln!(self.body, "    {f} = linalg.fill ins(%ninf : f32) outs({e} : {t}) -> {t}");
        let m = self.fresh();
        let _ = writeln!(
            self.body,
            "    {m} = linalg.generic {{indexing_maps = [#id, #row], iterator_types = [\"parallel\", \"reduction\"]}} \
             ins({} : {}) outs({f} : {t}) {{\n    ^bb0(%a: f32, %acc: f32):\n      %r = arith.maximumf %a, %acc : f32\n      \
             linalg.yield %r : f32\n    }} -> {t}",
            v.name,
            tensor(&v.shape)
        );
        let ins = [(v.name.clone(), tensor(&v.shape), "#id"), (m, t, "#row")];
        let r = self.generic(
            &ins,
            &v.shape,
            "\"parallel\", \"parallel\"",
            "%a: f32, %mx: f32, %o: f32",
            "      %s = arith.subf %a, %mx : f32\n      %r = math.exp %s : f32\n",
        );
        Value { name: r, shape: v.shape.clone() }
    }
}

const UNARY: &[&str] = &[
    "      %r = math.exp %a0 : f32\n",
    "      %r = math.tanh %a0 : f32\n",
    "      %r = arith.negf %a0 : f32\n",
    "      %r = math.absf %a0 : f32\n",
    "      %s = arith.mulf %a0, %a0 : f32\n      %r = math.sqrt %s : f32\n",
    "      %s = math.erf %a0 : f32\n      %r = arith.mulf %s, %a0 : f32\n",
    // A bf16 round trip, as `.to(bf16).float()` exports.
    "      %s = arith.truncf %a0 : f32 to bf16\n      %r = arith.extf %s : bf16 to f32\n",
];

const BINARY: &[&str] = &[
    "      %r = arith.addf %a0, %a1 : f32\n",
    "      %r = arith.mulf %a0, %a1 : f32\n",
    "      %r = arith.subf %a0, %a1 : f32\n",
    "      %r = arith.maximumf %a0, %a1 : f32\n",
    "      %c = arith.cmpf ogt, %a0, %a1 : f32\n      %r = arith.select %c, %a0, %a1 : f32\n",
];

/// One function named `name`: 1 to 3 inputs, 2 to 7 ops, 1 or 2 results.
/// With `long_rows`, rows of 256 to 4096 elements (a few of them): row
/// reductions long enough to run in two stages, matmuls of long K.
pub fn function(name: &str, rng: &mut Rng, long_rows: bool) -> String {
    function_with(name, rng, long_rows, false)
}

/// [`function`], with `dynamic_rows` its row count `?` in every type (the
/// size read from the first input with `tensor.dim`).
pub fn function_with(name: &str, rng: &mut Rng, long_rows: bool, dynamic_rows: bool) -> String {
    const SIZES: [u64; 6] = [1, 3, 8, 16, 33, 64];
    const FEW: [u64; 3] = [1, 2, 8];
    const LONG: [u64; 5] = [256, 512, 1024, 2048, 4096];
    let mut b = Builder { body: String::new(), next: 0, fills: Vec::new() };
    let inputs = 1 + rng.below(3);
    let mut pool: Vec<Value> = Vec::new();
    let mut params = Vec::new();
    let (r, c) = if long_rows {
        (FEW[rng.below(FEW.len())], LONG[rng.below(LONG.len())])
    } else {
        (SIZES[rng.below(SIZES.len())], SIZES[rng.below(SIZES.len())])
    };
    DYNAMIC_SIZE.with(|d| d.set(dynamic_rows.then_some(r)));
    for i in 0..inputs {
        // Mostly one shape, sometimes its transpose: matmuls and binary ops
        // find partners.
        let shape = if rng.below(3) == 0 { vec![c, r] } else { vec![r, c] };
        params.push(format!("%in{i}: {}", tensor(&shape)));
        pool.push(Value { name: format!("%in{i}"), shape });
    }
    let ops = 2 + rng.below(6);
    for _ in 0..ops {
        let v = pool[rng.below(pool.len())].clone();
        let made = match rng.below(14) {
            0 => Some(b.elementwise(&[&v], UNARY[rng.below(UNARY.len())])),
            1 => {
                let partners: Vec<Value> = pool.iter().filter(|p| p.shape == v.shape).cloned().collect();
                let w = partners[rng.below(partners.len())].clone();
                Some(b.elementwise(&[&v, &w], BINARY[rng.below(BINARY.len())]))
            }
            2 if v.shape.len() == 2 => {
                let shape = vec![v.shape[1], v.shape[0]];
                let e = b.empty(&shape);
                let t = b.fresh();
                let _ = writeln!(
                    b.body,
                    "    {t} = linalg.transpose ins({} : {}) outs({e} : {}) permutation = [1, 0]",
                    v.name,
                    tensor(&v.shape),
                    tensor(&shape)
                );
                Some(Value { name: t, shape })
            }
            3 | 4 => {
                // (Outputs of at most 2^16 elements: long rows times long
                // columns would make references of hundreds of MB.)
                let partners: Vec<Value> = pool
                    .iter()
                    .filter(|p| p.shape.len() == 2 && p.shape[0] == v.shape[1] && v.shape[0] * p.shape[1] <= 1 << 16)
                    .cloned()
                    .collect();
                (v.shape.len() == 2 && !partners.is_empty()).then(|| {
                    let w = partners[rng.below(partners.len())].clone();
                    let shape = vec![v.shape[0], w.shape[1]];
                    let init = b.zero_fill(&shape);
                    let m = b.fresh();
                    let _ = writeln!(
                        b.body,
                        "    {m} = linalg.matmul ins({}, {} : {}, {}) outs({init} : {}) -> {}",
                        v.name,
                        w.name,
                        tensor(&v.shape),
                        tensor(&w.shape),
                        tensor(&shape),
                        tensor(&shape)
                    );
                    Value { name: m, shape }
                })
            }
            6 if v.shape.len() == 2 => contraction(&mut b, rng, &v, &pool),
            7 if v.shape.len() == 2 => Some(b.with_iota(&v, rng.below(2))),
            8 if v.shape.len() == 2 => Some(b.lower_triangle(&v, rng.below(2) == 0)),
            9 if v.shape.len() == 2 => Some(b.minus_column_sum(&v)),
            10 if v.shape.len() == 2 => Some(b.minus_row_argmax(&v, rng.below(2) == 0)),
            11 if v.shape.len() == 2 => Some(b.integer_round_trip(&v)),
            12 if v.shape.len() == 2 => Some(b.softmax_numerator(&v)),
            13 if v.shape.len() == 2 => batched_contraction(&mut b, rng, &v, &pool),
            _ if v.shape.len() == 2 => {
                // A row sum, broadcast back onto the rows it summed.
                let rows = vec![v.shape[0]];
                let init = b.zero_fill(&rows);
                let s = b.fresh();
                let _ = writeln!(
                    b.body,
                    "    {s} = linalg.generic {{indexing_maps = [#id, #row], iterator_types = [\"parallel\", \"reduction\"]}} \
                     ins({} : {}) outs({init} : {}) {{\n    ^bb0(%a: f32, %acc: f32):\n      %r = arith.addf %a, %acc : f32\n      linalg.yield %r : f32\n    }} -> {}",
                    v.name,
                    tensor(&v.shape),
                    tensor(&rows),
                    tensor(&rows)
                );
                let t = tensor(&v.shape);
                let e = b.empty(&v.shape);
                let r = b.fresh();
                let _ = writeln!(
                    b.body,
                    "    {r} = linalg.generic {{indexing_maps = [#id, #row, #id], iterator_types = [\"parallel\", \"parallel\"]}} \
                     ins({}, {s} : {t}, {}) outs({e} : {t}) {{\n    ^bb0(%a: f32, %m: f32, %o: f32):\n      %r = arith.subf %a, %m : f32\n      linalg.yield %r : f32\n    }} -> {t}",
                    v.name,
                    tensor(&rows)
                );
                Some(Value { name: r, shape: v.shape.clone() })
            }
            _ => None,
        };
        if let Some(m) = made {
            pool.push(m);
        }
    }
    if pool.len() == inputs {
        // A function must compute something.
        let v = pool[0].clone();
        let r = b.elementwise(&[&v], UNARY[0]);
        pool.push(r);
    }
    // The last value made, and sometimes another one (several roots).
    let computed: Vec<&Value> = pool.iter().skip(inputs).collect();
    let mut results: Vec<&Value> = computed.last().into_iter().copied().collect();
    if computed.len() > 1 && rng.below(2) == 0 {
        results.insert(0, computed[rng.below(computed.len() - 1)]);
    }
    let names: Vec<String> = results.iter().map(|v| v.name.clone()).collect();
    let types: Vec<String> = results.iter().map(|v| tensor(&v.shape)).collect();
    let row_size = if dynamic_rows {
        let dim = if pool[0].shape[0] == r { 0 } else { 1 };
        format!(
            "    %c{dim}_rows = arith.constant {dim} : index\n    %dr = tensor.dim %in0, %c{dim}_rows : {}\n",
            tensor(&pool[0].shape)
        )
    } else {
        String::new()
    };
    DYNAMIC_SIZE.with(|d| d.set(None));
    b.body = row_size + &b.body;
    format!(
        "  func.func @{name}({}) -> ({}) {{\n    %zero = arith.constant 0.0 : f32\n    %quarter = arith.constant 0.25 : f32\n    %onef = arith.constant 1.0 : f32\n    \
         %sixtyfour = arith.constant 64.0 : f32\n    %ninf = arith.constant 0xFF800000 : f32\n    %izero = arith.constant 0 : i64\n{}    return {} : {}\n  }}\n",
        params.join(", "),
        types.join(", "),
        b.body,
        names.join(", "),
        types.join(", ")
    )
}

/// A contraction of `a` (read as M x K or K x M) with a partner from
/// `pool`, in a random layout and form, or None without a partner.
fn contraction(b: &mut Builder, rng: &mut Rng, a: &Value, pool: &[Value]) -> Option<Value> {
    let a_t = rng.below(2) == 0;
    let (m, k) = if a_t { (a.shape[1], a.shape[0]) } else { (a.shape[0], a.shape[1]) };
    let partners: Vec<Value> = pool
        .iter()
        .filter(|p| {
            p.shape.len() == 2 && (p.shape[0] == k || p.shape[1] == k) && m * p.shape[0].max(p.shape[1]) <= 1 << 16
        })
        .cloned()
        .collect();
    if partners.is_empty() {
        return None;
    }
    let w = partners[rng.below(partners.len())].clone();
    let b_nk = if w.shape[0] == k && w.shape[1] == k { rng.below(2) == 0 } else { w.shape[1] == k };
    let n = if b_nk { w.shape[0] } else { w.shape[1] };
    let c_t = rng.below(4) == 0;
    let shape = if c_t { vec![n, m] } else { vec![m, n] };
    let init = b.zero_fill(&shape);
    // Loop positions of the roles m, n, k: (d0, d1, d2), or any order for
    // linalg.contract and generics.
    let form = rng.below(3);
    let order: [usize; 3] = if form == 0 {
        [0, 1, 2]
    } else {
        [[0, 1, 2], [2, 0, 1], [1, 2, 0], [0, 2, 1], [2, 1, 0], [1, 0, 2]][rng.below(6)]
    };
    let d = |role: usize| format!("d{}", order[role]);
    let (dm, dn, dk) = (d(0), d(1), d(2));
    let pair = |x: &str, y: &str| format!("affine_map<(d0, d1, d2) -> ({x}, {y})>");
    let maps = [
        if a_t { pair(&dk, &dm) } else { pair(&dm, &dk) },
        if b_nk { pair(&dn, &dk) } else { pair(&dk, &dn) },
        if c_t { pair(&dn, &dm) } else { pair(&dm, &dn) },
    ]
    .join(", ");
    // Half the time 16-bit operands (bf16 or f16, summed in f32): the
    // tensor-core ukernels; else f32: the CUDA-core one.
    let element = ["f32", "f32", "bf16", "f16"][rng.below(4)];
    let (a_name, w_name) = if element == "f32" {
        (a.name.clone(), w.name.clone())
    } else {
        (b.narrowed(a, element), b.narrowed(&w, element))
    };
    let types = format!("{}, {}", tensor_of(&a.shape, element), tensor_of(&w.shape, element));
    let t = tensor(&shape);
    let r = b.fresh();
    let ins = format!("ins({a_name}, {w_name} : {types}) outs({init} : {t})");
    let _ = match form {
        0 => writeln!(b.body, "    {r} = linalg.matmul indexing_maps = [{maps}] {ins} -> {t}"),
        1 => writeln!(b.body, "    {r} = linalg.contract indexing_maps = [{maps}] {ins} -> {t}"),
        _ => {
            let kinds: Vec<&str> =
                (0..3).map(|l| if l == order[2] { "\"reduction\"" } else { "\"parallel\"" }).collect();
            let product = if element == "f32" {
                "%p = arith.mulf %x, %y : f32".to_string()
            } else {
                format!(
                    "%xe = arith.extf %x : {element} to f32\n      %ye = arith.extf %y : {element} to f32\n      \
                     %p = arith.mulf %xe, %ye : f32"
                )
            };
            writeln!(
                b.body,
                "    {r} = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{}]}} {ins} {{\n    \
                 ^bb0(%x: {element}, %y: {element}, %acc: f32):\n      {product}\n      \
                 %s = arith.addf %acc, %p : f32\n      linalg.yield %s : f32\n    }} -> {t}",
                kinds.join(", ")
            )
        }
    };
    Some(Value { name: r, shape })
}

/// A batch of 2 contractions: `a` and a partner broadcast along a batch
/// dim (each batch scaled by its index + 1, by `linalg.index`), multiplied
/// as `linalg.batch_matmul` or as a generic with its four loops in any
/// order and either operand layout, in f32 or of bf16 operands; the batch
/// summed back to 2-D (a reduction over the outer dim).
fn batched_contraction(b: &mut Builder, rng: &mut Rng, a: &Value, pool: &[Value]) -> Option<Value> {
    const BATCH: u64 = 2;
    let (m, k) = (a.shape[0], a.shape[1]);
    let partners: Vec<Value> =
        pool.iter().filter(|p| p.shape.len() == 2 && p.shape[0] == k && m * p.shape[1] <= 1 << 15).cloned().collect();
    if partners.is_empty() {
        return None;
    }
    let w = partners[rng.below(partners.len())].clone();
    let n = w.shape[1];
    let element = ["f32", "bf16"][rng.below(2)];
    let b_nk = rng.below(2) == 0;
    // Operands [B, m, k] and [B, k, n] (or [B, n, k]).
    let broadcast = |b: &mut Builder, v: &Value, transposed: bool| -> (String, Vec<u64>) {
        let shape = if transposed { vec![BATCH, v.shape[1], v.shape[0]] } else { vec![BATCH, v.shape[0], v.shape[1]] };
        let out = tensor_of(&shape, element);
        let e = b.fresh();
        let _ = writeln!(b.body, "    {e} = tensor.empty({}) : {out}", empty_operands(&shape));
        let r = b.fresh();
        let read =
            if transposed { "affine_map<(d0, d1, d2) -> (d2, d1)>" } else { "affine_map<(d0, d1, d2) -> (d1, d2)>" };
        let round = if element == "f32" {
            "      linalg.yield %s : f32\n".to_string()
        } else {
            format!("      %t = arith.truncf %s : f32 to {element}\n      linalg.yield %t : {element}\n")
        };
        let _ = writeln!(
            b.body,
            "    {r} = linalg.generic {{indexing_maps = [{read}, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], \
             iterator_types = [\"parallel\", \"parallel\", \"parallel\"]}} ins({} : {}) outs({e} : {out}) {{\n    \
             ^bb0(%x: f32, %o: {element}):\n      %i = linalg.index 0 : index\n      %ii = arith.index_cast %i : index to i64\n      \
             %f = arith.sitofp %ii : i64 to f32\n      %g = arith.addf %f, %onef : f32\n      %s = arith.mulf %x, %g : f32\n{round}    }} -> {out}",
            v.name,
            tensor(&v.shape)
        );
        (r, shape)
    };
    let (a3, a3_shape) = broadcast(b, a, false);
    let (w3, w3_shape) = broadcast(b, &w, b_nk);
    let shape = vec![BATCH, m, n];
    let t3 = tensor(&shape);
    let e = b.fresh();
    let _ = writeln!(b.body, "    {e} = tensor.empty({}) : {t3}", empty_operands(&shape));
    let init = b.fresh();
    let _ = writeln!(b.body, "    {init} = linalg.fill ins(%zero : f32) outs({e} : {t3}) -> {t3}");
    let c3 = b.fresh();
    let ins = format!(
        "ins({a3}, {w3} : {}, {}) outs({init} : {t3})",
        tensor_of(&a3_shape, element),
        tensor_of(&w3_shape, element)
    );
    if !b_nk && element == "f32" && rng.below(2) == 0 {
        let _ = writeln!(b.body, "    {c3} = linalg.batch_matmul {ins} -> {t3}");
    } else {
        // Loop positions of the roles batch, m, n, k.
        let orders: [[usize; 4]; 4] = [[0, 1, 2, 3], [1, 0, 2, 3], [0, 2, 1, 3], [3, 1, 2, 0]];
        let order = orders[rng.below(orders.len())];
        let d = |role: usize| format!("d{}", order[role]);
        let (db, dm, dn, dk) = (d(0), d(1), d(2), d(3));
        let map = |x: &str, y: &str, z: &str| format!("affine_map<(d0, d1, d2, d3) -> ({x}, {y}, {z})>");
        let maps = [map(&db, &dm, &dk), if b_nk { map(&db, &dn, &dk) } else { map(&db, &dk, &dn) }, map(&db, &dm, &dn)];
        let kinds: Vec<&str> = (0..4).map(|l| if l == order[3] { "\"reduction\"" } else { "\"parallel\"" }).collect();
        let product = if element == "f32" {
            "%p = arith.mulf %x, %y : f32".to_string()
        } else {
            format!(
                "%xe = arith.extf %x : {element} to f32\n      %ye = arith.extf %y : {element} to f32\n      \
                 %p = arith.mulf %xe, %ye : f32"
            )
        };
        let _ = writeln!(
            b.body,
            "    {c3} = linalg.generic {{indexing_maps = [{}], iterator_types = [{}]}} {ins} {{\n    \
             ^bb0(%x: {element}, %y: {element}, %acc: f32):\n      {product}\n      \
             %s = arith.addf %acc, %p : f32\n      linalg.yield %s : f32\n    }} -> {t3}",
            maps.join(", "),
            kinds.join(", ")
        );
    }
    let out = vec![m, n];
    let init2 = b.zero_fill(&out);
    let r = b.fresh();
    let _ = writeln!(
        b.body,
        "    {r} = linalg.generic {{indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>], \
         iterator_types = [\"reduction\", \"parallel\", \"parallel\"]}} ins({c3} : {t3}) outs({init2} : {}) {{\n    \
         ^bb0(%c: f32, %acc: f32):\n      %s = arith.addf %c, %acc : f32\n      linalg.yield %s : f32\n    }} -> {}",
        tensor(&out),
        tensor(&out)
    );
    Some(Value { name: r, shape: out })
}

/// A module of `count` functions `@f0`, `@f1`, ... from `seed` (rows of
/// 256 to 4096 elements with `long_rows`).
pub fn module(count: usize, seed: u64, long_rows: bool) -> String {
    module_with(count, seed, long_rows, false)
}

/// [`module`], with `dynamic_rows` each function's row count dynamic.
pub fn module_with(count: usize, seed: u64, long_rows: bool, dynamic_rows: bool) -> String {
    let mut out = String::from(
        "#id = affine_map<(d0, d1) -> (d0, d1)>\n#row = affine_map<(d0, d1) -> (d0)>\n#col = affine_map<(d0, d1) -> (d1)>\nmodule {\n",
    );
    for i in 0..count {
        let mut rng = Rng(seed.wrapping_mul(0x1000_0000_01b3) ^ i as u64);
        out += &function_with(&format!("f{i}"), &mut rng, long_rows, dynamic_rows);
    }
    out += "}\n";
    out
}
