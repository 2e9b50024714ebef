//! The default lowering of an argmax-like fold (see [`Fold`]) with its
//! reduction split over the threads of one workgroup per result.
//!
//! A fold is not associative as written (its step reads the value before
//! the step), so the split does not replay the op's body; it computes what
//! the body computes, in pieces that combine in any order:
//! - thread `t` scans positions `t, t + T, ...` of its result's reduction
//!   and keeps the best non-NaN element (greatest; among equals the first,
//!   or the last for `oge`, by position), the first NaN's position, and the
//!   value combiner (`maximumf`/`maxnumf`) of everything it read;
//! - a tree over shared memory combines the threads' pieces (by value, then
//!   position; minimum NaN position; the value combiner);
//! - with `maximumf`, the accumulator turns NaN at the first NaN and no
//!   later element is compared again, so the best element is the best
//!   *before* the first NaN: on a result whose input has one, every thread
//!   scans again up to that position (rare, and only then);
//! - thread 0 compares the best element with the init as the op's
//!   predicate does (`ogt`: strictly greater; `oge`: greater or equal; the
//!   NaN-aware form: the first NaN's position when there is one) and writes
//!   the value `combiner(init, combined)` and the index.
//!
//! Split only where this is exact: a non-NaN value init (a NaN accumulator
//! never takes an index, and `maxnumf` replaces it without one), and not
//! `maxnumf` with the NaN-aware predicate (every NaN would take the index).

use std::fmt::Write;

use super::argmax::Fold;
use crate::split_reductions::SPLIT_THREADS;

/// Shared-memory arrays of one split, by name and element type.
const SHARED_ARRAYS: [(&str, &str); 4] = [
    ("__ukernel_split_best", "f32"),
    ("__ukernel_split_at", "i64"),
    ("__ukernel_split_nan", "i64"),
    ("__ukernel_split_value", "f32"),
];

/// Why a fold on these operands cannot be split exactly, or Ok.
pub fn splittable(fold: &Fold, ops: &Operands) -> Result<(), String> {
    if fold.init_value.is_nan() {
        return Err("its value init is NaN".into());
    }
    if fold.combiner == "maxnumf" && fold.predicate == "first-nan" {
        return Err("maxnumf with the NaN-aware predicate takes the index of every NaN".into());
    }
    if !matches!(ops.index_element.as_str(), "i64" | "i32" | "index") {
        return Err(format!("an index of type {}", ops.index_element));
    }
    Ok(())
}

/// The operands' types, as the split reads and writes them.
pub struct Operands {
    /// The input memref's type and dims (None: dynamic).
    pub input: String,
    pub dims: Vec<Option<u64>>,
    /// `f32`, `bf16` or `f16`.
    pub element: String,
    pub value: String,
    pub index: String,
    /// `i64`, `i32` or `index`.
    pub index_element: String,
}

fn f32_literal(v: f32) -> String {
    format!("0x{:08X}", v.to_bits())
}

