//! The names of the attributes and lowering-config parameters the passes
//! write and read, in one place: a pass that records one and the passes
//! (and the driver) that read it meet here, not in each other.

/// Func attribute: per argument of a dispatch, how the kernel uses it:
/// "read", "write" or "readwrite" (recorded by `record_argument_access`).
pub const ACCESS_ATTR: &str = "ukernel.access";

/// Func attribute: per argument, per dimension, a class number; dynamic
/// dimensions of one class are equal sizes (e.g. the M of A and of C).
/// Static dimensions are -1.
pub const DIM_CLASSES_ATTR: &str = "ukernel.dim_classes";

/// Func attribute: per argument, per dimension, the size a dynamic dim must
/// have because a linalg op indexes it with the same loop as a static dim
/// (recorded by `record_dim_classes`); -1 where static or not pinned.
pub const PINNED_DIMS_ATTR: &str = "ukernel.pinned_dims";

/// Func attribute naming the CPU reference that checks a dispatch: a
/// dictionary with the `family` whose matcher accepted its root op and what
/// that family's reference needs (argument numbers of its operands, -1 for
/// one that is not an argument; facts such as semantics or layouts).
pub const REFERENCE_ATTR: &str = "ukernel.reference";
/// On a kernel whose code others share (`ukernel-share-kernel-code`): per
/// kernel name, the values its launches pass for the code's trailing
/// parameters.
pub const SHARED_CODE_ATTR: &str = "ukernel.shared_code";
/// On a module: `ukernel-share-kernel-code` leaves its kernels as they are
/// (a kernel per shape; `ukc compile --specialize-sizes`).
pub const SPECIALIZE_SIZES_ATTR: &str = "ukernel.specialize_sizes";

/// A lowering-config parameter: the workgroups per SM a family's
/// configuration chose for one op (the argmax plan for large grids).
pub const WORKGROUPS_PER_SM_PARAM: &str = "workgroups_per_sm";

/// Func attribute: the workgroups per SM a dispatch is built for, the
/// larger of its ukernel's `min_workgroups_per_sm` and its
/// configuration's [`WORKGROUPS_PER_SM_PARAM`], which the lowering puts on
/// the ukernel call and `ukernel-split-kernels` moves to the kernel holding
/// it.
pub const WORKGROUPS_PER_SM_ATTR: &str = "ukernel.workgroups_per_sm";

/// Func attribute: the cluster dims (x, y, z) a kernel is launched in, for
/// a ukernel that asks for clusters (on the call, then its kernel, as
/// [`WORKGROUPS_PER_SM_ATTR`]).
pub const CLUSTER_ATTR: &str = "ukernel.cluster";

/// Kernel attribute (`ukernel-gpu-distribute`): the grid, three sizes as
/// expressions of the arguments' dims (`GridExpr` text).
pub const GRID_ATTR: &str = "ukernel.grid";

/// Kernel attribute: the workgroup size (x, y, z).
pub const BLOCK_ATTR: &str = "ukernel.block";

/// Kernel attribute: the arguments that are temporaries the runtime
/// allocates (buffers a split dispatch passes between its kernels).
pub const TEMPORARIES_ATTR: &str = "ukernel.temporaries";

/// Per temporary, the size of each of its dimensions (strings as in
/// `ukernel.grid`).
pub const TEMPORARY_SIZES_ATTR: &str = "ukernel.temporary_sizes";

/// The declaration attribute that carries a ukernel's dynamic shared memory,
/// which `ukernel-gpu-distribute` turns into the kernel's launch requirement.
pub const DYNAMIC_SHARED_MEMORY_ATTR: &str = "ukernel.dynamic_shared_memory_bytes";

/// Discardable attribute on the two ops a reduction becomes, for remarks:
/// `"partials"` (stage 1) or `"combination"` (stage 2).
pub const STAGE_ATTR: &str = "ukernel.two_stage";

/// Marks the functions fusion creates (not dispatches).
pub const FUSED_FUNCTION_ATTR: &str = "ukernel.fused_function";

/// The module attribute that allows it, and its one value.
pub const MATMUL_ACCUMULATION_ATTR: &str = "ukernel.matmul_accumulation";

/// The module attribute (value [`FP8_TENSOR_CORE_SUMS`]) that lets FP8
/// matmuls sum their products on tensor cores, with fewer bits than the
/// IR's f32 sums (`ukc --fp8-sums tensor-core`).
pub const FP8_SUMS_ATTR: &str = "ukernel.fp8_sums";
/// The attribute's value, the same word as the registry tag of the
/// ukernels that sum so (`ukernels::variant::SUMS_TAG`).
pub use ukernels::variant::{SUMS_TAG, TENSOR_CORE_SUMS as FP8_TENSOR_CORE_SUMS};
/// The mantissa bits the FP8 tensor-core sums keep, as the reference check's
/// tolerance counts them: one rounding of the result to 2^-11 (an H100's f32
/// outputs were off MLIR's f32 sums by up to about 4e-4 of the value).
pub const FP8_TENSOR_CORE_SUM_BITS: u32 = 11;

/// The default config's parameter that asks `ukernel-split-reductions` to
/// split the op's reduction over this many threads of a workgroup.
pub const SPLIT_PARAM: &str = "split_threads";
/// Threads of a workgroup that splits one result's reduction (a power of
/// two: the split form combines them in a tree), [`SPLIT_PARAM`]'s value.
pub const SPLIT_THREADS: i64 = 256;
const _: () = assert!(SPLIT_THREADS.count_ones() == 1);

/// Marks an op (besides `builtin.module`) that owns the executable objects
/// of the ops it encloses.
pub const OWNER_ATTR: &str = "ukernel.objects_owner";

/// Func attribute of a step: the dispatch (function) it is a step of.
pub const FUNCTION_ATTR: &str = "ukernel.function";

/// Func attribute of a step: its position in its function.
pub const STEP_ATTR: &str = "ukernel.step";

/// The lowering-config parameter of a persistent ukernel's configuration:
/// how many workgroups walk the tiles.
pub const PERSISTENT_WORKGROUPS_PARAM: &str = "persistent_workgroups";

/// The lowering-config parameter of a split-K configuration: the parts K is
/// split into (absent or 1: K whole).
pub const K_SPLITS_PARAM: &str = "k_splits";

/// The name prefix of the zeroed globals a ukernel call writes (its scratch:
/// TMA descriptors, split-K counters and partials, argmax partials), one per
/// call site; a module holding one has state its launches write.
pub const SCRATCH_GLOBAL_PREFIX: &str = "__ukernel_scratch_";
