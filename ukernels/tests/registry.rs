//! The registry's contents and arch lookup.

use ukernels::{ElementType, IndexType, LookupError, registry};

#[test]
fn every_argmax_type_combination_is_registered_for_sm80_and_sm90() {
    let reg = registry();
    assert_eq!(reg.families(), vec!["argmax"]);
    for e in ElementType::ALL {
        for i in IndexType::ALL {
            let uk = reg.ukernels().iter().find(|u| u.element == e && u.index == i).expect("registered");
            assert_eq!(uk.symbol, format!("uk_argmax_{e}{i}"));
            assert_eq!(uk.arches(), vec![80, 90]);
            for (sm, bc) in &uk.bitcode {
                // LLVM bitcode magic: 'BC' 0xC0DE.
                assert_eq!(&bc[..4], b"BC\xc0\xde", "{} sm_{sm}", uk.symbol);
            }
        }
    }
}

#[test]
fn lookup_picks_the_greatest_arch_not_above_the_target() {
    let reg = registry();
    let pick = |sm| reg.lookup("argmax", ElementType::F32, IndexType::I64, sm).map(|s| s.bitcode_sm);
    assert_eq!(pick(80), Ok(80));
    assert_eq!(pick(86), Ok(80));
    assert_eq!(pick(89), Ok(80));
    assert_eq!(pick(90), Ok(90));
    assert_eq!(pick(100), Ok(90));
    assert_eq!(pick(120), Ok(90));
    let err = pick(75).unwrap_err();
    assert_eq!(
        err,
        LookupError::NoBitcodeForArch { symbol: "uk_argmax_f32i64".into(), target: 75, available: vec![80, 90] }
    );
    assert_eq!(err.to_string(), "uk_argmax_f32i64 has bitcode for sm_80, sm_90, none at or below the target sm_75");
    let sel = reg.lookup("argmax", ElementType::BF16, IndexType::I32, 90).unwrap();
    assert_eq!(sel.object_path(), "uk_argmax_bf16i32.sm_90.bc");
}

#[test]
fn unknown_family_is_reported() {
    let err = registry().lookup("topk", ElementType::F32, IndexType::I64, 90).unwrap_err();
    assert!(matches!(err, LookupError::UnknownFamily(ref f) if f == "topk"));
}
