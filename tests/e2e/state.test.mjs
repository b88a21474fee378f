// Tests of the page's pure modules in node, without a browser: the share-link format
// (www/state.js), links that carry their data (www/share.js), and the page's wording of pairwise
// comparisons and its choice of loader (www/pairwise.js).

import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { formatLink, initSync, linkSchema as wasmLinkSchema, parseLink, splitNames } from "../../www/pkg/sweepmap.js";

import {
  defaultPairwiseModels,
  defaultView,
  figureOptions,
  holdsView,
  kindOf,
  levelToOffer,
  linkSchema,
  normalizeState,
  pairwiseModels,
  pairwiseOptions,
  parseLevel,
  parseState,
  queryString,
  readSource,
  resolveView,
  sameSource,
  serializeState,
  usedBy,
  viewForKind,
} from "../../www/state.js";
import { decodeData, encodeData } from "../../www/share.js";

// state.js reads and writes links with the wasm core: instantiate it as the page's init() does.
initSync({ module: readFileSync(new URL("../../www/pkg/sweepmap_bg.wasm", import.meta.url)) });

const context = {
  models: ["R1-Llama", "R1-Qwen"],
  benchmarks: ["AIME24", "AIME25", "AMC23", "GPQA-Diamond", "Average (reported)"],
  aggregates: ["Average (reported)"],
  colorMaps: [
    { name: "viridis", label: "Viridis", diverging: false },
    { name: "ylgnbu", label: "YlGnBu", diverging: false },
    { name: "rdbu", label: "RdBu", diverging: true },
    { name: "puor", label: "PuOr", diverging: true },
  ],
  datasets: ["kv-cache-sweep", "kv-cache-averages", "partial-r1-qwen"],
};

const parse = (query, extra = context) => parseState(new URLSearchParams(query), extra);

