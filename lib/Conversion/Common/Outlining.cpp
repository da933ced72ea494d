//===- Outlining.cpp - Lowerings as calls of private functions -----------===//
//
// Part of the rng-mlir project.
//
//===----------------------------------------------------------------------===//

#include "rng/Conversion/Common/Outlining.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::rng;

bool FunctionOutliner::canOutline(Operation *op) const {
  if (SymbolTable::getNearestSymbolTable(op->getParentOp()) != symbolTableOp)
    return false;
  // Device code inside host functions (a gpu.launch, omp.target or
  // OpenACC compute region) stays inline: a call there would name a host
  // function.
  for (Operation *parent = op->getParentOp(); parent != symbolTableOp;
       parent = parent->getParentOp()) {
    StringRef name = parent->getName().getStringRef();
    if (name == "gpu.launch" || name == "omp.target" ||
        parent->getName().getDialectNamespace() == "acc")
      return false;
  }
  auto function = op->getParentOfType<func::FuncOp>();
  return !function || !created.contains(function);
}

std::string FunctionOutliner::mangleType(Type type) {
  std::string name;
  if (auto vectorType = dyn_cast<VectorType>(type)) {
    // v<dims>_ (v_ for a 0-D vector), dims as 4x[4] -> 4xs4.
    name += "v";
    for (auto [size, scalable] :
         llvm::zip_equal(vectorType.getShape(), vectorType.getScalableDims()))
      name += (scalable ? "s" : "") + std::to_string(size) + "x";
    if (vectorType.getRank() > 0)
      name.pop_back();
    name += "_";
  }
  std::string element;
  llvm::raw_string_ostream os(element);
  getElementTypeOrSelf(type).print(os);
  return name + element;
}

std::string FunctionOutliner::getSignatureName(Operation *op) {
  std::string name = op->getName().getStringRef().str();
  for (Type type : op->getOperandTypes())
    name += "_" + mangleType(type);
  for (Type type : op->getResultTypes())
    name += "_" + mangleType(type);
  if (op->getAttrs().empty())
    return name;
  std::string attributes;
  llvm::raw_string_ostream os(attributes);
  op->getAttrDictionary().print(os);
  name += "_";
  for (char c : attributes)
    if (llvm::isAlnum(c) || c == '_')
      name += c;
    else if (c == '-')
      name += 'm';
    else if (c == '.')
      name += 'p';
    else if (name.back() != '_')
      name += '_';
  if (name.back() == '_')
    name.pop_back();
  return name;
}

SmallVector<Value> FunctionOutliner::buildCall(OpBuilder &builder, Location loc,
                                               StringRef name,
                                               ValueRange operands,
                                               TypeRange resultTypes,
                                               BodyBuilder buildBody) {
  Operation *&function = functions[name];
  if (!function) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&symbolTableOp->getRegion(0).front());
    Location functionLoc = symbolTableOp->getLoc();
    std::string unique = name.str();
    for (unsigned suffix = 0;
         SymbolTable::lookupSymbolIn(symbolTableOp, unique); ++suffix)
      unique = (name + "_" + Twine(suffix)).str();
    auto funcOp = func::FuncOp::create(
        builder, functionLoc, unique,
        builder.getFunctionType(operands.getTypes(), resultTypes));
    funcOp.setPrivate();
    funcOp->setAttr(
        "llvm.linkage",
        LLVM::LinkageAttr::get(builder.getContext(), LLVM::Linkage::Internal));
    // Outlining keeps our lowering linear in the op count; the code should
    // still run as fast as the inline lowering, so LLVM inlines every call
    // (func-to-llvm carries the attribute to llvm.func, LLVM IR's
    // alwaysinline). Without it LLVM's cost model keeps hundreds of calls of
    // a Philox function in a hot loop: 27 % slower with 300 rng.rand ops.
    funcOp->setAttr("always_inline", builder.getUnitAttr());
    Block *entry = funcOp.addEntryBlock();
    builder.setInsertionPointToStart(entry);
    SmallVector<Value> results =
        buildBody(builder, functionLoc, entry->getArguments());
    func::ReturnOp::create(builder, functionLoc, results);
    function = funcOp;
    created.insert(funcOp);
  }
  auto call = func::CallOp::create(builder, loc, cast<func::FuncOp>(function),
                                   operands);
  return SmallVector<Value>(call.getResults());
}
