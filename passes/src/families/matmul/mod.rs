//! The matmul family: `C = A x B` or `C += A x B` with bf16 or f16 inputs
//! and f32 accumulation and output, on tensor cores.
//!
//! The matcher accepts `linalg.matmul` (its default maps, or `indexing_maps`
//! with B transposed, `affine_map<(d0, d1, d2) -> (d1, d2)>`: the N x K
//! weights of `F.linear`) and the same contraction as a `linalg.generic`
//! (loops m, n parallel and k reduction; `extf` of both inputs, `mulf`,
//! `addf` into the f32 accumulator), on tensors or memrefs, static or
//! dynamic M. An init filled with zero gives `C = A x B` (the lowering drops
//! the fill and the ukernel does not read C); any other init is kept and
//! accumulated into.
//!
//! Configuration (IREE's `multi_mma` case): the workgroup tile is the
//! ukernel's tile and K is not tiled (reduction tile 0), so the ukernel runs
//! the whole K loop, staging its own shared memory. For decode shapes (B as
//! N x K) the GEMV ukernel (M = 1, large weights) ranks first, then the
//! skinny one (M <= 16), then the tile ukernel.

pub mod canonicalize_contractions;
pub mod fold_extf_operands;
pub mod fold_transposes;
pub mod widen_accumulation;

use crate::ir::Checked as _;
use melior::ir::{BlockLike, OperationRef, RegionLike, Value, ValueLike, operation::OperationLike};
use ukernel_dialect::{LoweringConfig, Target};
use ukernels::{
    Descriptor, Facts, UKernel, matmul,
    variant::{MAX_K_SPLITS, SPLIT_TAIL_PERMILLE, TILE_THROUGHPUT_PERMILLE},
};

use super::{Arg, CallPlan, Coord, Extent, Family, Globals, Match, PassInfo, Plan, RefValue, arg_number};
use crate::pass_support::pass_info;
use crate::{
    call_builder::require_unit_inner_stride,
    ir::{body_ops, defining_op, float_constant, last_fill_before, name, operand_segments, same, shape_of},
};

/// The matmul family.
pub struct Matmul;

/// What the matcher found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatmulFacts {
    /// Element type of A and B (of A where B's differs: 8-bit floats of
    /// both kinds, see `input_b`).
    pub input: String,
    /// Element type of B.
    pub input_b: String,
    /// `nk` (B is N x K) or `kn` (B is K x N).
    pub b_layout: &'static str,
    /// Sizes; None where dynamic.
    pub m: Option<u64>,
    pub n: Option<u64>,
    pub k: Option<u64>,
    /// Whether C's init is a zero fill (else the op accumulates into it).
    pub zero_init: bool,
    /// For a batched matmul (`linalg.batch_matmul`, or a generic with a
    /// leading parallel batch loop over all three operands): the batch
    /// size, None where dynamic. One matmul per batch, on the grid's z axis.
    pub batch: Option<Option<u64>>,
}

/// Tiles of N narrower than this rank by width (see `configure`).
const MAX_TILE_N: i64 = 1 << 16;

fn dim(d: Option<u64>) -> String {
    d.map_or("?".into(), |d| d.to_string())
}

pub use crate::names::{K_SPLITS_PARAM, PERSISTENT_WORKGROUPS_PARAM};

/// The most workgroups a grid's y axis holds: persistent walkers go there.
const MAX_GRID_Y: u64 = 65535;

/// The rank of an arch-specific ukernel: before the portable ones, less the
/// headroom in which persistent variants rank by cost (below `MAX_COST`).
const ARCH_SPECIFIC_RANK: i64 = i64::MAX - 1;
const MAX_COST: i64 = 1 << 48;

