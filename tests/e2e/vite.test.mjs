// The package as a dependency: a minimal Vite app (tests/fixtures/vite-app) that imports
// "sweepmap" and "sweepmap/element" by name is built with `vite build` into a temp folder,
// served, and must draw (the figure's colours at cell centres). Also: every target in
// package.json's exports exists, and the hand-written .d.ts files declare exactly the names the
// modules export (parsed with Vite's own TypeScript parser; tsc is not installed).
// Needs the wasm package built (.ci/build).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, readdir, symlink } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, parseSync } from "vite";

import { closeColour, elementPixel, fixtures, openRecordedPage, startSession, tempFolder, violations, VIRIDIS_HIGH, VIRIDIS_LOW } from "./embed.mjs";

const repository = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const manifest = JSON.parse(readFileSync(path.join(repository, "package.json"), "utf8"));

/** Every target path in an `exports` map, with the condition path that leads to it. */
function exportTargets(exports, trail = []) {
  if (typeof exports === "string") return [[trail.join(" > "), exports]];
  return Object.entries(exports).flatMap(([key, value]) => exportTargets(value, [...trail, key]));
}

const VALUE_DECLARATIONS = new Set(["VariableDeclaration", "TSDeclareFunction", "FunctionDeclaration", "ClassDeclaration", "TSEnumDeclaration"]);

/** The value (not type) names a .d.ts exports, following `export * from`, without `default`. */
function declaredValues(file) {
  const { program, errors } = parseSync(file, readFileSync(file, "utf8"), { lang: "dts" });
  assert.deepEqual(errors.map((error) => error.message), [], `${file} parses`);
  const names = [];
  for (const node of program.body) {
    if (node.type === "ExportAllDeclaration" && !node.exported) {
      const target = path.resolve(path.dirname(file), node.source.value.replace(/\.js$/, ".d.ts"));
      names.push(...declaredValues(target));
    } else if (node.type === "ExportNamedDeclaration" && node.declaration && VALUE_DECLARATIONS.has(node.declaration.type)) {
      const declaration = node.declaration;
      if (declaration.type === "VariableDeclaration") names.push(...declaration.declarations.map((item) => item.id.name));
      else names.push(declaration.id.name);
    }
  }
  return names.sort();
}

let session;
let built;
before(async () => {
  const temp = await tempFolder("vite");
  try {
    const app = path.join(temp.folder, "app");
    await cp(path.join(fixtures, "vite-app"), app, { recursive: true });
    // What npm does for "sweepmap": "file:../.." (a link), so resolution goes through exports.
    await mkdir(path.join(app, "node_modules"));
    await symlink(repository, path.join(app, "node_modules", "sweepmap"), "dir");
    const outDir = path.join(temp.folder, "dist");
    await build({ root: app, configFile: false, logLevel: "silent", build: { outDir, emptyOutDir: true } });
    built = { outDir, files: await readdir(path.join(outDir, "assets")) };
    session = await startSession(outDir, { csp: false, cleanup: temp.remove });
  } catch (error) {
    await temp.remove();
    throw error;
  }
});
after(async () => {
  await session?.close();
});

describe("the package", () => {
  test("every export target exists", () => {
    const targets = exportTargets(manifest.exports);
    assert.deepEqual(targets.map(([condition]) => condition), [
      ". > types",
      ". > default",
      "./element > types",
      "./element > default",
      "./standalone > types",
      "./standalone > default",
      "./wasm > types",
      "./wasm > default",
      "./wasm-pairwise > types",
      "./wasm-pairwise > default",
      "./wasm-importers > types",
      "./wasm-importers > default",
      "./wasm-slice > types",
      "./wasm-slice > default",
      "./sweepmap_bg.wasm",
      "./pairwise/sweepmap_bg.wasm",
      "./importers/sweepmap_bg.wasm",
      "./slice/sweepmap_bg.wasm",
      "./standalone.html",
      "./pairwise/standalone.html",
      "./package.json",
    ]);
    for (const [condition, target] of targets) {
      assert.ok(existsSync(path.join(repository, target)), `${condition}: ${target} exists`);
    }
    assert.equal(manifest.main, manifest.exports["."].default);
    assert.equal(manifest.types, manifest.exports["."].types);
    for (const file of manifest.files) assert.ok(existsSync(path.join(repository, file)), `files: ${file} exists`);
  });

  test("the .d.ts files declare exactly the values the modules export", async () => {
    const entry = await import("../../www/lib/sweepmap.js");
    assert.deepEqual(declaredValues(path.join(repository, "www/lib/sweepmap.d.ts")), Object.keys(entry).sort());
    assert.deepEqual(declaredValues(path.join(repository, "www/lib/element.d.ts")), ["SweepMapElement"]);
    const standalone = await import("../../www/lib/standalone.js");
    assert.deepEqual(declaredValues(path.join(repository, "www/lib/standalone.d.ts")), Object.keys(standalone).sort());
    assert.ok(Object.keys(entry).includes("SweepFigure") && Object.keys(entry).includes("load"));
  });
});

describe("a Vite app that depends on sweepmap", { timeout: 120_000 }, () => {
  test("vite build ships the four wasm packages as assets", () => {
    // The default package, the pairwise one, which the app fetches only for per-item scores,
    // the importers, fetched only for other tools' files, and the slice package, only for a
    // slice.
    assert.equal(built.files.filter((file) => /^sweepmap_bg-[\w-]+\.wasm$/.test(file)).length, 4, built.files.join(", "));
  });

  test("the built app draws the figure, with both imports resolved through exports", async () => {
    const { page, context, problems, requests } = await openRecordedPage(session, "");
    await page.waitForFunction(() => window.app?.rendered || window.app?.error, null, { timeout: 20_000 });
    const app = await page.evaluate(() => window.app);
    assert.equal(app.error, null);
    assert.deepEqual(app.rendered.panels, ["A | T"]);
    assert.equal(app.rendered.loaded, true);
    assert.ok(app.rendered.colorMaps > 0);
    assert.deepEqual(app.elementExports, declaredValues(path.join(repository, "www/lib/element.d.ts")));
    assert.deepEqual(app.apiExports, declaredValues(path.join(repository, "www/lib/sweepmap.d.ts")));
    // One wasm fetched: the default package (the pairwise one is only fetched for per-item
    // scores, the importers for other tools' files, the slice package for a slice).
    assert.equal(requests.filter((url) => url.endsWith(".wasm")).length, 1);

    // accuracy: 0.25 at (0.1, 500) is the lowest cell, 1 at (0.2, 1000) the highest.
    assert.ok(closeColour(await elementPixel(page, "figure", { panel: 0, x: 0, y: 0 }), VIRIDIS_LOW));
    assert.ok(closeColour(await elementPixel(page, "figure", { panel: 0, x: 1, y: 1 }), VIRIDIS_HIGH));
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
