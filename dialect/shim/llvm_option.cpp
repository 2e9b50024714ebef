// Sets one of LLVM's command-line options by name, without parsing a command
// line: LLVMParseCommandLineOptions would exit the process if the host had
// already given the option (it may occur once). An option the host gave is
// left as the host set it.
#include "llvm/Support/CommandLine.h"

extern "C" bool ukSetLlvmOption(const char *name, const char *value) {
  auto &options = llvm::cl::getRegisteredOptions();
  auto found = options.find(name);
  if (found == options.end())
    return false;
  llvm::cl::Option *option = found->second;
  if (option->getNumOccurrences() > 0)
    return true;
  // addOccurrence returns true on error.
  return !option->addOccurrence(0, name, value);
}
