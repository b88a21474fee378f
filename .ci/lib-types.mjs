// Checks the JS layer's declarations (www/lib/sweepmap.d.ts, element.d.ts, standalone.d.ts,
// hand-written, and view-attributes.d.ts, generated with the module from the core's settings by
// src/view/typescript.rs) against the modules they declare.
//
// tsc --checkJs (tsconfig.json) checks what imports these modules against the .d.ts files, but a
// .d.ts beside a .js hides the .js from its importers, so nothing there says the two agree. Here
// tsc writes the declarations it infers from each module's JavaScript (and its JSDoc) into a
// temporary copy of the tree, and a check file asks that each module as written be assignable to
// the module as declared: an export the .d.ts declares and the module lacks, or of another
// type (a function with fewer parameters than declared, a constant of another type), fails.
// <sweep-map>'s attribute properties are defined at run time, one per name of its lists
// DATA_ATTRIBUTES (lib/element.js) and VIEW_ATTRIBUTES (lib/view-attributes.js), so tsc cannot
// see them in the JavaScript: the check leaves exactly those out of the declared element, and
// checks instead that the .d.ts declares a property for each, and that VIEW_ATTRIBUTES is the
// core's list of settings' attributes (linkSchema().settings, from the built package).
// Which names each side exports, exactly, is tests/e2e/vite.test.mjs's. Run after .ci/build.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const modules = ["sweepmap", "element", "standalone", "view-attributes"];

const base = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2022.d.ts", "lib.esnext.disposable.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: [],
  skipLibCheck: true,
};

/** "model-b" -> "modelB": an attribute's property name. */
const camelCase = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

/** The attribute lists: DATA_ATTRIBUTES as lib/element.js writes it, VIEW_ATTRIBUTES as lib/view-attributes.js exports it. */
async function attributeLists() {
  const file = path.join(root, "www", "lib", "element.js");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const lists = {};
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const list = declaration.initializer;
      const name = declaration.name.getText(source);
      if (name !== "DATA_ATTRIBUTES") continue;
      if (!list || !ts.isArrayLiteralExpression(list)) throw new Error(`lib-types: ${name} is no longer a list`);
      lists[name] = list.elements.map((item) => item.text);
    }
  }
  if (!lists.DATA_ATTRIBUTES) throw new Error("lib-types: lib/element.js's DATA_ATTRIBUTES was not found");
  lists.VIEW_ATTRIBUTES = (await import(path.join(root, "www", "lib", "view-attributes.js"))).VIEW_ATTRIBUTES;
  return lists;
}

/**
 * The view attributes the core declares (linkSchema().settings: each setting's first attribute,
 * the one the element reflects as a property) against VIEW_ATTRIBUTES: the element's list may
 * not drift from the setting list.
 */
async function checkViewAttributes(viewAttributes) {
  const { initSync, linkSchema } = await import(path.join(root, "www", "pkg", "sweepmap.js"));
  initSync({ module: readFileSync(path.join(root, "www", "pkg", "sweepmap_bg.wasm")) });
  const declared = linkSchema()
    .settings.filter((setting) => setting.attributes.length > 0)
    .map((setting) => setting.attributes[0]);
  const missing = declared.filter((name) => !viewAttributes.includes(name));
  const extra = viewAttributes.filter((name) => !declared.includes(name));
  if (missing.length > 0 || extra.length > 0) {
    console.error(
      `lib-types: lib/view-attributes.js's VIEW_ATTRIBUTES differ from the core's settings (linkSchema().settings): ` +
        `missing ${JSON.stringify(missing)}, not a setting's attribute ${JSON.stringify(extra)}`,
    );
    process.exit(1);
  }
}

function report(diagnostics) {
  const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => "\n" };
  console.error(ts.formatDiagnostics(diagnostics, host));
}

const scratch = mkdtempSync(path.join(tmpdir(), "sweepmap-lib-types-"));
try {
  // The inferred declarations go to scratch/www/lib/NAME.d.ts; scratch/www/pkg is the built
  // packages, so that their imports of ../pkg/ resolve as in the tree.
  const inferredLib = path.join(scratch, "www", "lib");
  mkdirSync(inferredLib, { recursive: true });
  symlinkSync(path.join(root, "www", "pkg"), path.join(scratch, "www", "pkg"), "dir");
  const emitting = ts.createProgram(
    modules.map((name) => path.join(root, "www", "lib", `${name}.js`)),
    { ...base, allowJs: true, declaration: true, emitDeclarationOnly: true, rootDir: path.join(root, "www"), outDir: path.join(scratch, "www") },
  );
  const emitted = emitting.emit();
  if (emitted.emitSkipped || emitted.diagnostics.length > 0) {
    report(emitted.diagnostics);
    process.exit(1);
  }

  const lists = await attributeLists();
  await checkViewAttributes(lists.VIEW_ATTRIBUTES);
  const properties = [...lists.DATA_ATTRIBUTES, ...lists.VIEW_ATTRIBUTES].map((name) => JSON.stringify(camelCase(name)));
  const attributes = properties.join(" | ");
  const lines = [];
  for (const file of modules) {
    const name = camelCase(file);
    const declared = path.join(root, "www", "lib", `${file}.js`);
    const inferred = path.join(inferredLib, `${file}.js`);
    lines.push(`import type * as ${name}Declared from ${JSON.stringify(declared)};`);
    lines.push(`import type * as ${name}Inferred from ${JSON.stringify(inferred)};`);
    if (name === "element") {
      // Every attribute's property is declared (tsc cannot see them in the JavaScript).
      lines.push(`export const attributeProperties: Array<keyof elementDeclared.SweepMapElement> = [${properties.join(", ")}];`);
      lines.push(`type DeclaredElement = Omit<elementDeclared.SweepMapElement, ${attributes}>;`);
      lines.push(`export const instance: DeclaredElement = null as unknown as elementInferred.SweepMapElement;`);
      lines.push(`export const statics: Omit<typeof elementDeclared, "SweepMapElement"> = null as unknown as Omit<typeof elementInferred, "SweepMapElement">;`);
      lines.push(`export const observed: typeof elementDeclared.SweepMapElement.observedAttributes = null as unknown as typeof elementInferred.SweepMapElement.observedAttributes;`);
    } else {
      lines.push(`export const ${name}: typeof ${name}Declared = null as unknown as typeof ${name}Inferred;`);
    }
  }
  const check = path.join(scratch, "check.ts");
  writeFileSync(check, `${lines.join("\n")}\n`);
  const checking = ts.createProgram([check], { ...base, noEmit: true, allowImportingTsExtensions: true });
  const diagnostics = ts.getPreEmitDiagnostics(checking);
  if (diagnostics.length > 0) {
    report(diagnostics);
    console.error("lib-types: a module of www/lib/ does not match its .d.ts (above)");
    process.exit(1);
  }
  console.log(`lib-types: ${modules.map((name) => `www/lib/${name}.js`).join(", ")} match their .d.ts files`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
