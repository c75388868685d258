// Every named type a project meets through the package's public surface can be named from 'pricecrawl' too. Before,
// `res.visiblePrice()` returned a VisiblePriceResult, `spider.closed` carried a CrawlSnapshot and a run summary a
// LedgerSummary that no project could import without reaching into the package's private paths.
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const INDEX = resolve(import.meta.dirname, '../../src/index.ts');

/**
 * Types a project only receives, never writes or names: how a response is made inside the package, the live
 * browser page's internals, a hop's deadline, a request's session handle, its serialised form, the storage client
 * behind a queue and the run timeline of a summary. Generic parameters are named by one letter.
 */
const RECEIVED_ONLY = new Set(['CrawlResponseInit', 'LivePage', 'HopDeadline', 'RequestSession', 'SerializedRequest', 'FrontierStorageClient', 'TimelineSnapshot']);

/** Named types declared in the package, reached from `exported` through members, parameters and results (4 levels). */
function reachedTypes(): Map<string, string> {
  const program = ts.createProgram([INDEX], { strict: true, skipLibCheck: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022 });
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(INDEX)!)!;
  const exports = checker.getExportsOfModule(moduleSymbol);
  const exported = new Set(exports.map((symbol) => symbol.name));
  const seen = new Set<ts.Type>();
  const reached = new Map<string, string>();
  const visit = (type: ts.Type, depth: number, via: string): void => {
    if (depth > 4 || seen.has(type)) return;
    seen.add(type);
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const file = symbol?.declarations?.[0]?.getSourceFile().fileName ?? '';
    if (file.includes('node_modules')) return;
    const named = symbol && /^[A-Z][A-Za-z]+$/.test(symbol.name) && symbol.name.length > 1 && !symbol.name.startsWith('__');
    if (named && !exported.has(symbol.name) && !reached.has(symbol.name)) reached.set(symbol.name, via);
    if (type.isUnionOrIntersection()) type.types.forEach((part) => visit(part, depth + 1, via));
    for (const argument of [...(type.aliasTypeArguments ?? []), ...(type.flags & ts.TypeFlags.Object ? checker.getTypeArguments(type as ts.TypeReference) : [])]) visit(argument, depth + 1, via);
    for (const property of type.getProperties()) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      const hidden = declaration && ts.canHaveModifiers(declaration) && ts.getModifiers(declaration)?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword);
      if (!declaration || hidden || property.name.startsWith('_')) continue;
      visit(checker.getTypeOfSymbolAtLocation(property, declaration), depth + 1, `${via}.${property.name}`);
    }
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
      visit(signature.getReturnType(), depth + 1, `${via}()`);
      for (const parameter of signature.getParameters()) if (parameter.valueDeclaration) visit(checker.getTypeOfSymbolAtLocation(parameter, parameter.valueDeclaration), depth + 1, `${via}(${parameter.name})`);
    }
  };
  for (const symbol of exports) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const declaration = target.declarations?.[0];
    if (!declaration) continue;
    if (target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class)) visit(checker.getDeclaredTypeOfSymbol(target), 0, symbol.name);
    if (target.flags & ts.SymbolFlags.Value) visit(checker.getTypeOfSymbolAtLocation(target, declaration), 0, symbol.name);
  }
  return reached;
}

describe('the public surface', { timeout: 120_000 }, () => {
  it('names every type a project meets through it', () => {
    const unexported = [...reachedTypes()].filter(([name]) => !RECEIVED_ONLY.has(name)).map(([name, via]) => `${name} (via ${via})`);
    expect(unexported).toEqual([]);
  });
});
