//! How the library describes one ukernel variant: what `build.rs` compiles
//! and what the registry tells the compiler. Plain data with no dependency
//! on the rest of the crate, so that the build script can include each
//! family's catalog as it is.

/// A parameter type of a ukernel's C ABI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbiType {
    /// A global-memory pointer.
    Ptr,
    I64,
    I32,
}

impl AbiType {
    /// The LLVM IR type of the parameter.
    pub fn llvm_type(self) -> &'static str {
        match self {
            Self::Ptr => "ptr",
            Self::I64 => "i64",
            Self::I32 => "i32",
        }
    }

    /// The type [`llvm_type`](Self::llvm_type) names.
    pub fn from_llvm_type(name: &str) -> Option<Self> {
        [Self::Ptr, Self::I64, Self::I32].into_iter().find(|t| t.llvm_type() == name)
    }
}

/// One parameter of a ukernel's C ABI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbiParam {
    pub name: &'static str,
    pub ty: AbiType,
}

/// A ukernel variant: its source, how it is built, and what it requires.
#[derive(Clone, Debug)]
pub struct VariantDef {
    /// The family it implements, e.g. `argmax`, `matmul`.
    pub family: &'static str,
    /// The family's name for this kind of variant (e.g. `tile`, `skinny`).
    pub kind: &'static str,
    /// Its symbol in the bitcode; encodes the types, e.g. `uk_argmax_f32i64`.
    pub symbol: String,
    /// Source file, relative to the crate.
    pub source: &'static str,
    /// Preprocessor defines that select the variant (without `-D`).
    pub defines: Vec<String>,
    /// Arches it is built for (`major * 10 + minor`), ascending.
    pub arches: &'static [u32],
    /// Whether those are arch-specific targets (`sm_90a`: built with
    /// instructions of that chip alone, usable only for exactly that target).
    pub arch_specific: bool,
    /// Element types of the op's operands it takes (MLIR spelling), in
    /// operand order: inputs, then outputs.
    pub operand_types: Vec<&'static str>,
    /// Family-defined integer facts (tile sizes, limits).
    pub params: Vec<(&'static str, i64)>,
    /// Textual facts: family-defined ones (operand layouts, semantics) and
    /// `linkage = "call"` for a ukernel that kernels call instead of
    /// inlining (whatever `--no-inline-ukernels` says); `pipeline =
    /// "after-inlining"` for one whose inlined code O3 would not improve
    /// (kernels that only call such ukernels get the short pipeline).
    pub tags: Vec<(&'static str, &'static str)>,
    /// Threads per workgroup it must be called with.
    pub workgroup_size: [u32; 3],
    /// Static shared memory it declares.
    pub static_shared_memory_bytes: u32,
    /// Dynamic shared memory the launch must provide.
    pub dynamic_shared_memory_bytes: u32,
    pub abi: Vec<AbiParam>,
}

/// A test-harness module built beside the ukernels: kernels that launch a
/// family's ukernels directly, to check them on a GPU.
#[derive(Clone, Debug)]
pub struct HarnessDef {
    pub name: &'static str,
    pub source: &'static str,
    /// Preprocessor definitions (`NAME=VALUE`): what the harness takes from
    /// the registry, such as the occupancy bounds of the ukernels it launches.
    pub defines: Vec<String>,
    pub arches: &'static [u32],
    /// Built for the arch-specific targets (`sm_90a`) of `arches`.
    pub arch_specific: bool,
}

/// The portable arches every ukernel is built for: sm_80 bitcode also
/// serves sm_86 and sm_89; sm_90 serves sm_90 and newer.
pub const PORTABLE_ARCHES: &[u32] = &[80, 90];

/// The parameter with which a variant asks for an occupancy: kernels that
/// call it are built for at least this many workgroups per SM
/// (`.minnctapersm`), so ptxas caps their registers accordingly.
pub const MIN_WORKGROUPS_PER_SM: &str = "min_workgroups_per_sm";

/// The parameter with which a variant asks to be launched in clusters of
/// this many workgroups along M (the grid's y axis, `.reqnctapercluster
/// 1, N, 1`); the grid's y extent is then a multiple of it.
pub const CLUSTER_M: &str = "cluster_m";

/// The parameter (1) with which a variant says it walks C tiles: its
/// `tile_m` argument is the workgroup's index and `tile_n` the number of
/// workgroups (along the grid's y axis), which the caller chooses, at most
/// one per SM.
pub const PERSISTENT: &str = "persistent";

/// The parameter with which persistent variants of one family that differ
/// in tile width rank against each other: the variant's throughput per SM
/// (per mille of the family's fastest), with which KernelConfig weighs the
/// rounds of tiles each would take on the target's SMs.
pub const TILE_THROUGHPUT_PERMILLE: &str = "tile_throughput_permille";

/// The parameter with which a persistent variant says it splits a last
/// round of tiles that would keep at most half its workgroups busy into
/// tiles half as wide (twice as many): their throughput per SM, per mille of
/// the family's fastest, with which KernelConfig weighs that round.
pub const SPLIT_TAIL_PERMILLE: &str = "split_tail_permille";

/// The parameter with which a persistent variant says it splits K: it
/// takes a `k_splits` argument (1 to this many) and computes each C tile as
/// that many units over parts of K, the last to finish summing them (in a
/// workspace after its tensor maps, sized by
/// [`crate::matmul::split_k_bytes`]).
pub const MAX_K_SPLITS: &str = "max_k_splits";
/// Registry parameter (0) of a ukernel the rules do not choose: built and
/// offered to `ukc tune`, which checks each candidate's results on a GPU
/// before it times it, so that only a tuning record can choose it. For a
/// variant whose results differ from the IR's beyond the family's check
/// (the FP8 wgmma ukernel's sums) or that awaits its first check on a GPU.
pub const RULES_CHOOSE: &str = "rules_choose";
/// Registry tag saying how a ukernel sums its products where that differs
/// from f32 sums; its one value, [`TENSOR_CORE_SUMS`], marks FP8 products
/// summed on tensor cores (fewer bits), which a module lets the rules choose
/// with `ukernel.fp8_sums` of that same value.
pub const SUMS_TAG: &str = "sums";
pub const TENSOR_CORE_SUMS: &str = "tensor-core";

/// The arch name clang and LLVM take: `sm_90`, or `sm_90a` when arch-specific
/// (for the build script, which cannot use the runtime's `GpuArch`; the
/// crates use that).
pub fn arch_name(sm: u32, arch_specific: bool) -> String {
    format!("sm_{sm}{}", if arch_specific { "a" } else { "" })
}

/// `p(name)` of a variant.
pub fn param(v: &VariantDef, name: &str) -> Option<i64> {
    v.params.iter().find(|(k, _)| *k == name).map(|(_, x)| *x)
}

/// `tag(name)` of a variant.
pub fn tag<'a>(v: &'a VariantDef, name: &str) -> Option<&'a str> {
    v.tags.iter().find(|(k, _)| *k == name).map(|(_, x)| *x)
}
