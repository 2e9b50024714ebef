//! The ukernel descriptor in an op's `#ukernel.spec` and back: KernelConfig
//! writes the chosen ukernel's [`Descriptor`] there, and lowering reads it
//! from there instead of the registry.

use ukernel_dialect::UKernelSpec;
use ukernels::{AbiType, Descriptor};

/// The spec that carries `d`, with the semantics the family matched.
pub fn to_spec(d: &Descriptor, semantics: &str) -> UKernelSpec {
    UKernelSpec {
        family: d.family.clone(),
        operand_types: d.operand_types.clone(),
        facts: d.params.clone(),
        tags: d.tags.clone(),
        abi: d.abi.iter().map(|(name, ty)| (name.clone(), ty.llvm_type().to_string())).collect(),
        dynamic_shared_memory_bytes: d.dynamic_shared_memory_bytes,
        semantics: semantics.to_string(),
        ..UKernelSpec::new(d.symbol.clone(), d.static_shared_memory_bytes)
    }
}

/// The descriptor `spec` carries, or what it lacks.
pub fn from_spec(spec: &UKernelSpec) -> Result<Descriptor, String> {
    if !spec.has_descriptor() {
        return Err(format!(
            "the spec of '{}' carries no descriptor (family and abi): ukernel-kernel-config writes one",
            spec.name
        ));
    }
    let abi = spec
        .abi
        .iter()
        .map(|(name, ty)| {
            AbiType::from_llvm_type(ty).map(|t| (name.clone(), t)).ok_or_else(|| {
                format!("the abi of '{}' has parameter {name} of type {ty}; expected ptr, i64 or i32", spec.name)
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Descriptor {
        symbol: spec.name.clone(),
        family: spec.family.clone(),
        operand_types: spec.operand_types.clone(),
        params: spec.facts.clone(),
        tags: spec.tags.clone(),
        static_shared_memory_bytes: spec.shared_memory_bytes,
        dynamic_shared_memory_bytes: spec.dynamic_shared_memory_bytes,
        abi,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_registry_entry_survives_the_spec() {
        for uk in ukernels::registry().ukernels() {
            let d = uk.descriptor();
            assert_eq!(from_spec(&to_spec(&d, "")).unwrap(), d, "{}", uk.symbol);
        }
    }

    #[test]
    fn a_spec_without_a_descriptor_says_what_writes_one() {
        let e = from_spec(&UKernelSpec::new("uk_argmax_f32i64", 0)).unwrap_err();
        assert!(e.contains("ukernel-kernel-config writes one"), "{e}");
    }
}
