//! Typed views of the #ukernel attributes: built in Rust, printed, parsed back
//! and read again to the same value; malformed ones name the bad field.

use std::borrow::Cow;

use melior::{Context, ir::Attribute};
use ukernel_dialect::{
    Error, ExecutableObject, LoweringConfig, Target, UKernelSelection, UKernelSpec, create_context,
    dense_resource_bytes,
};

fn reparse<'c>(context: &'c Context, attr: Attribute<'c>) -> Attribute<'c> {
    let text = attr.to_string();
    Attribute::parse(context, &text).unwrap_or_else(|| panic!("printed form does not parse: {text}"))
}

fn spec() -> UKernelSpec {
    UKernelSpec {
        family: "argmax".into(),
        operand_types: vec!["f32".into(), "f32".into(), "i64".into()],
        // (In the order the IR's dictionary keeps: sorted.)
        facts: vec![("max_split".into(), 64), ("min_workgroups_per_sm".into(), 2)],
        tags: vec![("fusion".into(), "input_map".into())],
        abi: vec![("input".into(), "ptr".into()), ("n".into(), "i64".into()), ("split".into(), "i32".into())],
        def_attrs: vec![("llvm.readonly_args".into(), "[0 : i64]".into())],
        ..UKernelSpec::new("uk_argmax_f32i64", 256)
    }
}

#[test]
fn target_round_trips_through_text() {
    let context = create_context().unwrap();
    // Loading the dialect again into the same context is harmless.
    ukernel_dialect::load_ukernel_dialect(&context).unwrap();
    for target in [
        Target::new(90, UKernelSelection::All),
        Target::new(80, UKernelSelection::None),
        Target {
            sm: 100,
            specific: false,
            family: false,
            ukernels: UKernelSelection::List(vec!["argmax".into(), "topk".into()]),
            sm_count: Some(148),
        },
        Target { specific: true, ..Target::new(90, UKernelSelection::All) },
        Target { family: true, ..Target::new(120, UKernelSelection::All) },
    ] {
        let attr = target.to_attribute(&context).unwrap();
        assert_eq!(Target::try_from(reparse(&context, attr)).unwrap(), target);
    }
}