describe("share links: parseState", () => {
  test("an empty address is the default view of the first dataset", () => {
    const { state, notices } = parse("");
    assert.deepEqual(state, { source: { kind: "bundled", id: "kv-cache-sweep" }, ...defaultView() });
    assert.deepEqual(notices, []);
  });

  test("reads every key", () => {
    const { state, notices } = parse(
      "dataset=partial-r1-qwen&layout=difference&model=R1-Qwen&b=R1-Llama&bench=%3Amean&cmap=PuOr&rev=1" +
        "&range=centered&center=-2.5&annot=0&dec=3&unc=0.99&theme=dark",
    );
    assert.deepEqual(notices, []);
    assert.deepEqual(state, {
      source: { kind: "bundled", id: "partial-r1-qwen" },
      layout: "difference",
      model: "R1-Qwen",
      modelB: "R1-Llama",
      benchmark: ":mean",
      order: "data",
      colorMap: "puor",
      reversed: true,
      colorScale: "linear",
      range: "centered",
      min: null,
      max: null,
      center: -2.5,
      annotate: false,
      decimals: 3,
      uncertainty: 0.99,
      marginals: "auto",
      chart: "heatmap",
      along: "x",
      across: "auto",
      theme: "dark",
    });
    const fixed = parse("range=fixed&min=40&max=52.5").state;
    assert.equal(fixed.range, "fixed");
    assert.equal(fixed.min, 40);
    assert.equal(fixed.max, 52.5);
    assert.equal(parse("modelB=R1-Qwen&layout=difference").state.modelB, "R1-Qwen");
    const reconcile = parse("layout=reconcile&model=R1-Qwen&bench=Average+(reported)");
    assert.deepEqual(reconcile.notices, []);
    assert.deepEqual(
      [reconcile.state.layout, reconcile.state.model, reconcile.state.benchmark],
      ["reconcile", "R1-Qwen", "Average (reported)"],
    );
  });

  test("uncertainty levels: the three offered, written as numbers", () => {
    assert.deepEqual(linkSchema().levels, [0.9, 0.95, 0.99]);
    assert.equal(defaultView().uncertainty, null);
    for (const [text, level] of [["0.9", 0.9], ["0.95", 0.95], ["0.950", 0.95], [" 0.99 ", 0.99], ["0.90", 0.9]]) {
      assert.equal(parseLevel(text), level, text);
      assert.deepEqual(parse(`unc=${encodeURIComponent(text)}`), { state: { ...parse("").state, uncertainty: level }, notices: [] }, text);
    }
    // 0 turns the marks off in a link; it is not a level to offer.
    assert.equal(parseLevel("0"), null);
    assert.deepEqual(parse("unc=0"), { state: { ...parse("").state, uncertainty: 0 }, notices: [] });
    for (const text of ["", "95", "0.5", "1", "on", "true", "0.95x", "NaN"]) {
      assert.equal(parseLevel(text), null, text);
      const { state, notices } = parse(`unc=${encodeURIComponent(text)}`);
      assert.equal(state.uncertainty, null, text);
      assert.deepEqual(
        notices.map((notice) => notice.message),
        [`unc=${JSON.stringify(text)} is not a confidence level (expected 0.9, 0.95, 0.99, or 0 for no marks); marking cells within noise when the data carry a noise estimate.`],
        text,
      );
    }
  });

  test("invalid values fall back to defaults with a notice naming the key and the value", () => {
    const { state, notices } = parse("cmap=jet&layout=nope");
    assert.equal(state.colorMap, "viridis");
    assert.equal(state.layout, "model");
    assert.deepEqual(
      notices.map((notice) => [notice.key, notice.value]),
      [
        ["layout", "nope"],
        ["cmap", "jet"],
      ],
    );
    assert.match(notices[0].message, /layout="nope" is not a layout/);
    assert.match(notices[1].message, /cmap="jet" is not a colour map/);

    const model = parse("model=Nope");
    assert.equal(model.state.model, null);
    assert.equal(model.notices.length, 1);
    assert.equal(model.notices[0].key, "model");
    assert.match(model.notices[0].message, /There is no model "Nope" in this dataset \(models: "R1-Llama", "R1-Qwen"\); showing "R1-Llama"\./);

    const cases = {
      "bench=MATH": "bench",
      "rev=maybe": "rev",
      "annot=2": "annot",
      "dec=7": "dec",
      "dec=-1": "dec",
      "dec=1.5": "dec",
      "range=wide": "range",
      "range=centered&center=abc": "center",
      "layout=difference&b=R1-Llama": "b",
      "layout=difference&b=Gemini": "b",
      "fmt=xml&src=https://example.org/a.csv": "fmt",
      "src=javascript:alert(1)": "src",
      "data=not%20base64!": "data",
      "dataset=nope": "dataset",
      "colour=red": "colour",
      "unc=0.8": "unc",
      "layout=reconcile&bench=AIME24": "bench",
      "layout=reconcile&bench=%3Amean": "bench",
    };
    for (const [query, key] of Object.entries(cases)) {
      const result = parse(query);
      assert.deepEqual(
        result.notices.map((notice) => notice.key),
        [key],
        `one notice about ${key} for ?${query}`,
      );
    }
    assert.equal(parse("dataset=nope").state.source.id, "kv-cache-sweep");
    assert.match(parse("colour=red").notices[0].message, /Ignored "colour" in the link/);
    const notAggregate = parse("layout=reconcile&bench=AIME24");
    assert.equal(notAggregate.state.layout, "reconcile");
    assert.equal(notAggregate.state.benchmark, null);
    assert.equal(
      notAggregate.notices[0].message,
      '"AIME24" is not a reported aggregate to reconcile (aggregates: "Average (reported)"); showing "Average (reported)".',
    );
  });

  test("fixed ranges need two increasing numbers", () => {
    for (const query of ["range=fixed", "range=fixed&min=40", "range=fixed&min=50&max=40", "range=fixed&min=a&max=3", "range=fixed&min=1&max=Infinity"]) {
      const { state, notices } = parse(query);
      assert.equal(state.range, "panel", query);
      assert.equal(notices.length, 1, query);
      assert.match(notices[0].message, /range=fixed needs two numbers min < max/);
    }
  });

  test("difference needs two models", () => {
    const { state, notices } = parse("dataset=partial-r1-qwen&layout=difference", { ...context, models: ["R1-Qwen"] });
    assert.equal(state.layout, "model");
    assert.match(notices[0].message, /needs two models/);
  });

  test("reconcile needs a reported aggregate", () => {
    const { state, notices } = parse("dataset=partial-r1-qwen&layout=reconcile&bench=AIME24&unc=0.9", { ...context, aggregates: [] });
    assert.equal(state.layout, "model");
    assert.equal(state.uncertainty, 0.9);
    assert.deepEqual(
      notices.map((notice) => [notice.key, notice.message]),
      [["layout", 'layout=reconcile needs a reported aggregate (a benchmark with aggregate_of) and this dataset has none; using "model".']],
    );
  });

  test("data sources: data over src over dataset; local files too large for a link", () => {
    const both = readSource(new URLSearchParams("dataset=kv-cache-sweep&src=https://example.org/x.json"), context);
    assert.deepEqual(both.source, { kind: "url", url: "https://example.org/x.json", format: "auto" });
    assert.equal(both.notices.length, 1);
    const data = readSource(new URLSearchParams("data=abc_-9&fmt=csv&name=a.csv"), context);
    assert.deepEqual(data.source, { kind: "local", name: "a.csv", format: "csv", data: "abc_-9", key: "data:csv:abc_-9" });
    const gone = readSource(new URLSearchParams("name=big.csv&layout=grid"), context);
    assert.deepEqual(gone.source, { kind: "bundled", id: "kv-cache-sweep" });
    assert.match(gone.notices[0].message, /local file "big.csv".*open it again/);
  });
});

