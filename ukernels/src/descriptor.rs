//! What the compiler needs of a chosen ukernel once KernelConfig has chosen
//! it: its symbol and family, the element types it takes, its integer facts
//! (tiles, launch shape) and tags, its shared memory and its C ABI. KernelConfig
//! writes it into the op's `#ukernel.spec`, and the stages after it (the
//! lowering to calls, codegen) read it from there: they never look the
//! registry up again, so IR from another build of the library, or written
//! by hand, lowers as it says.

use crate::variant::{AbiType, VariantDef};

/// An owned description of one ukernel, as carried in the IR.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Descriptor {
    pub symbol: String,
    pub family: String,
    /// Element types of the op's operands it takes (MLIR spelling).
    pub operand_types: Vec<String>,
    /// Integer facts: the family's (tile sizes) and the launch shape
    /// ([`crate::variant::CLUSTER_M`], [`crate::variant::MIN_WORKGROUPS_PER_SM`]).
    pub params: Vec<(String, i64)>,
    pub tags: Vec<(String, String)>,
    pub static_shared_memory_bytes: u32,
    pub dynamic_shared_memory_bytes: u32,
    /// The C ABI, parameter by parameter.
    pub abi: Vec<(String, AbiType)>,
}

/// Integer facts of a ukernel, and what the launch shape follows from them;
/// the registry's [`crate::UKernel`] and a [`Descriptor`] answer alike.
pub trait Facts {
    fn param(&self, name: &str) -> Option<i64>;

    /// The workgroups per SM kernels calling it are built for, if it asks.
    fn min_workgroups_per_sm(&self) -> Option<i64> {
        self.param(crate::variant::MIN_WORKGROUPS_PER_SM)
    }

    /// The workgroups per cluster along M it is launched in, if more than 1.
    fn cluster_m(&self) -> Option<i64> {
        self.param(crate::variant::CLUSTER_M).filter(|c| *c > 1)
    }

    /// Whether it walks tiles ([`crate::variant::PERSISTENT`]).
    fn persistent(&self) -> bool {
        self.param(crate::variant::PERSISTENT) == Some(1)
    }
}

impl Facts for Descriptor {
    fn param(&self, name: &str) -> Option<i64> {
        self.params.iter().find(|(k, _)| k == name).map(|(_, v)| *v)
    }
}

impl Facts for VariantDef {
    fn param(&self, name: &str) -> Option<i64> {
        crate::variant::param(self, name)
    }
}

impl Descriptor {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

impl VariantDef {
    /// The variant as the IR carries it.
    pub fn descriptor(&self) -> Descriptor {
        Descriptor {
            symbol: self.symbol.clone(),
            family: self.family.to_string(),
            operand_types: self.operand_types.iter().map(|t| t.to_string()).collect(),
            params: self.params.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            tags: self.tags.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            static_shared_memory_bytes: self.static_shared_memory_bytes,
            dynamic_shared_memory_bytes: self.dynamic_shared_memory_bytes,
            abi: self.abi.iter().map(|p| (p.name.to_string(), p.ty)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_descriptor_answers_as_its_registry_entry() {
        for uk in crate::registry().ukernels() {
            let d = uk.descriptor();
            assert_eq!(d.symbol, uk.symbol);
            assert_eq!(d.cluster_m(), uk.cluster_m(), "{}", uk.symbol);
            assert_eq!(d.persistent(), uk.persistent(), "{}", uk.symbol);
            assert_eq!(d.min_workgroups_per_sm(), uk.min_workgroups_per_sm(), "{}", uk.symbol);
            assert_eq!(d.abi.len(), uk.abi.len());
            for (key, _) in &uk.params {
                assert_eq!(d.param(key), uk.param(key), "{} {key}", uk.symbol);
            }
            for (key, value) in &uk.tags {
                assert_eq!(d.tag(key), Some(*value), "{} {key}", uk.symbol);
            }
        }
    }
}
