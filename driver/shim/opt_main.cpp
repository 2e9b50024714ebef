// `ukernel-opt` is upstream's MlirOptMain with our dialect, passes and three
// options added, so that every mlir-opt flag behaves as it does there. What
// the Rust side keeps (through the hooks): the crash guard around the whole
// process, the prechecks that reject input known to crash the parser, and
// writing the output file atomically, only on success.
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

extern "C" {
struct UkOptHooks {
  // Adds the ukernel dialect to the registry; false (after printing why) on failure.
  bool (*addDialects)(MlirDialectRegistry registry);
  // Registers upstream's passes and ours by name.
  void (*registerPasses)();
  // Validates the tool's own options; prints `ukernel-opt: error: ...` and returns false when bad.
  // Each value, and whether it was given (an empty value given is an error).
  bool (*checkOptions)(MlirStringRef target, bool targetGiven, MlirStringRef ukernels, bool ukernelsGiven);
  // Turns the kernel-config remarks on or off.
  void (*setExplain)(bool explain);
  // Located error and false for input that would crash the parser.
  bool (*precheck)(MlirStringRef text, MlirStringRef file);
  // Records the stage the work is in (for the crash guard).
  void (*enterStage)(const char *stage);
  // Writes the printed output to `path` ("-": stdout); false after printing why.
  bool (*writeOutput)(MlirStringRef path, MlirStringRef bytes, bool succeeded);
};
}

namespace {
llvm::cl::OptionCategory ukernelCategory("ukernel-opt options");

struct StageInstrumentation : public mlir::PassInstrumentation {
  explicit StageInstrumentation(const UkOptHooks *hooks) : hooks(hooks) {}
  void runBeforePipeline(std::optional<mlir::OperationName>, const PipelineParentInfo &) override {
    hooks->enterStage("pass pipeline");
  }
  const UkOptHooks *hooks;
};

MlirStringRef strRef(const std::string &s) { return mlirStringRefCreate(s.data(), s.size()); }
} // namespace

