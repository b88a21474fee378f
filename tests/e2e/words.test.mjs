// The TypeScript types spell the words of the word options out: by hand (`format?: "auto" | ...`)
// in src/wasm/mod.rs, src/wasm/pairwise.rs and www/lib/element.d.ts, or through the word types
// generated from the core's lists (`layout?: Layout | null`, src/typescript.rs). The core's words
// are in src/figure/words.rs and src/link/view.rs, and linkSchema() lists them: each union in the
// types, with the word types it names spelled out, must be exactly one of those lists, in its order.

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { initSync, linkSchema } from "../../www/pkg/sweepmap.js";

initSync({ module: readFileSync(new URL("../../www/pkg/sweepmap_bg.wasm", import.meta.url)) });
const schema = linkSchema();

const wasmTypes = readFileSync(new URL("../../www/pkg/sweepmap.d.ts", import.meta.url), "utf8");
const elementTypes = readFileSync(new URL("../../www/lib/element.d.ts", import.meta.url), "utf8");

/** The body of `interface name { ... }` or `type name = { ... };` in a .d.ts text (up to its
 *  closing brace on a line of its own). */
function interfaceBody(types, name) {
  const match = new RegExp(`(?:interface ${name}|type ${name} =) \\{\\n([\\s\\S]*?)\\n\\s*\\};?\\n`).exec(types);
  assert.ok(match, `interface ${name} is declared`);
  return match[1];
}

/** A union type with the word types it names (`export type Layout = "model" | ...;` in `types`)
 *  spelled out: `Layout | null` gives `"model" | ... | null`. */
function spellOut(union, types) {
  return union.replace(/\b[A-Z]\w*\b/g, (name) => {
    const alias = new RegExp(`^export type ${name} = ([^;{]+);$`, "m").exec(types);
    return alias ? alias[1] : name;
  });
}

/** The string literals of a field's union type, in order: `layout?: "a" | "b" | null;` gives ["a", "b"]. */
function wordsOf(body, field) {
  const match = new RegExp(`^\\s*${field}\\??: ([^;,]+)[;,]$`, "m").exec(body);
  assert.ok(match, `field ${field} is declared`);
  return [...spellOut(match[1], wasmTypes).matchAll(/"([^"]*)"/g)].map((literal) => literal[1]);
}

describe("the word options' TypeScript types", () => {
  test("sweep figure options take the layouts and ranges linkSchema() lists", () => {
    for (const name of ["FigureOptions", "ResolvedFigureOptions"]) {
      const body = interfaceBody(wasmTypes, name);
      assert.deepEqual(wordsOf(body, "layout"), schema.layouts, `${name}.layout`);
      assert.deepEqual(wordsOf(body, "domain"), schema.ranges, `${name}.domain`);
    }
  });

  test("pairwise figure options take the bin values and pairwise ranges", () => {
    for (const name of ["PairwiseFigureOptions", "ResolvedPairwiseFigureOptions"]) {
      const body = interfaceBody(wasmTypes, name);
      assert.deepEqual(wordsOf(body, "value"), schema.binValues, `${name}.value`);
      assert.deepEqual(wordsOf(body, "domain"), schema.pairwiseRanges, `${name}.domain`);
    }
  });

  test("loaders, guessKind and the element take the formats", () => {
    for (const name of ["LoadOptions", "PairwiseLoadOptions"]) {
      assert.deepEqual(wordsOf(interfaceBody(wasmTypes, name), "format"), schema.formats, `${name}.format`);
    }
    const guessKind = /export function guessKind\(text: string, format: ([^)]+)\)/.exec(wasmTypes);
    assert.ok(guessKind, "guessKind is declared");
    assert.deepEqual([...guessKind[1].matchAll(/"([^"]*)"/g)].map((literal) => literal[1]), schema.formats);
    assert.deepEqual(elementTypes.match(/^\s*format: ([^;]+);$/m)?.[1].match(/"[^"]*"/g).map(JSON.parse), schema.formats);
  });
});
