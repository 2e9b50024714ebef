// A #ukernel.target whose arch is not a string.

module attributes {ukernel.target = #ukernel.target<{arch = 90 : i64, ukernels = "all"}>} {
  func.func @f() {
    return
  }
}