impl Family for Matmul {
    fn name(&self) -> &'static str {
        matmul::FAMILY
    }

    fn match_op(&self, op: &OperationRef) -> Result<Match, String> {
        let facts = match_matmul(op)?;
        let summary = format!(
            "{a} x {b} -> f32, {}M x N x K = {} x {} x {}, B as {}, {}",
            facts.batch.map_or(String::new(), |b| format!("batch {} of ", dim(b))),
            dim(facts.m),
            dim(facts.n),
            dim(facts.k),
            if facts.b_layout == "nk" { "N x K" } else { "K x N" },
            if facts.zero_init { "zero init" } else { "accumulating into C" },
            a = facts.input,
            b = facts.input_b,
        );
        Ok(Match {
            operand_types: vec![facts.input.clone(), facts.input_b.clone(), "f32".into()],
            semantics: None,
            summary,
            facts: Box::new(facts),
        })
    }

    fn is_candidate(&self, found: &Match, uk: &UKernel) -> bool {
        let facts: &MatmulFacts = found.facts();
        found.types_and_semantics_fit(uk) && uk.tag("b_layout") == Some(facts.b_layout)
    }

    fn configure(&self, found: &Match, uk: &UKernel, target: &Target) -> Result<Plan, String> {
        self.plan(found, uk, target, None)
    }

    /// K split in each part count that measurement may prefer to the rules'
    /// (`k_splits=N`, 1 for K whole where the rules split): a persistent
    /// ukernel that splits, on static sizes with fewer tiles than SMs, counts
    /// of at most two rounds of units and at least [`MIN_PART_KTILES`] K
    /// tiles a part. Where the tiles fill the GPU, K stays whole.
    fn options(&self, found: &Match, uk: &UKernel, target: &Target) -> Vec<String> {
        let facts: &MatmulFacts = found.facts();
        let (Some(m), Some(n), Some(k), None) = (facts.m, facts.n, facts.k, facts.batch) else { return vec![] };
        let max = uk.param(MAX_K_SPLITS).unwrap_or(1).max(1) as u64;
        if !uk.persistent() || max < 2 {
            return vec![];
        }
        let Ok(rules) = self.plan(found, uk, target, None) else { return vec![] };
        let chosen = rules.params.iter().find(|(p, _)| p == K_SPLITS_PARAM).map_or(1, |(_, v)| *v as u64);
        let (tile_m, tile_n) = (uk.param("tile_m").unwrap_or(1) as u64, uk.param("tile_n").unwrap_or(1) as u64);
        let cluster = uk.cluster_m().unwrap_or(1) as u64;
        let (x, y) = matmul::grid(m, n, tile_m, tile_n, cluster);
        let ktiles = k.div_ceil(uk.param("tile_k").unwrap_or(1).max(1) as u64);
        let sms = target.multiprocessors() as u64;
        SPLIT_OPTIONS
            .iter()
            .copied()
            .filter(|&s| {
                s != chosen
                    && s <= max
                    && (s == 1 || (x * y < sms && x * y * s <= 2 * sms && ktiles >= s * MIN_PART_KTILES))
            })
            .map(|s| format!("{K_SPLITS_PARAM}={s}"))
            .collect()
    }

    fn configure_option(&self, found: &Match, uk: &UKernel, target: &Target, option: &str) -> Result<Plan, String> {
        let splits = option
            .strip_prefix(K_SPLITS_PARAM)
            .and_then(|v| v.strip_prefix('='))
            .and_then(|v| v.parse::<u64>().ok())
            .filter(|&s| s >= 1)
            .ok_or_else(|| format!("'{option}' is not an option of {} ({K_SPLITS_PARAM}=N is)", uk.symbol))?;
        self.plan(found, uk, target, Some(splits))
    }

    fn fuse(&self, op: &OperationRef, others: &[OperationRef]) -> Result<String, String> {
        let consumer = crate::fusion::output_consumer(op, 2)?.ok_or_else(|| {
            format!("the dispatch also computes '{}', which is not the result's consumer", name(&others[0]))
        })?;
        if others.len() != 1 || others[0].to_raw().ptr != consumer.op.to_raw().ptr {
            return Err("the dispatch computes more than the result's consumer".into());
        }
        if !match_matmul(op)?.zero_init {
            return Err("its result's consumer is fused only into C = A x B (a zero init)".into());
        }
        Ok(format!("the result's consumer ({}) through store", consumer.describe()))
    }

    fn call<'c, 'a>(
        &self,
        op: &OperationRef<'c, 'a>,
        config: &LoweringConfig,
        uk: &Descriptor,
        globals: &mut dyn Globals<'c, 'a>,
    ) -> Result<CallPlan<'c, 'a>, String> {
        let operand = |i: usize| {
            op.operand(i).map_err(|_| format!("expected 3 operands (A, B, C), found {}", op.operand_count()))
        };
        let (a, b, c) = (operand(0)?, operand(1)?, operand(2)?);
        let type_of = |i: usize| uk.operand_types.get(i).map(String::as_str).unwrap_or_default();
        for (v, what, want) in [(a, "A", type_of(0)), (b, "B", type_of(1)), (c, "C", "f32")] {
            let (_, elem) = shape_of(v.r#type()).ok_or_else(|| format!("{what} is not a ranked memref"))?;
            if elem.to_string() != want {
                return Err(format!("{} takes {want} {what}, the op has {elem}", uk.symbol));
            }
            require_unit_inner_stride(v, what, &uk.symbol)?;
        }
        let zero_fill = last_fill_before(op, c).filter(|f| fill_value(f) == Some(0.0));
        // A batched matmul: the batch on the grid's z axis, each workgroup's
        // operands offset to its batch; the matrix dims one further.
        let batched = shape_of(c.r#type()).is_some_and(|(d, _)| d.len() == 3);
        let lead = batched as usize;
        // A fused consumer: the ukernel writes no C but calls the consumer's
        // body as its store function, which writes the consumer's output;
        // the consumer, C's fill and C's buffer go.
        let consumer = if config.param("fused") == Some(1) {
            let found = crate::fusion::output_consumer(op, 2)?.ok_or("the config fuses a consumer, but C has none")?;
            if zero_fill.is_none() {
                return Err("a fused consumer needs C = A x B (a zero-filled C)".into());
            }
            // The call reads the output buffer's address before the matmul,
            // so a buffer allocated after it moves up, with the pure ops its
            // dynamic sizes come from (`memref.dim`, `arith`).
            if let Some(alloc) = defining_op(found.out).filter(|d| name(d) == "memref.alloc") {
                hoist_before(alloc, op)?;
            }
            Some(found)
        } else {
            None
        };
        // What the grid and sizes follow: C, or the consumer's output.
        let out = consumer.as_ref().map_or(c, |k| k.out);
        let tile = |name: &str| uk.param(name).unwrap_or(1);
        let tile_n = config.workgroup.get(1 + lead).copied().filter(|t| *t > 0).unwrap_or(tile("tile_n"));
        let tile_m = config.workgroup.get(lead).copied().filter(|t| *t > 0).unwrap_or(tile("tile_m"));
        // With a fused consumer C is not written: a shared one-element
        // global stands in for it (the declaration's types stay the same).
        let c_arg = match consumer {
            Some(_) => globals.zeroed(melior::ir::r#type::Type::float32(globals.context()), 1, false)?,
            None => c,
        };
        let at_batch = || -> Vec<Coord> {
            if batched { vec![Coord::Delinearized { axis: 2, shape: out, leading: 1, dim: 0 }] } else { vec![] }
        };
        let mut args = vec![
            Arg::Base(a),
            Arg::Offset(a, at_batch()),
            Arg::Stride(a, lead),
            Arg::Base(b),
            Arg::Offset(b, at_batch()),
            Arg::Stride(b, lead),
            Arg::Base(c_arg),
            // (The stand-in for a C not written is one element.)
            Arg::Offset(c_arg, if consumer.is_some() { vec![] } else { at_batch() }),
            Arg::Stride(c_arg, if consumer.is_some() { 0 } else { lead }),
            Arg::Size(out, lead),
            Arg::Size(out, 1 + lead),
            Arg::Size(a, 1 + lead),
        ];
        // A persistent ukernel takes the workgroup's index and the workgroup
        // count (see `ukernels::variant::PERSISTENT`); others their tile.
        let cluster = uk.cluster_m().unwrap_or(1);
        let walkers = match (uk.persistent(), config.param(PERSISTENT_WORKGROUPS_PARAM)) {
            (false, _) => None,
            (true, Some(w)) if w > 0 && w as u64 <= MAX_GRID_Y && w % cluster == 0 => Some(w),
            (true, w) => {
                return Err(format!(
                    "{} walks tiles: its lowering config needs params = {{{PERSISTENT_WORKGROUPS_PARAM} = N}}, 0 < N \
                     <= {MAX_GRID_Y} workgroups in whole clusters of {cluster}{}",
                    uk.symbol,
                    w.map_or(String::new(), |w| format!(", not {w}"))
                ));
            }
        };
        match walkers {
            Some(w) => args.extend([Arg::WorkgroupId(1), Arg::I32(w)]),
            None => args.extend([Arg::WorkgroupId(1), Arg::WorkgroupId(0)]),
        }
        args.push(Arg::I32(zero_fill.is_none() as i64));
        let mut remove: Vec<OperationRef<'c, 'a>> = zero_fill.into_iter().collect();
        let mut drop_if_unused = vec![];
        match &consumer {
            Some(k) => {
                let context = globals.context();
                let store = globals
                    .add_function("__ukernel_store_", &|name| crate::epilogue::store_function(context, k, name))?;
                let ptr = melior::dialect::llvm::r#type::pointer(context, 0);
                let i64t = melior::ir::r#type::IntegerType::new(context, 64).into();
                let i32t = melior::ir::r#type::IntegerType::new(context, 32).into();
                let f32t = melior::ir::r#type::Type::float32(context);
                let ty = melior::ir::r#type::FunctionType::new(
                    context,
                    &[ptr, i64t, i64t, ptr, i64t, i64t, i64t, f32t, f32t, i32t],
                    &[],
                )
                .into();
                args.push(Arg::FunctionAddress { name: store, ty });
                args.extend([Arg::BasePtr(k.out), Arg::Offset(k.out, at_batch()), Arg::Stride(k.out, lead)]);
                // A matrix operand of a batch is offset to the batch as the
                // output is; a vector is the same for all.
                let source = |o: &crate::fusion::Operand<'c, 'a>| {
                    let at = if o.broadcast == crate::fusion::Broadcast::Full { at_batch() } else { vec![] };
                    [Arg::BasePtr(o.value), Arg::Offset(o.value, at)]
                };
                match &k.operands[..] {
                    [] => args.extend([Arg::NullPtr, Arg::I64(0)]),
                    [o] => args.extend(source(o)),
                    // Several: a table of their pointers and offsets (see
                    // `crate::epilogue`).
                    many => args.extend([Arg::Table(many.iter().flat_map(source).collect()), Arg::I64(0)]),
                }
                remove.push(k.op);
                drop_if_unused.push(c);
            }
            None => args.extend([Arg::NullPtr, Arg::NullPtr, Arg::I64(0), Arg::I64(0), Arg::NullPtr, Arg::I64(0)]),
        }
        // Global memory the ukernel builds its TMA tensor maps in, then its
        // split-K workspace: one buffer per call site.
        let k_splits = config.param(K_SPLITS_PARAM).unwrap_or(1);
        if let Some(bytes) = uk.param("desc_bytes") {
            let max = uk.param(MAX_K_SPLITS).unwrap_or(1);
            if !(1..=max).contains(&k_splits) {
                return Err(format!("{} splits K in 1 to {max} parts, not {k_splits}", uk.symbol));
            }
            let workspace = match k_splits {
                1 => 0,
                s => {
                    let dims = shape_of(out.r#type()).map(|(d, _)| d).unwrap_or_default();
                    let (Some(Some(m)), Some(Some(n))) = (dims.get(lead), dims.get(1 + lead)) else {
                        return Err(format!("a split K ({K_SPLITS_PARAM} = {s}) needs a static M and N"));
                    };
                    matmul::split_k_bytes(*m, *n, tile_m as u64, tile_n as u64, cluster as u64, s as u64).unwrap_or(0)
                }
            };
            let i8t = melior::ir::r#type::IntegerType::new(globals.context(), 8).into();
            let desc = globals.zeroed(i8t, bytes as u64 + workspace, true)?;
            args.extend([Arg::Base(desc), Arg::Offset(desc, vec![]), Arg::I32(k_splits)]);
        } else if k_splits != 1 {
            return Err(format!("{} keeps K whole; the config splits it in {k_splits}", uk.symbol));
        }
        // Persistent: the walkers along y. Otherwise a workgroup per tile,
        // along M in whole clusters (see `ukernels::matmul::grid`).
        let columns = || Extent::CeilDiv(Box::new(Extent::Size(out, 1 + lead)), tile_n);
        let (columns, rows) = match (walkers, uk.cluster_m()) {
            (Some(w), _) => (Extent::Const(1), Extent::Const(w)),
            (None, Some(c)) => (
                columns(),
                Extent::Product(vec![Extent::CeilDiv(Box::new(Extent::Size(out, 0)), tile_m * c), Extent::Const(c)]),
            ),
            (None, None) => (columns(), Extent::CeilDiv(Box::new(Extent::Size(out, lead)), tile_m)),
        };
        let mut grid = vec![columns, rows];
        if batched {
            grid.push(Extent::Size(out, 0));
        }
        Ok(CallPlan { grid, threads: config.workgroup_size[0], args, remove, drop_if_unused })
    }

    fn passes(&self) -> &'static [PassInfo] {
        const PASSES: &[PassInfo] = &[
            pass_info!(fold_extf_operands),
            pass_info!(fold_transposes),
            pass_info!(canonicalize_contractions),
            pass_info!(widen_accumulation),
        ];
        PASSES
    }

    fn reference_passes(&self) -> &'static [&'static str] {
        &[widen_accumulation::ARGUMENT]
    }

    fn argument_roles(&self) -> &'static [&'static str] {
        &["a", "b", "c", "out", "operand"]
    }

    fn reference(&self, found: &Match, op: &OperationRef, func: &OperationRef) -> Vec<(&'static str, RefValue)> {
        let facts: &MatmulFacts = found.facts();
        if facts.batch.is_some() {
            // The check replays one matmul; the MLIR reference checks a batch.
            return vec![];
        }
        let operand = |i| op.operand(i).map(|v| arg_number(v, func)).unwrap_or(-1);
        let mut fields = vec![
            ("a", RefValue::Int(operand(0))),
            ("b", RefValue::Int(operand(1))),
            ("c", RefValue::Int(operand(2))),
            ("b_layout", RefValue::Str(facts.b_layout.into())),
            ("accumulate", RefValue::Int(!facts.zero_init as i64)),
        ];
        // An elementwise consumer of C (fused or not): the reference applies
        // it and checks its output.
        if let Ok(Some(k)) = crate::fusion::output_consumer(op, 2) {
            // The check replays postfix bodies with a row or column operand;
            // the MLIR reference checks the others.
            let by = match &k.operands[..] {
                [] => None,
                [o] if o.broadcast == crate::fusion::Broadcast::Column => Some("column"),
                [o] if o.broadcast == crate::fusion::Broadcast::Row => Some("row"),
                _ => return vec![],
            };
            let Some(postfix) = k.postfix.clone() else { return vec![] };
            fields.push(("out", RefValue::Int(arg_number(k.out, func))));
            fields.push(("epilogue", RefValue::Str(postfix)));
            if let (Some(o), Some(by)) = (k.operands.first(), by) {
                let e = o.value;
                fields.push(("operand", RefValue::Int(arg_number(e, func))));
                fields.push(("operand_by", RefValue::Str(by.into())));
            }
        }
        fields
    }
}

