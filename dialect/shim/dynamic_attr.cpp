// Access to IRDL-defined (dynamic) attributes, which the MLIR C API lacks:
// read an attribute's dialect, name and parameters, and build one from its
// parameters without going through text.
#include "mlir-c/IR.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/ExtensibleDialect.h"
#include "mlir/IR/Location.h"

#include "llvm/ADT/SmallVector.h"

using namespace mlir;

extern "C" {

// Parameter count of a dynamic attribute, or -1 when `attr` is not one.
intptr_t ukDynamicAttrNumParams(MlirAttribute attr) {
  auto dyn = llvm::dyn_cast<DynamicAttr>(unwrap(attr));
  return dyn ? static_cast<intptr_t>(dyn.getParams().size()) : -1;
}

MlirAttribute ukDynamicAttrGetParam(MlirAttribute attr, intptr_t pos) {
  auto dyn = llvm::cast<DynamicAttr>(unwrap(attr));
  return wrap(dyn.getParams()[pos]);
}

// The defining dialect's namespace; empty when `attr` is not dynamic.
MlirStringRef ukDynamicAttrDialect(MlirAttribute attr) {
  auto dyn = llvm::dyn_cast<DynamicAttr>(unwrap(attr));
  if (!dyn)
    return wrap(llvm::StringRef());
  return wrap(dyn.getAttrDef()->getDialect()->getNamespace());
}

// The attribute's name without the dialect prefix; empty when not dynamic.
MlirStringRef ukDynamicAttrName(MlirAttribute attr) {
  auto dyn = llvm::dyn_cast<DynamicAttr>(unwrap(attr));
  if (!dyn)
    return wrap(llvm::StringRef());
  return wrap(dyn.getAttrDef()->getName());
}

// Builds `#dialect.name<params...>`; a null attribute when the dialect or
// attribute is unknown or the parameters fail the definition's verifier (the
// verifier's diagnostic is reported at an unknown location).
MlirAttribute ukDynamicAttrGet(MlirContext ctx, MlirStringRef dialect,
                               MlirStringRef name, intptr_t numParams,
                               const MlirAttribute *params) {
  MLIRContext *context = unwrap(ctx);
  auto *ext = llvm::dyn_cast_or_null<ExtensibleDialect>(
      context->getLoadedDialect(unwrap(dialect)));
  if (!ext)
    return MlirAttribute{nullptr};
  DynamicAttrDefinition *def = ext->lookupAttrDefinition(unwrap(name));
  if (!def)
    return MlirAttribute{nullptr};
  llvm::SmallVector<Attribute> values;
  for (intptr_t i = 0; i < numParams; ++i)
    values.push_back(unwrap(params[i]));
  auto emit = [&]() { return emitError(UnknownLoc::get(context)); };
  return wrap(static_cast<Attribute>(DynamicAttr::getChecked(emit, def, values)));
}
}

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

extern "C" {
// The bytes behind a `dense_resource` elements attribute, without copying.
// False when `attr` is not one or its blob has been released.
bool ukDenseResourceBytes(MlirAttribute attr, const char **data, size_t *size) {
  auto res = llvm::dyn_cast<DenseResourceElementsAttr>(unwrap(attr));
  if (!res)
    return false;
  AsmResourceBlob *blob = res.getRawHandle().getBlob();
  if (!blob)
    return false;
  llvm::ArrayRef<char> bytes = blob->getData();
  *data = bytes.data();
  *size = bytes.size();
  return true;
}
}

#include "mlir/IR/MLIRContext.h"

extern "C" {
// Whether an op's verifier diagnostics carry a "see current operation" note;
// off for --verify-diagnostics, as in mlir-opt.
void ukContextSetPrintOpOnDiagnostic(MlirContext ctx, bool enable) {
  unwrap(ctx)->printOpOnDiagnostic(enable);
}
}

extern "C" {
// Emits a diagnostic of any severity (the C API has only errors):
// 0 error, 1 warning, 2 remark.
void ukEmitDiagnostic(MlirLocation loc, int severity, MlirStringRef message) {
  Location l = unwrap(loc);
  llvm::StringRef text = unwrap(message);
  switch (severity) {
  case 1:
    emitWarning(l) << text;
    break;
  case 2:
    emitRemark(l) << text;
    break;
  default:
    emitError(l) << text;
  }
}
}

#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/BuiltinTypes.h"

extern "C" {
// A dense_resource attribute named `name` over `size` bytes at `data`, which
// must outlive the context (the blob is not copied). When a blob of that
// name already refers to exactly these bytes, its attribute is reused, so
// that every use of one embedded object is one resource, not name_1, name_2...
MlirAttribute ukStaticDenseResource(MlirType type, MlirStringRef name, const void *data, size_t size) {
  auto shaped = llvm::cast<ShapedType>(unwrap(type));
  MLIRContext *ctx = shaped.getContext();
  auto &manager = DenseResourceElementsHandle::getManagerInterface(ctx).getBlobManager();
  if (auto *entry = manager.lookup(unwrap(name))) {
    const AsmResourceBlob *blob = entry->getBlob();
    if (blob && blob->getData().data() == static_cast<const char *>(data) && blob->getData().size() == size)
      return wrap(static_cast<Attribute>(DenseResourceElementsAttr::get(
          shaped, DenseResourceElementsHandle(entry, ctx->getLoadedDialect<BuiltinDialect>()))));
  }
  llvm::ArrayRef<char> bytes(static_cast<const char *>(data), size);
  return wrap(static_cast<Attribute>(DenseResourceElementsAttr::get(
      shaped, unwrap(name), UnmanagedAsmResourceBlob::allocateWithAlign(bytes, 1))));
}
}