/// The shared-memory arrays (`memref.global`s in address space 3), then
/// `func.func private @name(%in, %vout, %iout)` computing `fold`: one
/// workgroup per result (`block_x` over the product of the kept dims),
/// [`SPLIT_THREADS`] threads (`thread_x`) splitting its reduction. The
/// function's body is spliced in place of the op, so every name is local
/// to it.
pub fn split_function(fold: &Fold, ops: &Operands, name: &str) -> Result<String, String> {
    splittable(fold, ops)?;
    let rank = ops.dims.len();
    let axis = fold.axis;
    if axis >= rank {
        return Err(format!("internal error: the reduction axis {axis} is past the input's rank {rank}"));
    }
    let in_ty = &ops.input;
    // Each array's name and memref type.
    let arrays = SHARED_ARRAYS.map(|(n, t)| (n, format!("memref<{SPLIT_THREADS}x{t}, 3>")));
    let mut s = String::new();
    let w = &mut s;
    for (array, ty) in &arrays {
        let _ = writeln!(w, "memref.global \"private\" @{array} : {ty} = uninitialized");
    }
    let _ = writeln!(w, "func.func private @{name}(%in: {in_ty}, %vout: {}, %iout: {}) {{", ops.value, ops.index);
    let _ = writeln!(w, "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index");
    let _ = writeln!(w, "  %threads = arith.constant {SPLIT_THREADS} : index");
    let _ = writeln!(w, "  %half = arith.constant {} : index", SPLIT_THREADS / 2);
    let _ = writeln!(w, "  %levels = arith.constant {} : index", SPLIT_THREADS.trailing_zeros());
    let _ = writeln!(w, "  %ninf = arith.constant {} : f32", f32_literal(f32::NEG_INFINITY));
    let _ = writeln!(w, "  %none = arith.constant -1 : i64\n  %nonan = arith.constant {} : i64", i64::MAX);
    let _ = writeln!(w, "  %true = arith.constant true");
    for (d, size) in ops.dims.iter().enumerate() {
        match size {
            Some(n) => {
                let _ = writeln!(w, "  %d{d} = arith.constant {n} : index");
            }
            None => {
                let _ = writeln!(w, "  %dim{d} = arith.constant {d} : index");
                let _ = writeln!(w, "  %d{d} = memref.dim %in, %dim{d} : {in_ty}");
            }
        }
    }
    let kept: Vec<usize> = (0..rank).filter(|d| *d != axis).collect();
    let mut rows = "%c1".to_string();
    for (i, d) in kept.iter().enumerate() {
        let _ = writeln!(w, "  %rows{i} = arith.muli {rows}, %d{d} : index");
        rows = format!("%rows{i}");
    }
    for (array, ty) in &arrays {
        let _ = writeln!(w, "  %{array} = memref.get_global @{array} : {ty}");
    }
    let map = |p: &str| format!("#gpu.loop_dim_map<processor = {p}, map = (d0) -> (d0), bound = (d0) -> (d0)>");
    let _ = writeln!(w, "  scf.parallel (%row) = (%c0) to ({rows}) step (%c1) {{");
    let _ = writeln!(w, "  scf.parallel (%t) = (%c0) to (%threads) step (%c1) {{");
    // The result's kept indices, delinearized (the last kept dim fastest).
    let mut index_of = vec![String::new(); rank];
    let mut rest = "%row".to_string();
    for (i, d) in kept.iter().enumerate().rev() {
        if i == 0 {
            index_of[*d] = rest.clone();
        } else {
            let _ = writeln!(w, "    %o{d} = arith.remui {rest}, %d{d} : index");
            let _ = writeln!(w, "    %r{d} = arith.divui {rest}, %d{d} : index");
            index_of[*d] = format!("%o{d}");
            rest = format!("%r{d}");
        }
    }
    let kept_indices: Vec<String> = kept.iter().map(|d| index_of[*d].clone()).collect();
    let input_indices: Vec<String> =
        (0..rank).map(|d| if d == axis { "%k".to_string() } else { index_of[d].clone() }).collect();
    let (cmp, order) = match fold.predicate {
        "oge" => ("oge", "sgt"),
        _ => ("ogt", "slt"),
    };
    let comb = fold.combiner;
    let [best, at, nan, value] = &arrays;
    let scan = |w: &mut String, tag: &str, limit: &str| {
        let _ = writeln!(
            w,
            "    %s{tag}:4 = scf.for %k = %t to {limit} step %threads iter_args(%m = %ninf, %a = %none, %n = %nonan, %v = %ninf) -> (f32, i64, i64, f32) {{"
        );
        let _ = writeln!(w, "      %raw = memref.load %in[{}] : {in_ty}", input_indices.join(", "));
        let x = if ops.element == "f32" {
            "%raw".to_string()
        } else {
            let _ = writeln!(w, "      %x = arith.extf %raw : {} to f32", ops.element);
            "%x".to_string()
        };
        let _ = writeln!(w, "      %ki = arith.index_cast %k : index to i64");
        let _ = writeln!(w, "      %isnan = arith.cmpf uno, {x}, {x} : f32");
        let _ = writeln!(w, "      %num = arith.xori %isnan, %true : i1");
        let _ = writeln!(w, "      %beats = arith.cmpf {cmp}, {x}, %m : f32");
        let _ = writeln!(w, "      %empty = arith.cmpi eq, %a, %none : i64");
        let _ = writeln!(w, "      %cand = arith.ori %beats, %empty : i1");
        let _ = writeln!(w, "      %take = arith.andi %cand, %num : i1");
        let _ = writeln!(w, "      %m2 = arith.select %take, {x}, %m : f32");
        let _ = writeln!(w, "      %a2 = arith.select %take, %ki, %a : i64");
        let _ = writeln!(w, "      %kn = arith.select %isnan, %ki, %nonan : i64");
        let _ = writeln!(w, "      %n2 = arith.minsi %n, %kn : i64");
        let _ = writeln!(w, "      %v2 = arith.{comb} %v, {x} : f32");
        let _ = writeln!(w, "      scf.yield %m2, %a2, %n2, %v2 : f32, i64, i64, f32\n    }}");
        for (i, (array, ty)) in arrays.iter().enumerate() {
            let _ = writeln!(w, "    memref.store %s{tag}#{i}, %{array}[%t] : {ty}");
        }
        let _ = writeln!(w, "    nvvm.barrier0");
        // The tree: at level l, thread t < T/2^(l+1) takes in t + T/2^(l+1).
        let _ = writeln!(w, "    scf.for %l = %c0 to %levels step %c1 {{");
        let _ = writeln!(w, "      %h = arith.shrui %half, %l : index");
        let _ = writeln!(w, "      %active = arith.cmpi ult, %t, %h : index");
        let _ = writeln!(w, "      scf.if %active {{");
        let _ = writeln!(w, "        %u = arith.addi %t, %h : index");
        for (who, idx) in [("a", "%t"), ("b", "%u")] {
            let _ = writeln!(w, "        %m{who} = memref.load %{}[{idx}] : {}", best.0, best.1);
            let _ = writeln!(w, "        %a{who} = memref.load %{}[{idx}] : {}", at.0, at.1);
            let _ = writeln!(w, "        %n{who} = memref.load %{}[{idx}] : {}", nan.0, nan.1);
            let _ = writeln!(w, "        %v{who} = memref.load %{}[{idx}] : {}", value.0, value.1);
        }
        let _ = writeln!(w, "        %bvalid = arith.cmpi ne, %ab, %none : i64");
        let _ = writeln!(w, "        %aempty = arith.cmpi eq, %aa, %none : i64");
        let _ = writeln!(w, "        %bgt = arith.cmpf ogt, %mb, %ma : f32");
        let _ = writeln!(w, "        %beq = arith.cmpf oeq, %mb, %ma : f32");
        let _ = writeln!(w, "        %border = arith.cmpi {order}, %ab, %aa : i64");
        let _ = writeln!(w, "        %tie = arith.andi %beq, %border : i1");
        let _ = writeln!(w, "        %better = arith.ori %bgt, %tie : i1");
        let _ = writeln!(w, "        %better2 = arith.ori %better, %aempty : i1");
        let _ = writeln!(w, "        %takeb = arith.andi %bvalid, %better2 : i1");
        let _ = writeln!(w, "        %mc = arith.select %takeb, %mb, %ma : f32");
        let _ = writeln!(w, "        %ac = arith.select %takeb, %ab, %aa : i64");
        let _ = writeln!(w, "        %nc = arith.minsi %na, %nb : i64");
        let _ = writeln!(w, "        %vc = arith.{comb} %va, %vb : f32");
        let _ = writeln!(w, "        memref.store %mc, %{}[%t] : {}", best.0, best.1);
        let _ = writeln!(w, "        memref.store %ac, %{}[%t] : {}", at.0, at.1);
        let _ = writeln!(w, "        memref.store %nc, %{}[%t] : {}", nan.0, nan.1);
        let _ = writeln!(w, "        memref.store %vc, %{}[%t] : {}", value.0, value.1);
        let _ = writeln!(w, "      }}\n      nvvm.barrier0\n    }}");
    };
    let limit = format!("%d{axis}");
    scan(w, "0", &limit);
    let _ = writeln!(w, "    %q = memref.load %{}[%c0] : {}", nan.0, nan.1);
    let _ = writeln!(w, "    %v0 = memref.load %{}[%c0] : {}", value.0, value.1);
    let _ = writeln!(w, "    %hasnan = arith.cmpi ne, %q, %nonan : i64");
    if comb == "maximumf" && fold.predicate != "first-nan" {
        // Every thread has read the combined piece before it is rewritten.
        let _ = writeln!(w, "    scf.if %hasnan {{\n    nvvm.barrier0");
        let _ = writeln!(w, "    %qi = arith.index_cast %q : i64 to index");
        scan(w, "1", "%qi");
        let _ = writeln!(w, "    }}");
    }
    let _ = writeln!(w, "    %first = arith.cmpi eq, %t, %c0 : index");
    let _ = writeln!(w, "    scf.if %first {{");
    let _ = writeln!(w, "      %fm = memref.load %{}[%c0] : {}", best.0, best.1);
    let _ = writeln!(w, "      %fa = memref.load %{}[%c0] : {}", at.0, at.1);
    let _ = writeln!(w, "      %init = arith.constant {} : f32", f32_literal(fold.init_value as f32));
    let _ = writeln!(w, "      %initi = arith.constant {} : i64", fold.init_index);
    let _ = writeln!(w, "      %valid = arith.cmpi ne, %fa, %none : i64");
    let _ = writeln!(w, "      %beat = arith.cmpf {cmp}, %fm, %init : f32");
    let _ = writeln!(w, "      %win = arith.andi %valid, %beat : i1");
    let _ = writeln!(w, "      %idx0 = arith.select %win, %fa, %initi : i64");
    let idx = if fold.predicate == "first-nan" {
        let _ = writeln!(w, "      %idx1 = arith.select %hasnan, %q, %idx0 : i64");
        "%idx1"
    } else {
        "%idx0"
    };
    let _ = writeln!(w, "      %val = arith.{comb} %init, %v0 : f32");
    let val = if ops.element == "f32" {
        "%val"
    } else {
        let _ = writeln!(w, "      %valt = arith.truncf %val : f32 to {}", ops.element);
        "%valt"
    };
    let idx = match ops.index_element.as_str() {
        "i64" => idx.to_string(),
        "i32" => {
            let _ = writeln!(w, "      %idxt = arith.trunci {idx} : i64 to i32");
            "%idxt".into()
        }
        "index" => {
            let _ = writeln!(w, "      %idxt = arith.index_cast {idx} : i64 to index");
            "%idxt".into()
        }
        other => return Err(format!("internal error: an index of type {other}")),
    };
    let out = kept_indices.join(", ");
    let _ = writeln!(w, "      memref.store {val}, %vout[{out}] : {}", ops.value);
    let _ = writeln!(w, "      memref.store {idx}, %iout[{out}] : {}", ops.index);
    let _ = writeln!(w, "    }}");
    let _ = writeln!(w, "    scf.reduce\n  }} {{mapping = [{}]}}", map("thread_x"));
    let _ = writeln!(w, "  scf.reduce\n  }} {{mapping = [{}]}}", map("block_x"));
    let _ = writeln!(w, "  return\n}}");
    Ok(s)
}
