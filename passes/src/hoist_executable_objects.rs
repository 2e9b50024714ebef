//! `ukernel-hoist-executable-objects`: moves executable objects from the ops
//! and functions that carry them onto their owner, once each.
//!
//! Owner: the nearest enclosing `builtin.module`, or the nearest enclosing op
//! marked with the unit attribute `ukernel.objects_owner` (e.g. a
//! `gpu.module` an embedding compiler wants to keep its objects on).
//!
//! Contract: afterwards no op below an owner other than the owner carries
//! `ukernel.executable_objects`. The owner's list holds the objects it had
//! before, first and in their order, then every object collected from below,
//! in pre-order walk order, each (path, bytes) once: N dispatches using one
//! ukernel leave one object. Two objects with one path but different bytes
//! are an error at the second place, naming the first; the pass then fails
//! and changes nothing more.

use melior::{
    Context,
    ir::{
        Attribute, BlockLike, Location, OperationRef, RegionLike,
        attribute::ArrayAttribute,
        operation::{OperationLike, OperationMutLike},
    },
    pass::Pass,
};
use ukernel_dialect::{EXECUTABLE_OBJECTS, ExecutableObject, emit_error};

use crate::dispatch::is_owner;

pub const ARGUMENT: &str = "ukernel-hoist-executable-objects";
pub const SUMMARY: &str = "Move executable objects onto the enclosing module, deduplicated by content";

struct Collected<'c> {
    attr: Attribute<'c>,
    path: String,
    bytes: &'c [u8],
    location: Location<'c>,
}

fn objects_of<'c>(op: &OperationRef<'c, '_>) -> Result<Vec<Collected<'c>>, String> {
    let Ok(attr) = op.attribute(EXECUTABLE_OBJECTS) else { return Ok(Vec::new()) };
    let array = ArrayAttribute::try_from(attr).map_err(|_| format!("{EXECUTABLE_OBJECTS} is not an array"))?;
    (0..array.len())
        .map(|i| {
            let a = array.element(i).map_err(|e| e.to_string())?;
            let (path, bytes) = ExecutableObject::read_borrowed(a).map_err(|e| e.to_string())?;
            Ok(Collected { attr: a, path, bytes, location: op.location() })
        })
        .collect()
}

/// Hoists into `owner` what lies below it (nested owners first, each for
/// itself). False after reporting an error.
fn hoist_into(context: &Context, owner: &OperationRef) -> bool {
    let mut kept = match objects_of(owner) {
        Ok(k) => k,
        Err(e) => {
            emit_error(owner.location(), &format!("ukernel: {e}"));
            return false;
        }
    };
    let before = kept.len();
    let mut carriers = Vec::new();
    if !collect_below(context, owner, &mut kept, &mut carriers) {
        return false;
    }
    for carrier in &carriers {
        let mut op = crate::ir::mutable(&carrier);
        let _ = op.remove_attribute(EXECUTABLE_OBJECTS);
    }
    if kept.len() > before || !carriers.is_empty() {
        let attrs: Vec<Attribute> = kept.iter().map(|c| c.attr).collect();
        let mut op = crate::ir::mutable(&owner);
        op.set_attribute(EXECUTABLE_OBJECTS, ArrayAttribute::new(context, &attrs).into());
    }
    true
}

/// Walks below `op` in pre-order: nested owners are hoisted into themselves;
/// objects of other ops join `kept` (once per content) and the ops are
/// remembered in `carriers`.
fn collect_below<'c, 'a>(
    context: &Context,
    op: &OperationRef<'c, 'a>,
    kept: &mut Vec<Collected<'c>>,
    carriers: &mut Vec<OperationRef<'c, 'a>>,
) -> bool {
    for r in 0..op.region_count() {
        let Ok(region) = op.region(r) else { continue };
        let mut block = region.first_block();
        while let Some(b) = block {
            let mut next = b.first_operation();
            while let Some(child) = next {
                next = child.next_in_block();
                if is_owner(&child) {
                    if !hoist_into(context, &child) {
                        return false;
                    }
                    continue;
                }
                let found = match objects_of(&child) {
                    Ok(f) => f,
                    Err(e) => {
                        emit_error(child.location(), &format!("ukernel: {e}"));
                        return false;
                    }
                };
                if !found.is_empty() {
                    carriers.push(child);
                }
                for object in found {
                    match kept.iter().find(|k| k.path == object.path) {
                        Some(k) if k.bytes == object.bytes => {}
                        Some(k) => {
                            emit_error(
                                object.location,
                                &format!(
                                    "ukernel: object '{}' ({} bytes) differs from the object with the same path at {} ({} bytes)",
                                    object.path,
                                    object.bytes.len(),
                                    k.location,
                                    k.bytes.len()
                                ),
                            );
                            return false;
                        }
                        None => kept.push(object),
                    }
                }
                if !collect_below(context, &child, kept, carriers) {
                    return false;
                }
            }
            block = b.next_in_region();
        }
    }
    true
}

static PASS_ID: crate::pass_support::PassId = crate::pass_support::PassId;

/// A new instance of the pass.
pub fn create() -> Pass {
    crate::pass_support::module_pass(&PASS_ID, "UKernelHoistExecutableObjects", ARGUMENT, SUMMARY, hoist_into)
}
