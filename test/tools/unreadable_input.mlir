// An input file that cannot be read is a clear error and exit code 1.
// RUN: bash -c 'ukernel-opt %t.does-not-exist; echo "exit code $?"' 2>&1 | FileCheck %s -DFILE=%t.does-not-exist
// CHECK: [[FILE]]: error: cannot open input file '[[FILE]]': No such file or directory
// CHECK: exit code 1

// A directory is not a readable input either.
// RUN: bash -c 'ukernel-opt %S; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: error: cannot open input file
// DIR: exit code 1

// Unknown options are rejected the same way.
// RUN: bash -c 'ukernel-opt --no-such-flag %s; echo "exit code $?"' 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: ukernel-opt: error: Unknown command line argument '--no-such-flag'
// FLAG: exit code 2