describe("share links: the format's keys, words and defaults come from the wasm core", () => {
  const schema = linkSchema();
  const sweepContext = { ...context, models: ["R1-Llama", "R1-Qwen"] };
  const pairwiseContext = { kind: "pairwise", models: ["a", "b", "c"], groups: ["g"] };
  const keysOf = (query) => [...new URLSearchParams(query).keys()];

  test("linkSchema(): the lists and defaults the page uses, read once and frozen", () => {
    assert.equal(linkSchema(), schema);
    assert.ok(Object.isFrozen(schema) && Object.isFrozen(schema.sweep) && Object.isFrozen(schema.uses.model));
    assert.deepEqual(schema, wasmLinkSchema());
    assert.deepEqual(schema.keys, [
      "dataset", "src", "data", "fmt", "name", "roles", "metric", "direction", "x", "y", "others", "binned",
      "layout", "model", "b", "bench", "order", "models", "group",
      "bins", "by", "log", "cmap", "rev", "scale", "range", "min", "max", "center", "annot", "dec", "unc", "marginals", "chart", "along", "across", "theme",
    ]);
    assert.deepEqual(schema.layouts, ["model", "benchmark", "grid", "difference", "reconcile"]);
    assert.deepEqual(schema.ranges, ["panel", "shared", "fixed", "centered"]);
    assert.deepEqual(schema.pairwiseRanges, ["panel", "shared", "fixed"]);
    assert.deepEqual(schema.formats, ["auto", "csv", "json"]);
    assert.deepEqual(schema.binValues, ["count", "share"]);
    assert.deepEqual(schema.bins, [5, 10, 20]);
    assert.deepEqual(schema.levels, [0.9, 0.95, 0.99]);
    assert.equal(schema.defaultLevel, 0.95);
    assert.equal(schema.maxDecimals, 6);
    assert.equal(schema.meanBenchmark, ":mean");
    assert.deepEqual(defaultView(), {
      layout: "model",
      model: null,
      modelB: null,
      benchmark: null,
      order: "data",
      colorMap: "viridis",
      reversed: false,
      colorScale: "linear",
      range: "panel",
      min: null,
      max: null,
      center: 0,
      annotate: true,
      decimals: null,
      uncertainty: null,
      marginals: "auto",
      chart: "heatmap",
      along: "x",
      across: "auto",
      theme: "auto",
    });
    assert.equal(defaultView("sweep"), schema.sweep);
    assert.equal(defaultView("pairwise"), schema.pairwise);
    assert.throws(() => schema.levels.push(0.5), TypeError);
  });

  test("the level offered when the marks are switched on is the last chosen, else the core's default", () => {
    assert.equal(levelToOffer(null), schema.defaultLevel);
    assert.ok(schema.levels.includes(levelToOffer(null)), `${levelToOffer(null)} in ${schema.levels}`);
    assert.equal(parseLevel(String(levelToOffer(null))), schema.defaultLevel);
    assert.equal(levelToOffer(0.99), 0.99);
  });

  test("the default views are what an empty link reads as and what a link leaves out", () => {
    assert.deepEqual(parseLink("", sweepContext).state, { source: { kind: "bundled", id: "kv-cache-sweep" }, ...defaultView() });
    assert.deepEqual(parseLink("", { ...pairwiseContext, datasets: ["p"] }).state, { source: { kind: "bundled", id: "p" }, ...defaultView("pairwise") });
    for (const kind of ["sweep", "pairwise"]) {
      assert.equal(formatLink({ ...defaultView(kind), source: { kind: "bundled", id: "d" } }), "dataset=d", kind);
    }
  });

  test("every word and number the schema lists is one a link takes, and only those", () => {
    const noticesOf = (query, extra) => parseLink(query, extra).notices.map((notice) => notice.key);
    const cases = [
      ["layout", schema.layouts, (state) => state.layout, sweepContext, "tiles"],
      ["range", schema.ranges, (state) => state.range, sweepContext, "all"],
      ["range", schema.pairwiseRanges, (state) => state.range, pairwiseContext, "centered"],
      ["by", schema.binValues, (state) => state.value, pairwiseContext, "mean"],
      ["bins", schema.bins, (state) => state.bins, pairwiseContext, "7"],
      ["unc", schema.levels, (state) => state.uncertainty, sweepContext, "0.5"],
    ];
    for (const [key, values, read, extra, outside] of cases) {
      for (const value of values) {
        const query = key === "range" && value === "fixed" ? "range=fixed&min=0&max=1" : `${key}=${value}`;
        const { state, notices } = parseLink(query, extra);
        assert.deepEqual(notices, [], query);
        assert.equal(read(state), value, query);
      }
      assert.deepEqual(noticesOf(`${key}=${outside}`, extra), [key], `${key}=${outside}`);
    }
    for (const format of schema.formats) {
      assert.deepEqual(noticesOf(`src=x.txt&fmt=${format}`, sweepContext), [], format);
    }
    assert.deepEqual(noticesOf("src=x.txt&fmt=xml", sweepContext), ["fmt"]);
    assert.equal(parseLink(`dec=${schema.maxDecimals}`, sweepContext).state.decimals, schema.maxDecimals);
    assert.deepEqual(noticesOf(`dec=${schema.maxDecimals + 1}`, sweepContext), ["dec"]);
    assert.equal(parseLink(`layout=benchmark&bench=${encodeURIComponent(schema.meanBenchmark)}`, sweepContext).state.benchmark, schema.meanBenchmark);
    // Every key the schema lists is known to the parser; a key it does not list is not.
    const every = schema.keys.map((key) => `${key}=x`).join("&");
    assert.deepEqual(
      parseLink(`${every}&colour=red`, sweepContext).notices.filter((n) => /not a sweepmap setting/.test(n.message)).map((n) => n.key),
      ["colour"],
    );
  });

  test("usedBy is what the writer keeps of each layout", () => {
    for (const layout of schema.layouts) {
      const state = {
        ...defaultView(),
        source: { kind: "bundled", id: "d" },
        layout,
        model: "A",
        modelB: "B",
        benchmark: "C",
        uncertainty: 0.99,
      };
      const written = keysOf(formatLink(state));
      const used = usedBy(layout);
      assert.deepEqual(
        { model: used.model, modelB: used.modelB, benchmark: used.benchmark, uncertainty: used.uncertainty },
        { model: written.includes("model"), modelB: written.includes("b"), benchmark: written.includes("bench"), uncertainty: written.includes("unc") },
        layout,
      );
    }
    assert.deepEqual(usedBy("difference"), { model: true, modelB: true, benchmark: true, uncertainty: true, order: false });
    assert.deepEqual(usedBy("reconcile"), { model: true, modelB: false, benchmark: true, uncertainty: false, order: false });
    assert.deepEqual(usedBy("grid"), { model: false, modelB: false, benchmark: false, uncertainty: true, order: true });
    assert.deepEqual(usedBy("__proto__"), { model: false, modelB: false, benchmark: false, uncertainty: false, order: false });
  });
});