/// A variant's speed: tiles `tile_n` wide at `throughput` per mille of the
/// family's fastest, half-width tiles of a split tail at `split_throughput`.
#[derive(Clone, Copy)]
struct Rate {
    tile_n: u64,
    throughput: u64,
    split_throughput: u64,
}

/// How a persistent ukernel walks C: `units` (tiles, or tiles times the
/// parts of a split K) over `walkers` workgroups in whole rounds and a tail
/// round, the tail as half-width tiles where `split_tail`.
struct SplitWalk {
    walkers: u64,
    splits: u64,
    /// K tiles a unit multiplies (the most of any part).
    unit_ktiles: u64,
    whole: u64,
    tail: u64,
    split_tail: bool,
}

/// The part counts `ukc tune` offers for a split K (see [`Matmul::options`]).
const SPLIT_OPTIONS: [u64; 8] = [1, 2, 3, 4, 6, 8, 12, 16];
/// The fewest K tiles per part `ukc tune` offers a split with.
const MIN_PART_KTILES: u64 = 4;

impl Matmul {
    /// The configuration of `uk` for the matched op: the rules' K split, or
    /// `splits` parts where measurement chose them.
    fn plan(&self, found: &Match, uk: &UKernel, target: &Target, splits: Option<u64>) -> Result<Plan, String> {
        if splits.is_some_and(|s| s > 1) && !uk.persistent() {
            return Err("it keeps K whole (a persistent ukernel splits it)".into());
        }
        let facts: &MatmulFacts = found.facts();
        if facts.batch.is_some() {
            // A persistent ukernel walks one matmul's tiles, and one built
            // with TMA writes its tensor maps once per call site.
            if uk.persistent() || uk.cluster_m().is_some() || uk.param("desc_bytes").is_some() {
                return Err("it takes one matmul per call, not a batch".into());
            }
        }
        let (tile_m, tile_n) = (uk.param("tile_m").unwrap_or(1), uk.param("tile_n").unwrap_or(1));
        // The ukernel made for the fewest rows that still takes M ranks
        // first; among those, the one with the widest tile (A read fewer
        // times), which its own constraint below keeps to N that fill the GPU.
        let rank = match uk.param("max_m") {
            Some(max_m) => match facts.m {
                None => return Err(format!("M is dynamic; it takes M <= {max_m}")),
                Some(m) if m as i64 > max_m => return Err(format!("M = {m} exceeds its {max_m}")),
                Some(_) => max_m * MAX_TILE_N - tile_n,
            },
            // A ukernel built for exactly this arch-specific target (wgmma on
            // sm_90a) before the portable tile ukernel; among those, the one
            // whose rounds of tiles take least time (below).
            None if uk.arch_specific => ARCH_SPECIFIC_RANK,
            None => i64::MAX,
        };
        if let Some(min) = uk.param("min_weights") {
            match (facts.n, facts.k) {
                (Some(n), Some(k)) if (n * k) as i64 >= min => {}
                (Some(n), Some(k)) => return Err(format!("N x K = {} is below its {min} weights", n * k)),
                _ => return Err("N or K is dynamic; it takes large static weights".into()),
            }
        }
        if let Some(per_sm) = uk.param(matmul::MIN_N_WORKGROUPS_PER_SM) {
            let n = facts.n.ok_or("N is dynamic; it takes N that fill every SM")?;
            // A batch's matmuls each have their columns of workgroups.
            let batch = match facts.batch {
                None => 1,
                Some(Some(b)) => b,
                Some(None) => return Err("the batch is dynamic; it takes N that fill every SM".into()),
            };
            let (columns, sms) = (n.div_ceil(tile_n as u64) * batch, target.multiprocessors() as u64);
            if columns < per_sm as u64 * sms {
                return Err(format!(
                    "N = {n} gives {columns} workgroups of {tile_n} columns, fewer than {per_sm} per SM of {sms}"
                ));
            }
        }
        let cluster = uk.cluster_m().unwrap_or(1) as u64;
        let tiles = match (facts.m, facts.n) {
            (Some(m), Some(n)) => {
                let (x, y) = matmul::grid(m, n, tile_m as u64, tile_n as u64, cluster);
                match facts.batch {
                    None => Some(x * y),
                    Some(Some(b)) => Some(x * y * b),
                    Some(None) => None,
                }
            }
            _ => None,
        };
        let mut params = vec![];
        let mut workgroups = match tiles {
            Some(t) => format!("{t} workgroups"),
            None => "workgroups from the runtime sizes".into(),
        };
        let mut rank = rank;
        let mut k_loop = "K whole".to_string();
        if uk.persistent() {
            // One workgroup per SM in whole clusters, fewer where there are
            // fewer tiles (and no more than the grid's y axis holds).
            let sms = (target.multiprocessors() as u64).min(MAX_GRID_Y) / cluster * cluster;
            // Variants of other tile widths rank by the time their rounds
            // of tiles take: a round of tiles tile_n wide at the variant's
            // throughput. Where M or N is dynamic, by throughput alone.
            let throughput = uk.param(TILE_THROUGHPUT_PERMILLE).unwrap_or(1000).clamp(1, 1000) as u64;
            let split_tail = uk.param(SPLIT_TAIL_PERMILLE).filter(|&p| p > 0).map(|p| p.clamp(1, 1000) as u64);
            let ktiles = facts.k.map(|k| k.div_ceil(uk.param("tile_k").unwrap_or(1).max(1) as u64));
            let max_splits = match (facts.batch, uk.param(MAX_K_SPLITS)) {
                (None, Some(max)) => max.max(1) as u64,
                _ => 1,
            };
            let rate = Rate { tile_n: tile_n as u64, throughput, split_throughput: split_tail.unwrap_or(throughput) };
            let walk = match (tiles, ktiles, splits) {
                (Some(t), Some(kt), None) => {
                    Some(SplitWalk::best(t, kt, sms, cluster, max_splits, split_tail.is_some(), rate))
                }
                (Some(t), Some(_), Some(1)) | (Some(t), None, Some(1)) => {
                    Some(SplitWalk::whole(t, ktiles.unwrap_or(1), sms, split_tail.is_some()))
                }
                (Some(t), Some(kt), Some(s)) if s <= max_splits.min(kt) => {
                    Some(SplitWalk::split(t, kt, sms, cluster, s))
                }
                (_, _, Some(s)) => {
                    return Err(format!(
                        "K in {s} parts needs a static M, N and K and at most {} parts of K tiles",
                        max_splits.min(ktiles.unwrap_or(1))
                    ));
                }
                (Some(t), None, None) => Some(SplitWalk::whole(t, 1, sms, split_tail.is_some())),
                _ => None,
            };
            let walkers = walk.as_ref().map_or(sms, |w| w.walkers);
            params.push((PERSISTENT_WORKGROUPS_PARAM.to_string(), walkers as i64));
            workgroups = format!(
                "{walkers} workgroups walking {}",
                tiles.map_or("the tiles".to_string(), |t| format!("{t} tiles"))
            );
            let cost = match &walk {
                Some(w) => {
                    if w.splits > 1 {
                        params.push((K_SPLITS_PARAM.to_string(), w.splits as i64));
                        k_loop = format!("K split in {}", w.splits);
                    }
                    workgroups = format!("{workgroups} ({w})");
                    w.cost(rate)
                }
                None => 1000 - throughput,
            };
            if rank == ARCH_SPECIFIC_RANK {
                rank = ARCH_SPECIFIC_RANK - MAX_COST + cost.min(MAX_COST as u64 - 1) as i64;
            }
        }
        if cluster > 1 {
            workgroups = format!("{workgroups} in clusters of {cluster} along M sharing B");
        }
        let (workgroup, reduction) = match facts.batch {
            None => (vec![tile_m, tile_n, 0], vec![0, 0, 0]),
            Some(_) => (vec![1, tile_m, tile_n, 0], vec![0, 0, 0, 0]),
        };
        Ok(Plan {
            workgroup,
            reduction,
            workgroup_size: [uk.workgroup_size[0] as i64, uk.workgroup_size[1] as i64, uk.workgroup_size[2] as i64],
            params,
            rank,
            summary: format!(
                "{tile_m} x {tile_n} {} of {} threads, {k_loop}, {workgroups}",
                if uk.persistent() { "tiles, workgroups" } else { "tile per workgroup" },
                uk.workgroup_size[0],
            ),
        })
    }
}

