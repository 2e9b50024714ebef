// What a host MLIR tool needs from us beyond passes registered by name, and
// the C API cannot express:
// - the `ukernel` dialect as a registry entry, so that any context created
//   from the registry (a host's, ours) loads it by name when the parser
//   first meets `#ukernel.*`. Its definition is the IRDL text: read in a
//   scratch context and turned into dynamic attribute definitions, since
//   IRDL's own loader cannot fill a dialect that a registry is creating (it
//   creates the dialect itself), nor run while a context is constructed;
// - a pass pipeline with options (`ukernel-set-target{arch=... ukernels=...}`),
//   since passes created from Rust callbacks take no options.
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/IRDL/IR/IRDL.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

#include <string>

namespace {
// One attribute of the IRDL text: its name and, per parameter, the base
// attribute it must be (`irdl.base "#builtin.dictionary"`), e.g.
// "builtin.dictionary".
struct AttrShape {
  std::string name;
  std::vector<std::string> bases;
};

// Reads the attributes of `irdl.dialect @<dialect>` from `source`. Only the
// constraints the dialect uses (`irdl.base` of a named attribute) are
// understood; anything else is an error, so that the definition never
// silently accepts more than its IRDL says.
bool readIRDL(llvm::StringRef source, llvm::StringRef dialect, std::vector<AttrShape> &shapes, std::string &error) {
  mlir::MLIRContext scratch(mlir::MLIRContext::Threading::DISABLED);
  scratch.loadDialect<mlir::irdl::IRDLDialect>();
  mlir::ParserConfig config(&scratch);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceString<mlir::ModuleOp>(source, config);
  if (!module) {
    error = "the IRDL definition does not parse";
    return false;
  }
  bool found = false;
  for (auto dialectOp : module->getOps<mlir::irdl::DialectOp>()) {
    if (dialectOp.getSymName() != dialect)
      continue;
    found = true;
    for (auto attrOp : dialectOp.getBody().getOps<mlir::irdl::AttributeOp>()) {
      AttrShape shape{attrOp.getSymName().str(), {}};
      for (auto params : attrOp.getBody().getOps<mlir::irdl::ParametersOp>()) {
        for (mlir::Value arg : params.getArgs()) {
          auto base = arg.getDefiningOp<mlir::irdl::BaseOp>();
          if (!base || !base.getBaseName()) {
            error = "attribute '" + shape.name + "': only irdl.base \"#dialect.name\" constraints are supported";
            return false;
          }
          shape.bases.push_back(base.getBaseName()->str().substr(1)); // drop '#'
        }
      }
      shapes.push_back(std::move(shape));
    }
  }
  if (!found)
    error = "no irdl.dialect @" + dialect.str() + " in the IRDL definition";
  return found;
}

void defineAttributes(mlir::DynamicDialect *dialect, const std::vector<AttrShape> &shapes) {
  for (const AttrShape &shape : shapes) {
    std::string qualified = dialect->getNamespace().str() + "." + shape.name;
    auto verifier = [shape, qualified](llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                                       llvm::ArrayRef<mlir::Attribute> params) -> mlir::LogicalResult {
      if (params.size() != shape.bases.size())
        return emitError() << "#" << qualified << " expects " << shape.bases.size() << " parameter(s), got "
                           << params.size();
      for (size_t i = 0; i < params.size(); ++i) {
        llvm::StringRef got = params[i].getAbstractAttribute().getName();
        if (got != shape.bases[i])
          return emitError() << "expected base attribute '" << shape.bases[i] << "' but got '" << got << "'";
      }
      return mlir::success();
    };
    dialect->registerDynamicAttr(mlir::DynamicAttrDefinition::get(shape.name, dialect, std::move(verifier)));
  }
}

struct SetTargetOptions : public mlir::PassPipelineOptions<SetTargetOptions> {
  Option<std::string> arch{*this, "arch",
                           llvm::cl::desc("Target arch, e.g. sm_90 or sm_90a (default: the module's, else sm_90)")};
  Option<std::string> ukernels{*this, "ukernels",
                               llvm::cl::desc("Ukernel families that may be selected: all, none or a list")};
};
} // namespace

extern "C" {
// Returns false and fills the error (through `report`) when the options are
// invalid; otherwise adds the passes to `pm`.
typedef bool (*UkSetTargetBuilder)(MlirOpPassManager pm, MlirStringRef arch, MlirStringRef ukernels,
                                   void (*report)(void *, MlirStringRef), void *reportData);

// Adds the dialect `name`, defined by the IRDL text `irdl`, to `registry`.
// Returns false with `error` set when the text cannot define it.
bool ukRegistryInsertIRDLDialect(MlirDialectRegistry registry, MlirStringRef name, MlirStringRef irdl,
                                 void (*report)(void *, MlirStringRef), void *reportData) {
  std::vector<AttrShape> shapes;
  std::string error;
  if (!readIRDL(unwrap(irdl), unwrap(name), shapes, error)) {
    report(reportData, mlirStringRefCreate(error.data(), error.size()));
    return false;
  }
  unwrap(registry)->insertDynamic(unwrap(name), [shapes](mlir::MLIRContext *, mlir::DynamicDialect *dialect) {
    defineAttributes(dialect, shapes);
  });
  return true;
}

void ukRegisterSetTargetPipeline(MlirStringRef argument, MlirStringRef description, UkSetTargetBuilder builder) {
  mlir::registerPassPipeline(
      unwrap(argument), unwrap(description),
      [builder](mlir::OpPassManager &pm, llvm::StringRef optionsText,
                llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler) {
        SetTargetOptions options;
        if (mlir::failed(options.parseFromString(optionsText)))
          return mlir::failure();
        std::string error;
        auto report = [](void *data, MlirStringRef message) {
          *static_cast<std::string *>(data) = std::string(message.data, message.length);
        };
        const std::string &arch = options.arch;
        const std::string &ukernels = options.ukernels;
        if (!builder(wrap(&pm), mlirStringRefCreate(arch.data(), arch.size()),
                     mlirStringRefCreate(ukernels.data(), ukernels.size()), report, &error))
          return errorHandler(error);
        return mlir::success();
      },
      [](llvm::function_ref<void(const mlir::detail::PassOptions &)> optHandler) { optHandler(SetTargetOptions()); });
}
}