describe("share links: the wasm parser's own checks", () => {
  test("a state or context of the wrong shape is an Error naming the field", () => {
    assert.throws(() => formatLink({ layout: 3 }), {
      message: 'field "state.layout": expected one of model, benchmark, grid, difference, reconcile, found 3',
    });
    assert.throws(() => formatLink({ kind: "pairwise", models: ["a", 2] }), {
      message: 'field "state.models": expected an array of strings, found an array',
    });
    assert.throws(() => formatLink({ source: { kind: "ftp" } }), {
      message: 'field "state.source.kind": expected "bundled", "url" or "local", found "ftp"',
    });
    assert.throws(() => parseLink("model=a", { models: "a" }), {
      message: 'field "context.models": expected an array of strings, found "a"',
    });
    assert.equal(formatLink({ source: { kind: "bundled", id: "x" }, min: null, decimals: 2 }), "dataset=x&dec=2");
  });

  test("the query string as written: damaged percent-encoding is noticed, not patched", () => {
    const { state, notices } = parseState("?dataset=kv-cache-sweep&model=R1%2&cmap=rdbu", context);
    // URLSearchParams patches it into the name "R1%2", which the data lack.
    assert.equal(parse("?dataset=kv-cache-sweep&model=R1%2").notices[0].key, "model");
    assert.equal(state.model, null);
    assert.equal(state.colorMap, "rdbu");
    assert.deepEqual(notices, [
      {
        key: "model",
        value: null,
        message: 'Ignored "model=R1%2" in the link: it ends in the middle of a percent-encoded byte ("%2"), as if the link was cut short.',
      },
    ]);
  });

  test("a link reads the same from the fragment (location.hash) as from the query string", () => {
    const link = "dataset=kv-cache-sweep&layout=difference&model=R1-Qwen&bench=AMC23&cmap=PuOr&zoom=2";
    const plain = parseState(link, context);
    assert.equal(plain.state.layout, "difference");
    assert.equal(plain.state.colorMap, "puor");
    assert.deepEqual(plain.notices.map((notice) => notice.key), ["zoom"]);
    assert.deepEqual(parseState(`#${link}`, context), plain);
    assert.deepEqual(parseState(`?${link}`, context), plain);
    assert.deepEqual(readSource(`#${link}`, context), readSource(link, context));
    assert.equal(queryString(plain.state), "dataset=kv-cache-sweep&layout=difference&model=R1-Qwen&bench=AMC23&cmap=puor");
  });

  test("holdsView: a fragment with key=value pairs is a view, an element id is an in-page anchor", () => {
    assert.equal(holdsView("#dataset=kv-cache-sweep"), true);
    assert.equal(holdsView("#layout=grid&zoom=2"), true);
    assert.equal(holdsView("dataset=x"), true);
    assert.equal(holdsView("#figure-area"), false);
    assert.equal(holdsView("#"), false);
    assert.equal(holdsView(""), false);
  });
});

describe("share links: serializeState", () => {
  test("writes only values that differ from the defaults, in a stable order", () => {
    const { state } = parse("");
    assert.equal(serializeState(state).toString(), "dataset=kv-cache-sweep");
    const full = {
      ...state,
      layout: "difference",
      model: "R1-Qwen",
      modelB: "R1-Llama",
      benchmark: ":mean",
      colorMap: "rdbu",
      reversed: true,
      range: "fixed",
      min: 40,
      max: 52.5,
      annotate: false,
      decimals: 0,
      uncertainty: 0.95,
    };
    assert.equal(
      serializeState(full).toString(),
      "dataset=kv-cache-sweep&layout=difference&model=R1-Qwen&b=R1-Llama&bench=%3Amean&cmap=rdbu&rev=1&range=fixed&min=40&max=52.5&annot=0&dec=0&unc=0.95",
    );
    assert.deepEqual([...serializeState(full).keys()], linkSchema().keys.filter((key) => serializeState(full).has(key)));
  });

  test("leaves out what the layout does not use", () => {
    const state = { ...parse("").state, layout: "grid", model: "R1-Qwen", modelB: "R1-Llama", benchmark: "AMC23", min: 1, max: 2 };
    assert.equal(serializeState(state).toString(), "dataset=kv-cache-sweep&layout=grid");
    assert.equal(serializeState({ ...state, layout: "benchmark" }).toString(), "dataset=kv-cache-sweep&layout=benchmark&bench=AMC23");
    assert.equal(serializeState({ ...state, range: "centered", center: 0 }).toString(), "dataset=kv-cache-sweep&layout=grid&range=centered");
    // Reconcile uses the model and the (aggregate) benchmark, and has no uncertainty marks.
    assert.equal(
      serializeState({ ...state, layout: "reconcile", benchmark: "Average (reported)", uncertainty: 0.95 }).toString(),
      "dataset=kv-cache-sweep&layout=reconcile&model=R1-Qwen&bench=Average+%28reported%29",
    );
    assert.equal(serializeState({ ...state, uncertainty: 0.99 }).toString(), "dataset=kv-cache-sweep&layout=grid&unc=0.99");
  });

  test("round-trips through parseState", () => {
    const queries = [
      "dataset=partial-r1-qwen",
      "dataset=kv-cache-sweep&layout=benchmark&bench=%3Amean&cmap=ylgnbu&range=shared",
      "dataset=kv-cache-sweep&layout=difference&model=R1-Qwen&b=R1-Llama&bench=AMC23&cmap=puor&rev=1&range=centered&center=1.5&annot=0&dec=2",
      "src=https%3A%2F%2Fexample.org%2Fsweep.csv&fmt=csv&layout=grid&range=fixed&min=-1e-7&max=0.5",
      "data=q1YqSs1JLS5R&fmt=json&name=my+sweep+%3Cb%3E.json&model=R1-Qwen",
      "dataset=kv-cache-sweep&unc=0.95",
      "dataset=kv-cache-sweep&layout=difference&bench=AMC23&unc=0.9",
      "dataset=kv-cache-sweep&layout=reconcile&model=R1-Qwen&bench=Average+%28reported%29",
    ];
    for (const query of queries) {
      const { state, notices } = parse(query);
      assert.deepEqual(notices, [], query);
      assert.equal(serializeState(state).toString(), query);
    }
  });
});

