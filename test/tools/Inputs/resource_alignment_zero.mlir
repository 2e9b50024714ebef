module {
  func.func @f() -> tensor<2xf32> {
    %c = arith.constant dense_resource<blob1> : tensor<2xf32>
    return %c : tensor<2xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      blob1: "0x000000000000803F00000040"
    }
  }
#-}