#[test]
fn target_defaults_and_arch_forms() {
    let context = create_context().unwrap();
    let t = Target::try_from(Attribute::parse(&context, r#"#ukernel.target<{arch = "sm_90a"}>"#).unwrap()).unwrap();
    assert_eq!((t.sm, t.ukernels.clone(), t.multiprocessors()), (90, UKernelSelection::All, 132));
    assert_eq!(Target::new(80, UKernelSelection::All).multiprocessors(), 108);
    assert!(UKernelSelection::parse("argmax,,x").is_err());
    assert!(UKernelSelection::List(vec!["argmax".into()]).allows("argmax"));
    assert!(!UKernelSelection::None.allows("argmax"));
}

#[test]
fn spec_round_trips_with_def_attrs() {
    let context = create_context().unwrap();
    let attr = spec().to_attribute(&context).unwrap();
    insta::assert_snapshot!(attr.to_string(), @r#"#ukernel.spec<"uk_argmax_f32i64", {abi = ["input: ptr", "n: i64", "split: i32"], facts = {max_split = 64 : i64, min_workgroups_per_sm = 2 : i64}, family = "argmax", llvm.readonly_args = [0], operand_types = ["f32", "f32", "i64"], shared_memory_bytes = 256 : i64, tags = {fusion = "input_map"}}>"#);
    assert_eq!(
        UKernelSpec::try_from(reparse(&context, attr)).unwrap(),
        UKernelSpec { def_attrs: vec![("llvm.readonly_args".into(), "[0]".into())], ..spec() }
    );
}

#[test]
fn lowering_config_round_trips_with_and_without_ukernel() {
    let context = create_context().unwrap();
    let with = LoweringConfig {
        workgroup: vec![1, 0],
        reduction: vec![0, 0],
        workgroup_size: [256, 1, 1],
        params: vec![("split".into(), 8)],
        ukernel: Some(UKernelSpec {
            dynamic_shared_memory_bytes: 65536,
            semantics: "ogt".into(),
            ..UKernelSpec::new("uk_argmax_bf16i32", 0)
        }),
    };
    let without = LoweringConfig {
        workgroup: vec![4, 8],
        reduction: vec![],
        workgroup_size: [32, 4, 1],
        params: vec![],
        ukernel: None,
    };
    for config in [with, without] {
        let attr = config.to_attribute(&context).unwrap();
        assert_eq!(LoweringConfig::try_from(reparse(&context, attr)).unwrap(), config);
    }
}

#[test]
fn object_keeps_its_bytes_borrowed_or_owned() {
    static BYTES: [u8; 5] = [0x42, 0x43, 0xc0, 0xde, 0x00];
    let context = create_context().unwrap();
    let borrowed = ExecutableObject::new("uk.sm_80.bc", &BYTES[..]);
    let attr = borrowed.to_attribute(&context).unwrap();
    // Borrowed bytes are referenced in place, not copied into MLIR.
    let data = ukernel_dialect::DynamicAttr::read(attr).unwrap().params[0];
    let data = melior::ir::attribute::DictionaryAttribute::try_from(data).unwrap().element_by_name("data").unwrap();
    assert_eq!(dense_resource_bytes(data).unwrap().as_ptr(), BYTES.as_ptr());
    assert_eq!(ExecutableObject::try_from(attr).unwrap(), borrowed);

    let owned = ExecutableObject::new("user.bc", Cow::Owned(vec![1, 2, 3]));
    let attr = owned.to_attribute(&context).unwrap();
    assert_eq!(ExecutableObject::try_from(attr).unwrap(), owned);
}

#[test]
fn malformed_attributes_name_the_field() {
    let context = create_context().unwrap();
    let err = |text: &str| -> Error {
        let a = Attribute::parse(&context, text).unwrap_or_else(|| panic!("does not parse: {text}"));
        match text {
            t if t.starts_with("#ukernel.target") => Target::try_from(a).unwrap_err(),
            t if t.starts_with("#ukernel.lowering_config") => LoweringConfig::try_from(a).unwrap_err(),
            t if t.starts_with("#ukernel.object") => ExecutableObject::try_from(a).unwrap_err(),
            _ => UKernelSpec::try_from(a).unwrap_err(),
        }
    };
    assert!(matches!(err(r#"#ukernel.target<{}>"#), Error::MissingField { field: "arch", .. }));
    assert!(matches!(err(r#"#ukernel.target<{arch = "sm90"}>"#), Error::InvalidValue { .. }));
    assert!(matches!(
        err(r#"#ukernel.lowering_config<{workgroup = [1.0], workgroup_size = [1, 1, 1]}>"#),
        Error::FieldType { field: "workgroup", .. }
    ));
    assert!(matches!(
        err(r#"#ukernel.lowering_config<{workgroup = [1], workgroup_size = [0, 1, 1]}>"#),
        Error::InvalidValue { .. }
    ));
    assert!(matches!(err(r#"#ukernel.object<{path = "x"}>"#), Error::MissingField { field: "data", .. }));
    // One kind of attribute is not read as another.
    let config =
        Attribute::parse(&context, "#ukernel.lowering_config<{workgroup = [1], workgroup_size = [1, 1, 1]}>").unwrap();
    assert!(matches!(Target::try_from(config), Err(Error::NotThisAttribute { expected: "target", .. })));
    let a = Attribute::parse(&context, "42 : i64").unwrap();
    assert!(matches!(Target::try_from(a), Err(Error::NotThisAttribute { expected: "target", .. })));
}

#[test]
fn arch_forms_parse_print_and_say_where_their_code_runs() {
    use ukernel_dialect::GpuArch;
    for (text, arch) in [
        ("sm_80", GpuArch::portable(80)),
        ("sm_90a", GpuArch::specific(90)),
        ("sm_100f", GpuArch::family(100)),
        ("sm_120f", GpuArch::family(120)),
        ("sm_103a", GpuArch::specific(103)),
    ] {
        assert_eq!(GpuArch::parse_known(text), Ok(arch), "{text}");
        assert_eq!(arch.to_string(), text);
    }
    // Only Blackwell and later have family forms; PTX ISA 8.8 names them.
    assert!(GpuArch::parse_known("sm_90f").unwrap_err().to_string().contains("no family-specific form"));
    assert!(GpuArch::parse_known("sm_100x").unwrap_err().to_string().contains("sm_<major><minor>[a|f]"));
    assert_eq!(GpuArch::family(100).ptx_isa(), 88);
    assert_eq!(GpuArch::specific(90).ptx_isa(), 83);
    // Where the code runs, by device capability.
    let runs =
        |a: GpuArch| [80, 86, 90, 100, 103, 110, 120, 121].into_iter().filter(|&d| a.runs_on(d)).collect::<Vec<_>>();
    assert_eq!(runs(GpuArch::portable(86)), [86, 90, 100, 103, 110, 120, 121]);
    assert_eq!(runs(GpuArch::specific(90)), [90]);
    assert_eq!(runs(GpuArch::family(100)), [100, 103]);
    assert_eq!(runs(GpuArch::family(120)), [120, 121]);
}
