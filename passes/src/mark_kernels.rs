//! `ukernel-mark-kernels`: the last step of the `llvm` stage: each kernel
//! (an `llvm.func` that `ukernel-gpu-distribute` gave a grid) becomes
//! `nvvm.kernel` with its launch bounds and cluster shape (see
//! [`mark_kernels`]).

use melior::{
    Context,
    ir::{
        Attribute,
        attribute::IntegerAttribute,
        operation::{OperationLike, OperationMutLike},
    },
};

use crate::{
    ir::ints,
    ir::name,
    names::{BLOCK_ATTR, CLUSTER_ATTR, GRID_ATTR, WORKGROUPS_PER_SM_ATTR},
};

pub const ARGUMENT: &str = "ukernel-mark-kernels";
pub const SUMMARY: &str = "Mark the LLVM dialect kernels nvvm.kernel with their launch bounds and clusters";

/// Marks the dispatches as kernels with their exact workgroup size as
/// `.maxntid` and their [`WORKGROUPS_PER_SM_ATTR`] (else 1) as
/// `.minnctapersm`: ptxas then caps registers for that size and occupancy
/// (a 384-thread wgmma kernel at 168, which `setmaxnreg` needs at entry; the
/// GEMV ukernel at 64, four workgroups per SM, which its stream needs in
/// flight). Their [`CLUSTER_ATTR`] becomes `.reqnctapercluster`: the driver
/// then launches them in clusters of that shape.
fn mark_kernels(context: &Context, module: &melior::ir::OperationRef) -> bool {
    for op in crate::ir::body_ops(module) {
        if name(&op) == "llvm.func" && op.attribute(GRID_ATTR).is_ok() {
            let block: Vec<i32> =
                op.attribute(BLOCK_ATTR).map(ints).unwrap_or_default().iter().map(|b| *b as i32).collect();
            let workgroups_per_sm = crate::ir::int_attr(&op, WORKGROUPS_PER_SM_ATTR).unwrap_or(1);
            let cluster = op.attribute(CLUSTER_ATTR).ok();
            let mut f = crate::ir::mutable(&op);
            f.set_attribute("nvvm.kernel", Attribute::unit(context));
            if let Some(dims) = cluster {
                f.set_attribute("nvvm.cluster_dim", dims);
            }
            if block.len() == 3 && block.iter().all(|b| *b > 0) {
                f.set_attribute(
                    "nvvm.maxntid",
                    melior::ir::attribute::DenseI32ArrayAttribute::new(context, &block).into(),
                );
                let i32t = melior::ir::r#type::IntegerType::new(context, 32).into();
                f.set_attribute("nvvm.minctasm", IntegerAttribute::new(i32t, workgroups_per_sm).into());
            }
        }
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> melior::pass::Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelMarkKernels", ARGUMENT, SUMMARY, mark_kernels)
}
