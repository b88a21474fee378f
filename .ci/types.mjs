// Checks that both built packages declare the generated TypeScript types as they are.
//
// src/wasm/generated.d.ts holds the declarations generated from the Rust result types (a native
// test, src/typescript.rs, fails when they drift from the Rust types), src/wasm/options.d.ts
// those of the option objects, generated from the view settings (src/view/typescript.rs).
// src/wasm/mod.rs hands the files to wasm-bindgen, which writes them into each package's
// sweepmap.d.ts, re-indented. This script parses the files and both built .d.ts files with the
// TypeScript compiler and compares every generated declaration, printed without comments and
// layout, with the built one of that name: a build from stale sources, or a hand-written
// declaration of the same name, fails here.
// Run after .ci/build (.ci/test does).
import { readFileSync } from "node:fs";
import ts from "typescript";

const root = new URL("../", import.meta.url);
const printer = ts.createPrinter({ removeComments: true });

/** Every top-level type alias and interface of a .d.ts file, by name, printed. */
function declarations(path) {
  const text = readFileSync(new URL(path, root), "utf8");
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found = new Map();
  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) {
      const name = statement.name.text;
      const printed = printer.printNode(ts.EmitHint.Unspecified, statement, file);
      found.set(name, [...(found.get(name) ?? []), printed]);
    }
  }
  return found;
}

const generated = new Map();
for (const file of ["src/wasm/generated.d.ts", "src/wasm/options.d.ts"]) {
  const declared = declarations(file);
  if (declared.size === 0) {
    console.error(`types: ${file} declares nothing`);
    process.exit(1);
  }
  for (const [name, texts] of declared) generated.set(name, [...(generated.get(name) ?? []), ...texts]);
}
let problems = 0;
for (const built of ["www/pkg/sweepmap.d.ts", "www/pkg/pairwise/sweepmap.d.ts"]) {
  const declared = declarations(built);
  for (const [name, [text]] of generated) {
    const there = declared.get(name) ?? [];
    if (there.length === 0) {
      console.error(`types: ${built} lacks the generated type ${name}; run bash .ci/build`);
      problems += 1;
    } else if (there.length > 1) {
      console.error(`types: ${built} declares ${name} ${there.length} times: remove the hand-written one`);
      problems += 1;
    } else if (there[0] !== text) {
      console.error(`types: ${built} declares ${name} otherwise than src/wasm/ generates it:\n${there[0]}\nexpected:\n${text}`);
      problems += 1;
    }
  }
}
if (problems > 0) process.exit(1);
console.log(`types: both packages declare the ${generated.size} generated types as generated`);
