// Every function and method the wasm module exports, called with wrong arguments from
// JavaScript: undefined, null, wrong types, NaN, infinities, negative and huge sizes, objects of
// another class. Each call must return or throw an Error (wasm-bindgen's own TypeErrors count);
// none may trap (a WebAssembly.RuntimeError: the release build aborts on a panic, which would
// leave the module unusable). Afterwards the same module still loads data and draws, and the
// explorer around it still works.
//
// The exports are enumerated at run time, so a function added later is covered without editing
// this file.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { openPage, shownDataset, startSession } from "./browser.mjs";

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("wrong arguments to every wasm export", { timeout: 300_000 }, () => {
  test("return or throw an Error, never trap, and leave the module working", async () => {
    const { page, problems } = await openPage(session, "?dataset=kv-cache-sweep");
    await shownDataset(page);
    // Both packages: the default one the page loads (with run tables: openSweep), and the
    // pairwise one (per-item scores and their figure instead of run tables).
    const outcomes = await page.evaluate(async () => {
      const api = await import(new URL("lib/sweepmap.js", location.href).href);
      const results = [];
      for (const wasm of [await api.load(), await api.loadPairwiseApi()]) results.push(await exercise(wasm));
      return results;
      async function exercise(wasm) {
      const hasPairwise = typeof wasm.loadPairwise === "function";
      const hasTables = typeof wasm.openSweep === "function";
      const sweepCsv = "lr,wd,bs,seed,acc,loss\n1,1,8,1,0.5,2\n2,1,8,1,0.6,1\n1,2,16,1,0.7,3\n2,2,16,2,0.8,1\n1,1,16,2,0.4,2\n";
      const csv = "model,benchmark,ratio,window,pass@1\nA,B,0.1,500,40\nA,B,0.2,500,41\nA,B,0.1,1000,42\nA,B,0.2,1000,43\n";
      const pairwiseCsv = "item,model,score\nt1,a,0.5\nt1,b,0.25\nt2,a,1\nt2,b,0\n";
      const canvas = () => {
        const element = document.createElement("canvas");
        document.body.append(element);
        return element;
      };
      const dataset = wasm.loadCsv(csv);
      const pairwise = hasPairwise ? wasm.loadPairwise(pairwiseCsv) : null;
      const wrong = [
        undefined, null, NaN, Infinity, -Infinity, -1, -0, 0, 2 ** 32, 2 ** 53, 1e308, 1.5, "", "x",
        "<img src=x onerror=alert(1)>", true, {}, [], [1, 2], { width: -5, height: 1e9 },
        { layout: 42, colorMap: {}, width: -1, decimals: 1e9, min: NaN, max: "a" },
        new Uint8Array([0xff, 0xfe, 0]), () => 1, 10n, dataset, ...(hasPairwise ? [pairwise] : []), document.body,
      ];
      const describe = (value) => {
        if (typeof value === "function") return "a function";
        if (typeof value === "bigint") return `${value}n`;
        if (value === dataset) return "a SweepDataset";
        if (value === pairwise) return "a SweepPairwise";
        if (value instanceof Element) return "an element";
        if (value instanceof Uint8Array) return "a Uint8Array";
        try {
          return JSON.stringify(value) ?? String(value);
        } catch {
          return String(value);
        }
      };
      const traps = [];
      const nonErrors = [];
      let calls = 0;
      const attempt = (name, run, args) => {
        calls += 1;
        try {
          const result = run();
          if (result && typeof result.free === "function" && result !== dataset && result !== pairwise) result.free();
        } catch (error) {
          if (error instanceof WebAssembly.RuntimeError) {
            traps.push(`${name}(${args.map(describe).join(", ")}): ${error.message}`);
            throw error; // the module is unusable now; stop
          }
          if (!(error instanceof Error)) nonErrors.push(`${name}(${args.map(describe).join(", ")}) threw ${describe(error)}`);
        }
      };
      // Argument lists: each wrong value alone, and in each position after valid ones.
      const argumentLists = (valid) => {
        const lists = [];
        for (const value of wrong) {
          lists.push([value]);
          for (let position = 1; position <= valid.length; position += 1) {
            lists.push([...valid.slice(0, position), value]);
          }
        }
        return lists;
      };
      const validFirst = {
        loadCsv: [csv], loadJson: ['{"x": 1}'], loadDataset: [csv], loadPairwise: [pairwiseCsv],
        guessKind: [csv], parseLink: ["?dataset=a"], readLinkSource: ["?dataset=a"], openSweep: [sweepCsv],
      };
      try {
        // Free functions.
        for (const [name, value] of Object.entries(wasm)) {
          if (typeof value !== "function" || /^[A-Z]/.test(name) || ["default", "initSync", "load", "isLoaded"].includes(name)) continue;
          for (const args of argumentLists(validFirst[name] ?? [])) attempt(name, () => value(...args), args);
        }
        // Constructors.
        for (const args of argumentLists([dataset, canvas()])) attempt("new SweepFigure", () => new wasm.SweepFigure(...args), args);
        if (hasPairwise) {
          for (const args of argumentLists([pairwise, canvas()])) attempt("new SweepPairwiseFigure", () => new wasm.SweepPairwiseFigure(...args), args);
          for (const args of argumentLists([])) attempt("new SweepPairwiseLoader", () => new wasm.SweepPairwiseLoader(...args), args);
        }
        for (const args of argumentLists([])) attempt("new SweepCsvLoader", () => new wasm.SweepCsvLoader(...args), args);
        // Methods, on fresh objects for each class.
        const instances = {
          SweepDataset: () => wasm.loadCsv(csv),
          SweepFigure: () => new wasm.SweepFigure(wasm.loadCsv(csv), canvas(), { width: 400 }),
          SweepCsvLoader: () => new wasm.SweepCsvLoader(),
          ...(hasPairwise
            ? {
                SweepPairwise: () => wasm.loadPairwise(pairwiseCsv),
                SweepPairwiseFigure: () => new wasm.SweepPairwiseFigure(wasm.loadPairwise(pairwiseCsv), canvas(), { width: 400 }),
                SweepPairwiseLoader: () => new wasm.SweepPairwiseLoader(),
              }
            : {}),
          ...(hasTables
            ? {
                SweepTable: () => wasm.openSweep(sweepCsv),
                SweepProjection: () => {
                  const table = wasm.openSweep(sweepCsv);
                  const projection = table.project();
                  table.free();
                  return projection;
                },
              }
            : {}),
        };
        const validArgs = {
          mainEffects: ["acc"], parameterValues: ["lr"], project: [{ x: "lr", y: "wd", others: { bs: "best" } }], cellRuns: [null, null, 0, 0], resize: [300], cellInfo: [0, 0, 0], cellRect: [0, 0, 0], hitTest: [10, 10], comparePair: ["a", "b"], analysis: ["A", "B"], reconcile: ["A", "B"], renderTo: [canvas()], setDataset: [dataset], setData: [pairwise], push: ["x"], buildStep: [10], openStep: [10] };
        for (const [className, make] of Object.entries(instances)) {
          const prototype = wasm[className].prototype;
          for (const name of Object.getOwnPropertyNames(prototype)) {
            const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
            if (name === "constructor" || name === "free" || name.startsWith("__") || typeof descriptor.value !== "function") continue;
            for (const args of argumentLists(validArgs[name] ?? [])) {
              const object = make();
              attempt(`${className}.${name}`, () => object[name](...args), args);
              object.free();
            }
          }
        }
      } catch (error) {
        if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      }
      // The module still works: it loads data and draws a figure with the right size.
      let stillWorks = null;
      if (traps.length === 0) {
        const figure = new wasm.SweepFigure(wasm.loadCsv(csv), canvas(), { width: 320 });
        stillWorks = { width: figure.size().width, panels: figure.panels().length };
      }
      return { hasPairwise, hasTables, calls, traps, nonErrors, stillWorks };
      }
    });
    assert.deepEqual(outcomes.map((outcome) => outcome.hasPairwise), [false, true], "the default package has no pairwise exports; the pairwise one has them");
    assert.deepEqual(outcomes.map((outcome) => outcome.hasTables), [true, false], "run tables are in the default package only");
    for (const outcome of outcomes) {
      console.log(`wrong arguments: ${outcome.calls} calls, none trapped`);
      assert.deepEqual(outcome.traps, [], "no call traps");
      assert.deepEqual(outcome.nonErrors, [], "everything thrown is an Error");
      assert.ok(outcome.calls > 1000, `many calls made (${outcome.calls})`);
      assert.deepEqual(outcome.stillWorks, { width: 320, panels: 1 });
    }
    // The explorer, sharing the module, still redraws on a control change.
    const before = await page.evaluate(() => window.sweepmap.renders);
    await page.selectOption("#cmap-select", "magma");
    await page.waitForFunction((count) => window.sweepmap.renders > count, before);
    assert.deepEqual(problems, []);
  });
});