describe("view resolution", () => {
  const names = { models: context.models, benchmarks: context.benchmarks, aggregates: context.aggregates };

  test("defaults resolve to the first names, model B to the first other model", () => {
    const state = parse("").state;
    assert.deepEqual(resolveView(state, names), { model: "R1-Llama", modelB: "R1-Qwen", benchmark: "AIME24" });
    assert.deepEqual(resolveView({ ...state, model: "R1-Qwen" }, names), { model: "R1-Qwen", modelB: "R1-Llama", benchmark: "AIME24" });
    assert.equal(resolveView(state, { models: ["A"], benchmarks: ["B"] }).modelB, null);
    // Reconcile shows a reported aggregate: the first unless another one is named.
    const reconcile = { ...state, layout: "reconcile" };
    assert.equal(resolveView(reconcile, names).benchmark, "Average (reported)");
    assert.equal(resolveView({ ...reconcile, benchmark: "AMC23" }, names).benchmark, "Average (reported)");
    assert.equal(resolveView({ ...reconcile, benchmark: "Sum" }, { ...names, aggregates: ["Mean", "Sum"] }).benchmark, "Sum");
    assert.equal(resolveView(reconcile, { ...names, aggregates: [] }).benchmark, null);
  });

  test("normalizeState clears defaults so equal figures have equal links", () => {
    const state = { ...parse("").state, layout: "difference", model: "R1-Llama", modelB: "R1-Qwen", benchmark: "AIME24" };
    const normal = normalizeState(state, names);
    assert.equal(normal.model, null);
    assert.equal(normal.modelB, null);
    assert.equal(normal.benchmark, null);
    assert.equal(serializeState(normal).toString(), "dataset=kv-cache-sweep&layout=difference");
    const unknown = normalizeState({ ...state, model: "Gone", benchmark: "Gone" }, names);
    assert.equal(unknown.model, null);
    assert.equal(unknown.benchmark, null);
    assert.equal(normalizeState(state, { models: ["A"], benchmarks: ["B"] }).layout, "model");
    // Values the layout or the range does not use are dropped, as the link drops them.
    const grid = normalizeState({ ...state, layout: "grid", model: "R1-Qwen", benchmark: "AMC23", min: 1, max: 2, center: 3 }, names);
    assert.deepEqual(
      [grid.model, grid.modelB, grid.benchmark, grid.min, grid.max, grid.center],
      [null, null, null, null, null, 0],
    );
    // Reconcile: the first aggregate is the default; no aggregate, no reconcile; no marks.
    const reconcile = normalizeState({ ...state, layout: "reconcile", benchmark: "Average (reported)", uncertainty: 0.95 }, names);
    assert.deepEqual([reconcile.layout, reconcile.benchmark, reconcile.uncertainty], ["reconcile", null, null]);
    assert.equal(serializeState(reconcile).toString(), "dataset=kv-cache-sweep&layout=reconcile");
    const noAggregate = normalizeState({ ...state, layout: "reconcile", uncertainty: 0.99 }, { ...names, aggregates: [] });
    assert.deepEqual([noAggregate.layout, noAggregate.uncertainty], ["model", 0.99]);
    assert.equal(normalizeState({ ...state, uncertainty: 0.5 }, names).uncertainty, null);
    for (const query of [
      "layout=grid&model=R1-Qwen&bench=AMC23",
      "range=panel&min=1&max=2",
      "layout=benchmark&model=R1-Qwen&b=R1-Llama",
      "layout=reconcile&bench=Average+(reported)&unc=0.9",
      "layout=difference&unc=0.99",
    ]) {
      const parsed = normalizeState(parse(query).state, names);
      assert.deepEqual(normalizeState(parse(serializeState(parsed).toString()).state, names), parsed, query);
    }
  });

  test("figureOptions names everything the figure needs", () => {
    const state = parse("layout=difference&model=R1-Qwen&bench=%3Amean&range=fixed&min=-3&max=3&dec=2").state;
    assert.deepEqual(figureOptions(state, names), {
      layout: "difference",
      model: "R1-Qwen",
      modelB: "R1-Llama",
      benchmark: ":mean",
      order: "data",
      colorMap: "viridis",
      reversed: false,
      colorScale: "linear",
      domain: "fixed",
      min: -3,
      max: 3,
      center: null,
      annotate: true,
      decimals: 2,
      uncertainty: null,
      marginals: "auto",
      chart: "heatmap",
      along: "x",
      across: "auto",
      theme: "auto",
    });
    assert.equal(figureOptions(parse("layout=grid&unc=0.9").state, names).uncertainty, 0.9);
    assert.equal(figureOptions(parse("theme=print").state, names).theme, "print");
    assert.deepEqual(
      figureOptions(parse("layout=reconcile&model=R1-Qwen&unc=0.9").state, names),
      {
        layout: "reconcile",
        model: "R1-Qwen",
        modelB: null,
        benchmark: "Average (reported)",
        order: "data",
        colorMap: "viridis",
        reversed: false,
        colorScale: "linear",
        domain: "panel",
        min: null,
        max: null,
        center: null,
        annotate: true,
        decimals: null,
        uncertainty: null,
        marginals: "auto",
        chart: "heatmap",
        along: "x",
        across: "auto",
        theme: "auto",
      },
    );
    const plain = figureOptions(parse("range=centered&center=2").state, { models: ["A"], benchmarks: ["B"] });
    assert.deepEqual(
      { modelB: plain.modelB, min: plain.min, max: plain.max, center: plain.center, benchmark: plain.benchmark },
      { modelB: null, min: null, max: null, center: 2, benchmark: "B" },
    );
  });

  test("sources compare by what they name", () => {
    assert.ok(sameSource({ kind: "bundled", id: "a" }, { kind: "bundled", id: "a" }));
    assert.ok(!sameSource({ kind: "bundled", id: "a" }, { kind: "url", url: "a", format: "auto" }));
    assert.ok(sameSource({ kind: "local", key: "file:1" }, { kind: "local", key: "file:1", data: null }));
  });
});