extern "C" int ukOptMain(int argc, char **argv, const UkOptHooks *hooks) {
  static llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional, llvm::cl::desc("<input file>"),
                                                  llvm::cl::init("-"));
  static llvm::cl::opt<std::string> outputFilename("o", llvm::cl::desc("Output filename (written only on success)"),
                                                   llvm::cl::value_desc("filename"), llvm::cl::init("-"));
  static llvm::cl::opt<std::string> target("ukernel-target",
                                           llvm::cl::desc("Set the arch of the module's #ukernel.target (sm_XY[a])"),
                                           llvm::cl::value_desc("arch"), llvm::cl::cat(ukernelCategory));
  static llvm::cl::opt<std::string> ukernels(
      "ukernels", llvm::cl::desc("Set which ukernel families may be selected (all, none or a list)"),
      llvm::cl::value_desc("families"), llvm::cl::cat(ukernelCategory));
  static llvm::cl::opt<bool> explain("ukernel-explain",
                                     llvm::cl::desc("Show the remarks explaining each ukernel decision"),
                                     llvm::cl::cat(ukernelCategory));

  mlir::DialectRegistry registry;
  mlirRegisterAllDialects(wrap(&registry));
  if (!hooks->addDialects(wrap(&registry)))
    return 1;
  hooks->registerPasses();

  std::string helpHeader = mlir::registerCLIOptions(
      "ukernel-opt: MLIR optimizer driver with the ukernel dialect and passes", registry);
  std::string parseErrors;
  llvm::raw_string_ostream errorStream(parseErrors);
  if (!llvm::cl::ParseCommandLineOptions(argc, argv, helpHeader, &errorStream)) {
    // LLVM's "prog: Unknown command line argument ..." in the usual
    // "prog: error: ..." form.
    errorStream.flush();
    std::string prefix = (llvm::sys::path::filename(argv[0]) + ": ").str();
    llvm::StringRef rest(parseErrors);
    while (!rest.empty()) {
      auto [line, tail] = rest.split('\n');
      if (line.starts_with(prefix) && !line.substr(prefix.size()).starts_with("error: "))
        llvm::errs() << prefix << "error: " << line.substr(prefix.size()) << "\n";
      else
        llvm::errs() << line << "\n";
      rest = tail;
    }
    return 2;
  }
  if (!hooks->checkOptions(strRef(target.getValue()), target.getNumOccurrences() > 0, strRef(ukernels.getValue()),
                           ukernels.getNumOccurrences() > 0))
    return 2;
  hooks->setExplain(explain);

  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  mlir::MlirOptMainConfig userPipeline = config;
  // The user's pipeline is checked before any input is read, as the other
  // options are: a pass that does not exist is a usage error (exit 2) named
  // after its flag, not an error at an unknown location.
  {
    mlir::MLIRContext scratchContext(registry);
    mlir::PassManager scratch(&scratchContext, "builtin.module", mlir::OpPassManager::Nesting::Implicit);
    std::string messages;
    mlir::ScopedDiagnosticHandler capture(&scratchContext, [&](mlir::Diagnostic &d) {
      messages += (messages.empty() ? "" : "\n") + d.str();
      return mlir::success();
    });
    if (mlir::failed(userPipeline.setupPassPipeline(scratch))) {
      llvm::errs() << "ukernel-opt: error: --pass-pipeline: " << messages << "\n";
      return 2;
    }
  }
  std::string targetValue = target, ukernelsValue = ukernels;
  // Our passes go in front of the user's pipeline. Parsing a textual
  // pipeline replaces what a pass manager holds, so the user's pipeline is
  // set up in a scratch pass manager, printed, and parsed again behind ours.
  config.setPassPipelineSetupFn([=](mlir::PassManager &pm) -> mlir::LogicalResult {
    pm.addInstrumentation(std::make_unique<StageInstrumentation>(hooks));
    mlir::PassManager scratch(pm.getContext(), pm.getOpAnchorName(), mlir::OpPassManager::Nesting::Implicit);
    if (mlir::failed(userPipeline.setupPassPipeline(scratch)))
      return mlir::failure();
    std::string users;
    llvm::raw_string_ostream usersStream(users);
    scratch.printAsTextualPipeline(usersStream);
    usersStream.flush();
    llvm::StringRef inner(users);
    std::string anchor = pm.getOpAnchorName().str();
    if (!inner.consume_front(anchor + "(") || !inner.consume_back(")")) {
      llvm::errs() << "ukernel-opt: error: cannot put ukernel-verify-attributes in front of the pipeline '" << users
                   << "'\n";
      return mlir::failure();
    }
    std::string composed = anchor + "(ukernel-verify-attributes";
    if (!targetValue.empty() || !ukernelsValue.empty())
      composed += ",ukernel-set-target{arch=\"" + targetValue + "\" ukernels=\"" + ukernelsValue + "\"}";
    if (!inner.empty())
      composed += "," + inner.str();
    composed += ")";
    mlir::FailureOr<mlir::OpPassManager> parsed = mlir::parsePassPipeline(composed, llvm::errs());
    if (mlir::failed(parsed))
      return mlir::failure();
    static_cast<mlir::OpPassManager &>(pm) = std::move(*parsed);
    return mlir::success();
  });

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input = mlir::openInputFile(inputFilename, &errorMessage);
  std::string shownName = inputFilename == "-" ? "<stdin>" : inputFilename.getValue();
  if (!input) {
    llvm::errs() << shownName << ": error: " << errorMessage << "\n";
    return 1;
  }
  if (!hooks->precheck(mlirStringRefCreate(input->getBufferStart(), input->getBufferSize()), strRef(shownName)))
    return 1;

  std::string printed;
  llvm::raw_string_ostream output(printed);
  hooks->enterStage("parse");
  bool ok = mlir::succeeded(mlir::MlirOptMain(output, std::move(input), registry, config));
  output.flush();
  if (!hooks->writeOutput(strRef(outputFilename.getValue()), strRef(printed), ok))
    return 1;
  return ok ? 0 : 1;
}