/// A unit's fixed cost in K tiles of its own time: the pipeline filling
/// and the tile's store.
const UNIT_OVERHEAD_KTILES: u64 = 2;
/// Writing a unit's partial, and the last unit's reading of each other
/// part's, in K tiles of compute. By bytes alone it would be about one (f32
/// partials of the tile are about a K tile's operands); measured on an H100
/// (bench/results/2026-12-07-split-k, run1-h100.txt: both widths at 1 to
/// 12 parts over seven shapes) a split walk costs far more, and 8 with the
/// margin below is what keeps every choice there at or ahead of K whole
/// (1024 x 1024 x 16384: 2 parts, 98.3 -> 63.4 us; 256 x 1024 x 8192: 4,
/// 48.6 -> 26.8) where 1 and 10% chose 2 to 4 parts that lost up to 27%.
const PARTIAL_KTILES: u64 = 8;
/// A split walk counts this much more (see [`SplitWalk::cost`]).
const SPLIT_MARGIN_PERCENT: u64 = 50;

impl SplitWalk {
    /// K whole: `tiles` over at most `sms` workgroups.
    fn whole(tiles: u64, ktiles: u64, sms: u64, split_tail: bool) -> Self {
        let walkers = tiles.min(sms).max(1);
        let (whole, tail) = (tiles / walkers, tiles % walkers);
        SplitWalk {
            walkers,
            splits: 1,
            unit_ktiles: ktiles,
            whole,
            tail,
            split_tail: split_tail && whole >= 1 && tail > 0 && 2 * tail <= walkers,
        }
    }

