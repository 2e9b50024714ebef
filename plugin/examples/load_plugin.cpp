// A compiler driver of its own that loads the ukernel plugin, as an MLIR-based
// C++ compiler would: the dialect through the dialect plugin, the passes
// through the pass plugin, then a textual pipeline on the input.
//
//   clang++ -std=c++17 $(llvm-config --cxxflags) load_plugin.cpp -lMLIR -lLLVM -o load_plugin
//   ./load_plugin libukernel_mlir_plugin.so 'builtin.module(ukernel-kernel-config)' in.mlir
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 4) {
    llvm::errs() << "usage: " << argv[0] << " <plugin.so> <pipeline> <input.mlir>\n";
    return 2;
  }
  auto dialects = mlir::DialectPlugin::load(argv[1]);
  auto passes = mlir::PassPlugin::load(argv[1]);
  if (!dialects || !passes) {
    llvm::errs() << "cannot load " << argv[1] << ": " << llvm::toString(dialects.takeError())
                 << llvm::toString(passes.takeError()) << "\n";
    return 1;
  }
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  dialects->registerDialectRegistryCallbacks(registry);
  passes->registerPassRegistryCallbacks();

  mlir::MLIRContext context(registry);
  llvm::SourceMgr sources;
  mlir::SourceMgrDiagnosticHandler diagnostics(sources, &context);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceFile<mlir::ModuleOp>(argv[3], sources, &context);
  if (!module)
    return 1;
  // The pipeline names its anchor (builtin.module(...)); the pass manager
  // takes the parsed one whole.
  mlir::FailureOr<mlir::OpPassManager> pipeline = mlir::parsePassPipeline(argv[2], llvm::errs());
  if (mlir::failed(pipeline))
    return 1;
  mlir::PassManager pm(&context, pipeline->getOpAnchorName());
  static_cast<mlir::OpPassManager &>(pm) = std::move(*pipeline);
  if (mlir::failed(pm.run(*module)))
    return 1;
  module->print(llvm::outs());
  return 0;
}
