// Inputs that crash upstream MLIR's parser (a non-string iterator type, also
// behind a comment, an iterator-type attribute in linalg.generic's custom
// form, a resource blob with alignment 0, nesting thousands deep) are
// located errors with exit code 1 in ukc and ukernel-opt, checked before
// parsing.
// RUN: bash -c 'ukc compile %S/Inputs/iterator_types_unit.mlir -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=ITER
// RUN: bash -c 'ukernel-opt %S/Inputs/iterator_types_unit.mlir; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=ITER
// RUN: bash -c 'ukc compile %S/Inputs/iterator_types_behind_comment.mlir -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=COMMENT
// RUN: bash -c 'ukc compile %S/Inputs/iterator_types_attribute_in_custom_form.mlir -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=ATTR
// RUN: bash -c 'ukernel-opt %S/Inputs/iterator_types_attribute_in_custom_form.mlir; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=ATTR
// RUN: bash -c 'ukc compile %S/Inputs/resource_alignment_zero.mlir -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=BLOB
// RUN: bash -c 'ukernel-opt %S/Inputs/resource_alignment_zero.mlir; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=BLOB
// RUN: python3 -c "print('module {' * 5000 + '}' * 5000)" > %t.deep.mlir
// RUN: bash -c 'ukc compile %t.deep.mlir -o %t.pkg; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=DEEP
// RUN: python3 -c "print('func.func @f() { %%0 = arith.constant ' + '[' * 20000 + ']' * 20000 + ' : i32 }')" > %t.brackets.mlir
// RUN: bash -c 'ukernel-opt %t.brackets.mlir; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=BRACKETS
// RUN: bash -c 'test -e %t.pkg && echo package written || echo no package' 2>&1 | FileCheck %s --check-prefix=NONE

// ITER: iterator_types_unit.mlir:2:112: error: iterator_types entry 'unit' is not "parallel" or "reduction"
// ITER-NEXT: exit code 1
// COMMENT: iterator_types_behind_comment.mlir:3:5: error: iterator_types entry 'unit' is not "parallel" or "reduction"
// COMMENT-NEXT: exit code 1
// ATTR: iterator_types_attribute_in_custom_form.mlir:2:128: error: iterator_types entry '#linalg.iterator_type<parallel>' in linalg.generic's custom form must be "parallel" or "reduction" (the attribute is for the generic op form)
// ATTR-NEXT: exit code 1
// BLOB: resource_alignment_zero.mlir:10:14: error: resource blob alignment 0 (its first 4 bytes) is not a power of two
// BLOB-NEXT: exit code 1
// DEEP: deep.mlir:1:4104: error: nesting deeper than 512 levels of brackets, braces or parentheses
// DEEP-NEXT: exit code 1
// BRACKETS: brackets.mlir:1:549: error: nesting deeper than 512 levels
// BRACKETS-NEXT: exit code 1
// NONE: no package
module {}