    /// K in `splits` parts: tiles x splits units, no split tail.
    fn split(tiles: u64, ktiles: u64, sms: u64, cluster: u64, splits: u64) -> Self {
        let units = tiles * splits;
        // Units of a cluster's tiles go together: walkers in whole clusters.
        let walkers = units.min(sms).max(cluster) / cluster * cluster;
        SplitWalk {
            walkers,
            splits,
            unit_ktiles: ktiles.div_ceil(splits),
            whole: units / walkers,
            tail: units % walkers,
            split_tail: false,
        }
    }

    /// The walk of least cost (see [`Self::cost`]): K whole, or split in up
    /// to `max_splits` parts (each at least one K tile) where that takes
    /// less time.
    fn best(tiles: u64, ktiles: u64, sms: u64, cluster: u64, max_splits: u64, split_tail: bool, rate: Rate) -> Self {
        let mut best = Self::whole(tiles, ktiles, sms, split_tail);
        for splits in 2..=max_splits.min(ktiles) {
            let walk = Self::split(tiles, ktiles, sms, cluster, splits);
            if walk.cost(rate) < best.cost(rate) {
                best = walk;
            }
        }
        best
    }

    /// Time in units of a tile column's K tile at full throughput: rounds
    /// of units `tile_n` wide at `throughput` per mille (a split tail round
    /// at `split_throughput`, half as wide), each unit its K tiles and its
    /// overhead (and its partial's write), then the last unit's sum of the
    /// other parts.
    fn cost(&self, Rate { tile_n, throughput, split_throughput }: Rate) -> u64 {
        let split = self.splits > 1;
        let unit = self.unit_ktiles + UNIT_OVERHEAD_KTILES + if split { PARTIAL_KTILES } else { 0 };
        // One K tile of a tile `tile_n` wide.
        let column = tile_n.saturating_mul(1000) / throughput.max(1);
        let round = column * unit;
        let last = match (self.tail, self.split_tail) {
            (0, _) => 0,
            (_, false) => round,
            (_, true) => (tile_n / 2).saturating_mul(1000) / split_throughput.max(1) * unit,
        };
        let fixup = column * (self.splits - 1) * PARTIAL_KTILES;
        let cost = self.whole.saturating_mul(round).saturating_add(last).saturating_add(fixup);
        // A split walk counts SPLIT_MARGIN_PERCENT more: its partials'
        // traffic is the model's least certain term, so K stays whole where
        // the two come close.
        if split { cost.saturating_mul(100 + SPLIT_MARGIN_PERCENT) / 100 } else { cost }
    }
}

