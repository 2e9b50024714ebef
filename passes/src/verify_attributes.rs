//! `ukernel-verify-attributes`: checks every `#ukernel.*` attribute of the
//! module against its Rust view (the keys and value kinds the IRDL
//! definition, which only says "a dictionary", cannot express).
//!
//! Contract: one located error per malformed attribute, and the pass fails
//! if there was any; the IR is never changed. `ukernel-opt` runs it first,
//! after parsing, as `ukc` does; in another host, put it first in the
//! pipeline.

use melior::{Context, ir::OperationRef, pass::Pass};

pub const ARGUMENT: &str = "ukernel-verify-attributes";
pub const SUMMARY: &str = "Check every #ukernel.* attribute's keys and values";

fn verify(_context: &Context, module: &OperationRef) -> bool {
    ukernel_dialect::verify_ukernel_attributes(*module) == 0
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelVerifyAttributes", ARGUMENT, SUMMARY, verify)
}
