// LLVM's Linker with LinkOnlyNeeded, which the LLVM C API does not offer:
// linking a library such as libdevice brings in only the functions the
// destination calls (and what they call), not the whole library.
#include "llvm-c/Core.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"

#include <memory>

extern "C" bool ukLinkOnlyNeeded(LLVMModuleRef dst, LLVMModuleRef src) {
  std::unique_ptr<llvm::Module> source(llvm::unwrap(src));
  // Linker::linkModules returns true on error.
  return !llvm::Linker::linkModules(*llvm::unwrap(dst), std::move(source),
                                    llvm::Linker::Flags::LinkOnlyNeeded);
}