describe("links that carry data", () => {
  test("encode and decode round-trip, URL-safe and compressed", async () => {
    const text = "model,benchmark,window,ratio,pass@1\n" + Array.from({ length: 200 }, (_, i) => `Ünïcode ✓,B,${i},0.1,${i / 3}`).join("\n");
    const data = await encodeData(text);
    assert.match(data, /^[A-Za-z0-9_-]+$/);
    assert.ok(data.length < text.length / 2, `compressed ${text.length} characters to ${data.length}`);
    assert.equal(await decodeData(data), text);
    assert.equal(await decodeData(await encodeData("")), "");
  });

  test("damaged data give plain errors", async () => {
    await assert.rejects(decodeData("abc$"), {
      message: 'data= is not base64url text: "$" at character 4 (expected only A-Z, a-z, 0-9, - and _)',
    });
    await assert.rejects(decodeData("abcde"), {
      message: "data= is not base64url text of whole bytes (5 characters); was the link cut short?",
    });
    const data = await encodeData("a,b,c\n1,2,3\n".repeat(50));
    const cut = data.slice(0, data.length - 8);
    await assert.rejects(decodeData(cut.length % 4 === 1 ? cut.slice(0, -1) : cut), {
      message: "data= does not decompress: expected deflate-raw compressed data, but they are corrupt or cut short (was the link cut short?)",
    });
    await assert.rejects(decodeData("_____w"), {
      message: "data= does not decompress: expected deflate-raw compressed data, but they are corrupt or cut short (was the link cut short?)",
    });
    // Deflate-raw of the bytes FF FE 41: complete, but not UTF-8.
    await assert.rejects(decodeData("-__PEQA"), {
      message: "data= decompresses, but not to UTF-8 text: expected a CSV or JSON file",
    });
  });
});