impl std::fmt::Display for SplitWalk {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        let rounds = self.whole + (self.tail > 0) as u64;
        write!(f, "{rounds} round{}", if rounds == 1 { "" } else { "s" })?;
        if self.split_tail {
            write!(f, ", the last of half-width tiles")?;
        }
        if self.splits > 1 {
            write!(f, ", each tile as {} units over parts of K, the last to finish summing them", self.splits)?;
        }
        Ok(())
    }
}

/// The constant a `linalg.fill` writes, if it is a float constant.
fn fill_value(fill: &OperationRef) -> Option<f64> {
    fill.operand_at(0).and_then(defining_op).and_then(|c| float_constant(&c))
}

pub fn match_matmul(op: &OperationRef) -> Result<MatmulFacts, String> {
    let op_name = name(op);
    let (b_layout, batched) = match op_name.as_str() {
        "linalg.matmul" => (named_layout(op, false)?, false),
        "linalg.batch_matmul" => (named_layout(op, true)?, true),
        "linalg.generic" => generic_layout(op)?,
        other => {
            return Err(format!(
                "'{other}' is not a linalg.matmul, a linalg.batch_matmul or a contraction linalg.generic"
            ));
        }
    };
    let lead = batched as usize;
    let (a, b, c) = (
        op.operand(0).map_err(|_| "missing operand A")?,
        op.operand(1).map_err(|_| "missing operand B")?,
        op.operand(2).map_err(|_| "missing operand C")?,
    );
    let (a_dims, a_elem) = shape_of(a.r#type()).ok_or("A is not a ranked tensor or memref")?;
    let (b_dims, b_elem) = shape_of(b.r#type()).ok_or("B is not a ranked tensor or memref")?;
    let (c_dims, c_elem) = shape_of(c.r#type()).ok_or("C is not a ranked tensor or memref")?;
    if a_dims.len() != 2 + lead || b_dims.len() != 2 + lead || c_dims.len() != 2 + lead {
        return Err(
            if batched { "A, B and C must be batches of matrices" } else { "A, B and C must be matrices" }.into()
        );
    }
    let batch = batched.then(|| c_dims[0].or(a_dims[0]).or(b_dims[0]));
    let (a_dims, b_dims, c_dims) = (&a_dims[lead..], &b_dims[lead..], &c_dims[lead..]);
    let (a_elem, b_elem, c_elem) = (a_elem.to_string(), b_elem.to_string(), c_elem.to_string());
    let fp8 = |t: &str| matmul::catalog::FP8_TYPES.contains(&t);
    if a_elem != b_elem && !(fp8(&a_elem) && fp8(&b_elem)) {
        return Err(format!("A is {a_elem} and B is {b_elem}; the ukernels take one input type (or two 8-bit floats)"));
    }
    match a_elem.as_str() {
        // f32: the CUDA-core ukernel (f32 products summed in f32, no TF32).
        "bf16" | "f16" | "f32" => {}
        // 8-bit floats: the wgmma ukernel (exact products summed in f32).
        t if matmul::catalog::FP8_TYPES.contains(&t) => {}
        other => return Err(format!("input type {other} is not bf16, f16, f32, f8E4M3FN or f8E5M2")),
    }
    if c_elem != "f32" {
        return Err(format!(
            "the output type is {c_elem}; the ukernels accumulate and write f32 (`ukc --matmul-accumulation f32`, \
             or {} = \"f32\" on the module, lets such a matmul sum in f32 and round once)",
            crate::names::MATMUL_ACCUMULATION_ATTR
        ));
    }
    if op_name == "linalg.generic" {
        generic_body(op, a_elem == "f32")?;
    }
    let (n, k) = if b_layout == "nk" { (b_dims[0], b_dims[1]) } else { (b_dims[1], b_dims[0]) };
    Ok(MatmulFacts {
        input_b: b_elem,
        input: a_elem,
        b_layout,
        m: c_dims[0],
        n: c_dims[1].or(n),
        k: a_dims[1].or(k),
        zero_init: zero_init(op, c),
        batch,
    })
}

/// Whether the init `c` is filled with zero before `op`.
fn zero_init(op: &OperationRef, c: Value) -> bool {
    let fill = if crate::ir::is_memref(c.r#type()) {
        last_fill_before(op, c)
    } else {
        defining_op(c).filter(|d| name(d) == "linalg.fill")
    };
    fill.as_ref().and_then(fill_value) == Some(0.0)
}

/// B's layout from A, B and C maps over (m, n, k), or (b, m, n, k) when
/// `batched`: `kn` for B(k, n), `nk` for B(n, k), each led by b.
fn layout_of(maps: &[crate::ir::IndexingMap], batched: bool) -> Result<&'static str, String> {
    let (loops, l) = if batched { (4, 1) } else { (3, 0) };
    if maps.len() != 3 || maps.iter().any(|m| m.dims != loops) {
        return Err(format!("expected 3 indexing maps over {loops} loops"));
    }
    let at = |dims: &[usize]| -> Vec<usize> { (0..l).chain(dims.iter().map(|d| d + l)).collect() };
    let what = if batched { "(b, m, k) and (b, m, n)" } else { "(m, k) and (m, n)" };
    if !maps[0].is(&at(&[0, 2])) || !maps[2].is(&at(&[0, 1])) {
        return Err(format!("the maps of A and C are not {what}"));
    }
    if maps[1].is(&at(&[2, 1])) {
        Ok("kn")
    } else if maps[1].is(&at(&[1, 2])) {
        Ok("nk")
    } else {
        Err("B's map is neither (k, n) nor (n, k)".into())
    }
}

fn named_layout(op: &OperationRef, batched: bool) -> Result<&'static str, String> {
    if op.operand_count() != 3 {
        return Err(format!("expected 2 inputs and 1 init, found {} operands", op.operand_count()));
    }
    match crate::ir::indexing_maps(op) {
        // Named matmuls print (and may store) no maps when they are the default.
        None => Ok("kn"),
        Some(maps) if maps.is_empty() => Ok("kn"),
        Some(maps) => layout_of(&maps, batched),
    }
}

fn generic_layout(op: &OperationRef) -> Result<(&'static str, bool), String> {
    if operand_segments(op).unwrap_or_default() != [2, 1] {
        return Err("expected 2 inputs and 1 init".into());
    }
    let loops = crate::ir::reduction_loops(op).ok_or("the iterator_types are not linalg iterator types")?;
    let batched = match loops.as_slice() {
        [false, false, true] => false,
        [false, false, false, true] => true,
        _ => return Err("the loops are not (parallel, parallel, reduction), led by at most one batch loop".into()),
    };
    let maps = crate::ir::indexing_maps(op).ok_or("the indexing maps are not affine maps")?;
    Ok((layout_of(&maps, batched)?, batched))
}

/// Checks a contraction generic's body.
pub(crate) fn generic_body(op: &OperationRef, f32_inputs: bool) -> Result<(), String> {
    // The body: addf(out, mulf(extf(a), extf(b))), in any operand order;
    // addf(out, mulf(a, b)) for f32 inputs.
    let block = op.region_at(0).and_then(|r| r.first_block()).ok_or("the op has no body")?;
    if block.argument_count() != 3 {
        return Err("the body does not take 3 arguments".into());
    }
    let arg = |i: usize| -> Result<Value, String> { Ok(block.argument(i).map_err(|e| e.to_string())?.into()) };
    let (arg_a, arg_b, arg_c) = (arg(0)?, arg(1)?, arg(2)?);
    let ops = body_ops(op);
    let yielded = ops
        .last()
        .filter(|y| name(y) == "linalg.yield")
        .and_then(|y| y.operand_at(0))
        .ok_or("the body does not end in linalg.yield")?;
    let add =
        defining_op(yielded).filter(|d| name(d) == "arith.addf").ok_or("the yielded value is not an arith.addf")?;
    let (x, y) = (add.operand(0).map_err(|e| e.to_string())?, add.operand(1).map_err(|e| e.to_string())?);
    let product = if same(x, arg_c) {
        y
    } else if same(y, arg_c) {
        x
    } else {
        return Err("the arith.addf does not add to the accumulator".into());
    };
    let mul = defining_op(product).filter(|d| name(d) == "arith.mulf").ok_or("the sum's term is not an arith.mulf")?;
    fn widened<'c, 'a>(v: Value<'c, 'a>) -> Option<Value<'c, 'a>> {
        let ext = defining_op(v).filter(|d| name(d) == "arith.extf")?;
        // The operand lives as long as the op, not the borrow of it.
        // SAFETY: the value belongs to IR that outlives this borrow (the function being rewritten).
        ext.operand_at(0).map(|x| unsafe { Value::from_raw(x.to_raw()) })
    }
    let (p, q) = (mul.operand(0).map_err(|e| e.to_string())?, mul.operand(1).map_err(|e| e.to_string())?);
    let (p, q) = if f32_inputs {
        (p, q)
    } else {
        (
            widened(p).ok_or("the product's operands are not arith.extf of the inputs")?,
            widened(q).ok_or("the product's operands are not arith.extf of the inputs")?,
        )
    };
    if !((same(p, arg_a) && same(q, arg_b)) || (same(p, arg_b) && same(q, arg_a))) {
        return Err("the product is not of the two inputs".into());
    }
    if ops.len() != if f32_inputs { 3 } else { 5 } {
        return Err(if f32_inputs {
            "the body computes more than mulf and addf"
        } else {
            "the body computes more than extf, mulf and addf"
        }
        .into());
    }
    Ok(())
}

/// Moves `moved` (and, first, the ops after `anchor` its operands come
/// from) before `anchor`, in their order; only `memref.alloc`, `memref.dim`
/// and `arith` ops move, since moving them up changes nothing else.
fn hoist_before(moved: OperationRef, anchor: &OperationRef) -> Result<(), String> {
    if !crate::ir::is_after(&moved, anchor) {
        return Ok(());
    }
    let what = name(&moved);
    if !(what == "memref.alloc" || what == "memref.dim" || what.starts_with("arith.")) {
        return Err(format!(
            "the consumer's output size comes from '{what}' after the matmul, which cannot move before it"
        ));
    }
    for i in 0..moved.operand_count() {
        if let Some(def) = moved.operand_at(i).and_then(defining_op) {
            hoist_before(def, anchor)?;
        }
    }
    // SAFETY: both ops are live in one block; only ops that read nothing
    // after `anchor` are moved (checked above).
    unsafe { mlir_sys::mlirOperationMoveBefore(moved.to_raw(), anchor.to_raw()) };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{Rate, SplitWalk};

    const WIDE: Rate = Rate { tile_n: 256, throughput: 1000, split_throughput: 865 };
    const NARROW: Rate = Rate { tile_n: 128, throughput: 865, split_throughput: 865 };

    #[test]
    fn a_sparse_last_round_is_split_and_costs_half_a_round() {
        // 688 workgroups of 128 x 256 over 132: 5 rounds and 28, K of one
        // tile (a unit: 1 + 2 of overhead).
        let walk = SplitWalk::whole(688, 1, 132, true);
        assert_eq!((walk.whole, walk.tail, walk.split_tail), (5, 28, true));
        assert_eq!(walk.to_string(), "6 rounds, the last of half-width tiles");
        assert_eq!(walk.cost(WIDE), (5 * 256 + 147) * 3);
        // Without the split the last round costs a whole one.
        let plain = SplitWalk::whole(688, 1, 132, false);
        assert_eq!(plain.to_string(), "6 rounds");
        assert_eq!(plain.cost(Rate { split_throughput: 1000, ..WIDE }), 6 * 256 * 3);
    }

    #[test]
    fn a_last_round_more_than_half_full_or_the_only_one_is_not_split() {
        // 512 over 132: 3 rounds and 116, more than half.
        assert!(!SplitWalk::whole(512, 1, 132, true).split_tail);
        // Exactly half (66 of 132) is split.
        assert!(SplitWalk::whole(330, 1, 132, true).split_tail);
        // One partial round: nothing to split from.
        let one = SplitWalk::whole(64, 1, 132, true);
        assert!(!one.split_tail);
        assert_eq!(one.to_string(), "1 round");
        assert_eq!(one.cost(NARROW), 147 * 3);
        // Whole rounds only.
        assert_eq!(SplitWalk::whole(264, 1, 132, true).cost(WIDE), 512 * 3);
    }

    #[test]
    fn few_tiles_over_a_long_k_split_it_and_many_tiles_keep_it_whole() {
        // 256 x 1024 x 8192 in 128 x 128 tiles: 16 tiles of 128 K tiles on
        // 132 SMs. Four parts make 64 units of 32 K tiles (on an H100, 48.6
        // -> 26.8 us).
        let walk = SplitWalk::best(16, 128, 132, 2, 16, false, NARROW);
        assert_eq!((walk.splits, walk.walkers, walk.unit_ktiles), (4, 64, 32));
        assert_eq!(walk.to_string(), "1 round, each tile as 4 units over parts of K, the last to finish summing them");
        assert!(walk.cost(NARROW) < SplitWalk::whole(16, 128, 132, false).cost(NARROW));
        // 512 x 768 x 3072: 24 tiles of 48 K tiles; parts gained at most 12%
        // there and lost up to 60%: K whole.
        assert_eq!(SplitWalk::best(24, 48, 132, 2, 16, false, NARROW).splits, 1);
        // 4096^3 in 128 x 256 tiles: 512 tiles, K whole.
        assert_eq!(SplitWalk::best(512, 64, 132, 2, 16, true, WIDE).splits, 1);
        // K of one tile cannot be split; nor where the variant does not.
        assert_eq!(SplitWalk::best(24, 1, 132, 2, 16, false, NARROW).splits, 1);
        assert_eq!(SplitWalk::best(24, 48, 132, 2, 1, false, NARROW).splits, 1);
    }
}
