// The one list of the library's families, included by `lib.rs` and by
// `build.rs` (plain comments: an included file takes no inner doc). Each
// entry names the family's module, `src/<family>/`, and its catalog (from
// `src/`) for `build.rs`. The module has `catalog.rs` (`variants()`, `harnesses()`)
// and gives `CHECK` (its `check::FamilyCheck`) and `HARNESS` (its
// `Option<check::FamilyHarness>`). Adding a family is its directory and a
// line here (and its MLIR side's line in the passes' `FAMILIES`).
families! {
    argmax: "argmax/catalog.rs",
    matmul: "matmul/catalog.rs",
}