describe("share links of pairwise comparisons", () => {
  const pairwise = {
    kind: "pairwise",
    models: ["model-a", "model-b", "model-c", "model-d"],
    groups: ["web", "code", "data"],
    colorMaps: context.colorMaps,
    datasets: [...context.datasets, "synthetic-pairwise"],
  };
  const names = { models: pairwise.models, groups: pairwise.groups };
  const parsePairwise = (query) => parseState(new URLSearchParams(query), pairwise);

  test("an address with only the dataset is the default comparison (every model of four)", () => {
    const { state, notices } = parsePairwise("dataset=synthetic-pairwise");
    assert.deepEqual(notices, []);
    assert.deepEqual(state, { source: { kind: "bundled", id: "synthetic-pairwise" }, ...defaultView("pairwise") });
    assert.equal(kindOf(state), "pairwise");
    assert.equal(kindOf(parse("").state), "sweep");
    assert.deepEqual(defaultView("pairwise"), {
      kind: "pairwise",
      models: null,
      group: null,
      bins: 10,
      value: "count",
      logarithmic: false,
      colorMap: "viridis",
      reversed: false,
      range: "shared",
      min: null,
      max: null,
      annotate: true,
      decimals: null,
      theme: "auto",
    });
    assert.equal(queryString(state), "dataset=synthetic-pairwise");
  });

  test("reads every key; models in the data's order, commas as they are", () => {
    const query = "dataset=synthetic-pairwise&models=model-d,model-b&group=code&bins=20&by=share&log=1&cmap=YlGnBu&rev=1&range=fixed&min=0&max=12.5&annot=0&dec=2&theme=print";
    const { state, notices } = parsePairwise(query);
    assert.deepEqual(notices, []);
    assert.deepEqual(state, {
      source: { kind: "bundled", id: "synthetic-pairwise" },
      kind: "pairwise",
      models: ["model-b", "model-d"],
      group: "code",
      bins: 20,
      value: "share",
      logarithmic: true,
      colorMap: "ylgnbu",
      reversed: true,
      range: "fixed",
      min: 0,
      max: 12.5,
      annotate: false,
      decimals: 2,
      theme: "print",
    });
    assert.equal(
      queryString(state),
      "dataset=synthetic-pairwise&models=model-b,model-d&group=code&bins=20&by=share&log=1&cmap=ylgnbu&rev=1&range=fixed&min=0&max=12.5&annot=0&dec=2&theme=print",
    );
    assert.equal(serializeState(state).get("models"), "model-b,model-d");
    assert.deepEqual([...serializeState(state).keys()], linkSchema().keys.filter((key) => serializeState(state).has(key)));
  });

  test("round-trips through parseState", () => {
    for (const query of [
      "dataset=synthetic-pairwise",
      "dataset=synthetic-pairwise&models=model-a,model-b&group=web&bins=20&by=share&log=1",
      "dataset=synthetic-pairwise&bins=5&range=panel&dec=0",
      "data=q1YqSs1JLS5R&fmt=csv&name=scores.csv&models=model-a,model-c&cmap=ylgnbu",
    ]) {
      const { state, notices } = parsePairwise(query);
      assert.deepEqual(notices, [], query);
      assert.equal(queryString(normalizeState(state, names)), query);
    }
  });

  test("sweep keys are not used by pairwise data, nor pairwise keys by a sweep", () => {
    const { state, notices } = parsePairwise("dataset=synthetic-pairwise&layout=grid&model=model-a&bench=web&unc=0.95&center=3");
    assert.deepEqual(notices, []);
    assert.equal(queryString(state), "dataset=synthetic-pairwise");
    const sweep = parse("dataset=kv-cache-sweep&models=R1-Qwen,R1-Llama&group=web&bins=20&by=share&log=1");
    assert.deepEqual(sweep.notices, []);
    assert.equal(queryString(sweep.state), "dataset=kv-cache-sweep");
  });

  test("invalid values fall back to defaults with a notice naming the key and the value", () => {
    const cases = [
      ["models=model-a", "models", 'models="model-a" names fewer than two models of these data; comparing every model.'],
      ["models=", "models", 'models="" names fewer than two models of these data; comparing every model.'],
      ["group=math", "group", 'There is no group "math" in these data (groups: "web", "code", "data"); comparing all items.'],
      ["bins=7", "bins", 'bins="7" is not offered (expected 5, 10, 20); using 10.'],
      ["bins=ten", "bins", 'bins="ten" is not offered (expected 5, 10, 20); using 10.'],
      ["by=mean", "by", 'by="mean" is not what bins can be coloured by (expected count, share); using "count".'],
      ["log=2", "log", 'log="2" should be 1 or 0; colouring linearly.'],
      ["range=centered", "range", 'range="centered" is not a colour range (expected panel, shared, fixed); using "shared".'],
      ["range=fixed&min=5&max=1", "min", 'range=fixed needs two numbers min < max, but min (5) is not below max (1); using "shared".'],
    ];
    for (const [query, key, message] of cases) {
      const { state, notices } = parsePairwise(`dataset=synthetic-pairwise&${query}`);
      assert.deepEqual(notices.map((notice) => [notice.key, notice.message]), [[key, message]], query);
      assert.equal(queryString(normalizeState(state, names)), "dataset=synthetic-pairwise", query);
    }
    const unknown = parsePairwise("models=model-a,model-x,model-b,model-a");
    assert.deepEqual(unknown.state.models, ["model-a", "model-b"]);
    assert.deepEqual(
      unknown.notices.map((notice) => notice.message),
      ['There is no model "model-x" in these data (models: "model-a", "model-b", "model-c", "model-d"); leaving it out.'],
    );
    const noGroups = parseState(new URLSearchParams("group=web"), { ...pairwise, groups: [] });
    assert.deepEqual(noGroups.notices.map((notice) => notice.message), ['group="web": these data have no groups; comparing all items.']);
    assert.deepEqual(parsePairwise("colour=red").notices.map((notice) => notice.key), ["colour"]);
  });

  test("model names with commas or backslashes survive a link", () => {
    const odd = ["a,b", "c\\d", "e"];
    // The core's reader of a list as links write it (\, a comma, \\ a backslash); the writer is
    // the link's own (queryString, below).
    assert.deepEqual(splitNames("a\\,b,c\\\\d,e"), odd);
    const context = { ...pairwise, models: [...odd, "f"] };
    const state = { ...defaultView("pairwise"), source: { kind: "bundled", id: "synthetic-pairwise" }, models: odd };
    const reread = parseState(new URLSearchParams(queryString(state)), context);
    assert.deepEqual(reread.notices, []);
    assert.deepEqual(reread.state.models, odd);
  });

  test("normalizeState: every model or an unknown group is the default; bounds only when fixed", () => {
    const state = { ...parsePairwise("").state, models: ["model-d", "model-a", "model-b", "model-c"], group: "gone", min: 1, max: 2 };
    const normal = normalizeState(state, names);
    assert.deepEqual([normal.models, normal.group, normal.min, normal.max], [null, null, null, null]);
    assert.deepEqual(normalizeState({ ...state, models: ["model-c", "model-a"] }, names).models, ["model-a", "model-c"]);
    assert.equal(normalizeState({ ...state, models: ["model-c"] }, names).models, null);
    assert.equal(normalizeState({ ...state, bins: 7 }, names).bins, 10);
    assert.equal(normalizeState({ ...state, range: "centered" }, names).range, "shared");
  });

  test("many models: the first five are the default, and a link lists models exactly when they differ from them", () => {
    const seven = ["m1", "m2", "m3", "m4", "m5", "m6", "m7"];
    const many = { models: seven, groups: [] };
    assert.equal(linkSchema().pairwiseDefaultModels, 5);
    assert.equal(linkSchema().pairwiseDefaultModels, wasmLinkSchema().pairwiseDefaultModels);
    assert.deepEqual(defaultPairwiseModels(seven), ["m1", "m2", "m3", "m4", "m5"]);
    assert.deepEqual(defaultPairwiseModels(names.models), names.models);
    assert.deepEqual(defaultPairwiseModels(["m1"]), ["m1"]);

    const opened = parseState(new URLSearchParams("dataset=scores"), { kind: "pairwise", models: seven, datasets: ["scores"] });
    assert.deepEqual(opened.notices, []);
    const state = normalizeState(opened.state, many);
    assert.equal(state.models, null);
    assert.deepEqual(pairwiseModels(state, many), ["m1", "m2", "m3", "m4", "m5"]);
    assert.deepEqual(pairwiseOptions(state, many).models, ["m1", "m2", "m3", "m4", "m5"]);

    // The first five in any order are the default: no models= in the link.
    const listed = normalizeState({ ...state, models: ["m5", "m3", "m1", "m2", "m4"] }, many);
    assert.equal(listed.models, null);
    assert.equal(queryString(listed), "dataset=scores");
    // A sixth ticked, one of the five left out, or every model: listed, in the data's order.
    for (const [models, written] of [
      [["m1", "m2", "m3", "m4", "m5", "m6"], "m1,m2,m3,m4,m5,m6"],
      [["m2", "m1", "m3", "m4"], "m1,m2,m3,m4"],
      [seven, "m1,m2,m3,m4,m5,m6,m7"],
      [["m7", "m6"], "m6,m7"],
    ]) {
      const chosen = normalizeState({ ...state, models }, many);
      assert.deepEqual(chosen.models, written.split(","), written);
      assert.deepEqual(pairwiseModels(chosen, many), written.split(","), written);
      assert.equal(queryString(chosen), `dataset=scores&models=${written}`);
    }
    // Fewer than two known models: the default, with a notice that says which models those are.
    const few = parseState(new URLSearchParams("dataset=scores&models=m6,zz"), { kind: "pairwise", models: seven, datasets: ["scores"] });
    assert.deepEqual(
      few.notices.map((notice) => notice.message),
      [
        'There is no model "zz" in these data (models: "m1", "m2", "m3", "m4", "m5", "m6", "m7"); leaving it out.',
        'models="m6,zz" names fewer than two models of these data; comparing the default models (the first 5).',
      ],
    );
    assert.equal(normalizeState(few.state, many).models, null);
  });

  test("pairwiseOptions names everything the figure needs", () => {
    const state = normalizeState(parsePairwise("models=model-a,model-b&group=web&bins=5&by=share&log=1&range=fixed&min=0&max=40&dec=1").state, names);
    assert.deepEqual(pairwiseOptions(state, names), {
      models: ["model-a", "model-b"],
      group: "web",
      bins: 5,
      binsX: null,
      binsY: null,
      value: "share",
      logarithmic: true,
      colorMap: "viridis",
      reversed: false,
      domain: "fixed",
      min: 0,
      max: 40,
      annotate: true,
      decimals: 1,
      theme: "auto",
    });
    const plain = pairwiseOptions(parsePairwise("").state, names);
    assert.deepEqual([plain.models, plain.group, plain.domain, plain.min, plain.max], [names.models, null, "shared", null, null]);
  });

  test("switching the kind of data keeps the colour map, its direction, the labels and the theme only", () => {
    const sweep = parse("dataset=kv-cache-sweep&layout=grid&cmap=ylgnbu&rev=1&annot=0&dec=2&range=centered&theme=dark").state;
    const asPairwise = viewForKind(sweep, "pairwise");
    const kept = { colorMap: "ylgnbu", reversed: true, annotate: false, theme: "dark" };
    assert.deepEqual(asPairwise, { ...defaultView("pairwise"), source: sweep.source, ...kept });
    const back = viewForKind(asPairwise, "sweep");
    assert.deepEqual(back, { ...defaultView(), source: sweep.source, ...kept });
    assert.equal(viewForKind(sweep, "sweep"), sweep);
  });
});
