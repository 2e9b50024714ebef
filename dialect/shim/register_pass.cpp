// The MLIR C API (LLVM 22) can create a pass from Rust callbacks
// (mlirCreateExternalPass) but cannot register it by name for textual
// pipelines; mlir::registerPass can. Each call of the factory must return a
// fresh pass, since the pass manager clones passes per thread.
#include "mlir-c/Pass.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

extern "C" {
typedef MlirPass (*UkPassFactory)(void *userData);

void ukRegisterExternalPass(UkPassFactory factory, void *userData) {
  mlir::registerPass([factory, userData]() -> std::unique_ptr<mlir::Pass> {
    return std::unique_ptr<mlir::Pass>(unwrap(factory(userData)));
  });
}
}
