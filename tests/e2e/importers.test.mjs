// End-to-end tests of the importers package (www/pkg/importers/, README "Package size"): the
// default page never fetches it; runs as JSON and lm-evaluation-harness results files opened
// in the explorer fetch it once, and are drawn by the default package from the text it converts
// (cell colours, values and the peak checked by hand); a share link of runs as JSON reopens
// them; errors name the original file's place; <sweep-map> opens runs as JSON too.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { readFileSync } from "node:fs";

import { afterRender, openPage, shownDataset, startSession } from "./browser.mjs";
import { closeColour, VIRIDIS_HIGH, VIRIDIS_LOW } from "./embed.mjs";

const samples = (model) =>
  readFileSync(new URL(`../fixtures/lm-eval/synthetic__model-${model}/samples_arc_easy_2024-05-01T10-00-00.000000.jsonl`, import.meta.url), "utf8");

const lmEval = (model) =>
  readFileSync(new URL(`../fixtures/lm-eval/synthetic__model-${model}/results_2024-05-01T10-00-00.000000.json`, import.meta.url), "utf8");

/**
 * Runs as JSON, by hand: lr x wd, two seeds each, val_acc the mean of the two. The peak is
 * lr 0.01, wd 0 (0.9 and 0.92: 0.91), the lowest lr 0.1, wd 0.1 (0.5 and 0.52: 0.51); `tag`
 * holds text that reads as a number ("0.10"), constant, so ignored.
 */
function runsJson() {
  const acc = { "0.001": [0.7, 0.72, 0.6, 0.62], "0.01": [0.9, 0.92, 0.8, 0.82], "0.1": [0.55, 0.57, 0.5, 0.52] };
  const runs = [];
  for (const lr of ["0.001", "0.01", "0.1"]) {
    let k = 0;
    for (const wd of [0, 0.1]) {
      for (const seed of [0, 1]) runs.push({ lr: Number(lr), wd, seed, tag: "0.10", val_acc: acc[lr][k++] });
    }
  }
  return JSON.stringify({ runs, roles: { seed: "replicate" } });
}

function jsonFile(name, text) {
  return { name, mimeType: "application/json", buffer: Buffer.from(text, "utf8") };
}

/** Where a panel's cell of an x and a y label is, its colour near its top left, and its facts. */
function cellFacts(page, xLabel, yLabel) {
  return page.evaluate(
    ({ xLabel, yLabel }) => {
      const { figure, dataset } = window.sweepmap;
      const x = dataset.xAxis().labels.indexOf(xLabel);
      const y = dataset.yAxis().labels.indexOf(yLabel);
      const canvas = document.getElementById("figure-canvas");
      const rect = figure.cellRect(0, x, y);
      const scale = canvas.width / figure.size().width;
      const at = (start, size) => Math.floor((start + size * 0.15) * scale);
      const colour = [...canvas.getContext("2d").getImageData(at(rect.x, rect.width), at(rect.y, rect.height), 1, 1).data];
      const info = figure.cellInfo(0, x, y);
      return { colour, value: info.value, rank: info.rank, present: info.present };
    },
    { xLabel, yLabel },
  );
}

const fromImporters = (requests) => requests.filter((url) => url.includes("/pkg/importers/"));

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("the importers package in the explorer", { timeout: 180_000 }, () => {
  test("runs as JSON open through the importers, fetched once; colours, peak and a share link hold", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const requests = [];
    page.on("request", (request) => requests.push(request.url()));
    await shownDataset(page);
    assert.deepEqual(fromImporters(requests), [], "the default page does not fetch the importers");
    await afterRender(page, () => page.setInputFiles("#file-input", jsonFile("runs.json", runsJson())));
    let shown = await shownDataset(page);
    assert.equal(shown.error, null);
    const axes = await page.evaluate(() => [window.sweepmap.dataset.xAxis().name, window.sweepmap.dataset.yAxis().name]);
    assert.deepEqual(axes.toSorted(), ["lr", "wd"]);
    // The cell of an lr and a wd, as (x label, y label) whichever axis each is on.
    const at = (lr, wd) => (axes[0] === "lr" ? [lr, wd] : [wd, lr]);
    const peak = await cellFacts(page, ...at("0.01", "0"));
    assert.equal(peak.value, 0.91);
    assert.equal(peak.rank, 1, "the peak");
    assert.ok(closeColour(peak.colour, VIRIDIS_HIGH), `${peak.colour}`);
    const low = await cellFacts(page, ...at("0.1", "0.1"));
    assert.equal(low.value, 0.51);
    assert.equal(low.rank, 6);
    assert.ok(closeColour(low.colour, VIRIDIS_LOW), `${low.colour}`);
    // The replicate named in the file's roles: each cell is the mean of its two seeds.
    assert.equal(await page.evaluate(() => window.sweepmap.table.columns().find((c) => c.column === "seed").because), "named in the roles");
    const wasm = requests.filter((url) => url.endsWith(".wasm")).map((url) => new URL(url).pathname);
    assert.deepEqual(wasm, ["/pkg/importers/sweepmap_bg.wasm"], "the importers' wasm, once (the default one came before)");

    // A role changed in the column panel reopens the converted table: wd (column 1) as a facet
    // makes a model per wd (the model slot), and the file's replicate stays named.
    await page.locator("#column-panel").evaluate((panel) => (panel.open = true));
    await afterRender(page, () => page.selectOption("#column-role-1", "facet"));
    const faceted = await shownDataset(page);
    assert.equal(faceted.error, null);
    assert.deepEqual(await page.evaluate(() => window.sweepmap.dataset.models()), ["0", "0.1"]);
    assert.equal(await page.evaluate(() => window.sweepmap.table.columns().find((c) => c.column === "seed").role), "replicate");
    await afterRender(page, () => page.selectOption("#column-role-1", "parameter"));
    shown = await shownDataset(page);

    // The file travels in the link: reloading opens it again through the importers.
    assert.match(shown.fragment, /[#&]data=/);
    const fragment = shown.fragment;
    await page.reload();
    shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.fragment, fragment);
    assert.equal((await cellFacts(page, ...at("0.01", "0"))).rank, 1);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("an error in runs as JSON names the run and the file; the figure shown stays", async () => {
    const { page, context } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    const broken = runsJson().replace('"val_acc":0.8}', '"val_acc":"high"}');
    await page.setInputFiles("#file-input", jsonFile("broken.json", broken));
    await page.waitForFunction(() => !document.getElementById("error-banner").hidden);
    const shown = await shownDataset(page);
    assert.equal(shown.error, 'Could not open "broken.json": field "val_acc": expected a number in every run, found "high" in run 7');
    assert.equal(shown.title, before.title);
    await page.setInputFiles("#file-input", jsonFile("nested.json", '[{"lr": 1, "acc": 0.5}, {"lr": 2, "acc": [0.6]}]'));
    await page.waitForFunction(() => document.getElementById("error-banner").textContent.includes("nested.json"));
    assert.equal(
      (await shownDataset(page)).error,
      'Could not open "nested.json": field "[1]["acc"]": expected a number, a string, true, false or null',
    );
    await context.close();
  });

  test("an lm-evaluation-harness results file opens as models x tasks with its standard errors", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    await afterRender(page, () => page.setInputFiles("#file-input", jsonFile("results_2024-05-01T10-00-00.000000.json", lmEval("a"))));
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    const axes = await page.evaluate(() => {
      const { dataset, figure } = window.sweepmap;
      return { x: dataset.xAxis().labels, y: dataset.yAxis().labels, metric: dataset.metric().name, noise: figure.panels()[0].noiseEstimate !== null };
    });
    assert.deepEqual(axes.y, ["synthetic/model-a"]);
    assert.deepEqual(axes.x, ["mmlu", "hellaswag", "arc_easy", "mmlu_abstract_algebra", "mmlu_anatomy", "mmlu_astronomy"]);
    assert.equal(axes.metric, "acc");
    assert.equal(axes.noise, true, "the reported standard errors are the noise estimate");
    // Models are the y axis, not a facet: the header does not count "1 model".
    assert.equal(shown.facts, "acc, higher is better · task × model");
    // By hand from the fixture: arc_easy's acc 0.7584175084175084 is the highest of the six,
    // mmlu_abstract_algebra's 0.37 the lowest.
    const peak = await cellFacts(page, "arc_easy", "synthetic/model-a");
    assert.equal(peak.value, 0.7584175084175084);
    assert.equal(peak.rank, 1);
    assert.ok(closeColour(peak.colour, VIRIDIS_HIGH), `${peak.colour}`);
    const low = await cellFacts(page, "mmlu_abstract_algebra", "synthetic/model-a");
    assert.equal(low.value, 0.37);
    assert.ok(closeColour(low.colour, VIRIDIS_LOW), `${low.colour}`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("Page saves lm-evaluation-harness results as sweepmap JSON; runs as JSON are refused saying what to do", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    await afterRender(page, () => page.setInputFiles("#file-input", jsonFile("results_a.json", lmEval("a"))));
    const [started] = await Promise.all([page.waitForEvent("download"), page.click("#export-page")]);
    const saved = await readFile(await started.path(), "utf8");
    // The one-file page holds the dataset the default package drew, reported errors included
    // (it holds no importers): arc_easy's standard error, by hand from the fixture.
    assert.ok(saved.includes("0.008783247004042158"), "the reported standard error is in the page");
    assert.ok(!saved.includes("n-samples"), "not the harness's file");
    await afterRender(page, () => page.setInputFiles("#file-input", jsonFile("runs.json", runsJson())));
    await page.click("#export-page");
    await page.waitForFunction(() => !document.getElementById("error-banner").hidden);
    assert.equal(
      (await shownDataset(page)).error,
      'Could not save the page: "runs.json" holds runs as JSON, which the importers package reads and a one-file page does not hold; save the runs as CSV, open that file, then save the page',
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("three results files picked together open as one table, and the page says what was merged", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const files = ["a", "b", "c"].map((model) => jsonFile(`results_${model}.json`, lmEval(model)));
    await afterRender(page, () => page.setInputFiles("#file-input", files));
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "results_a.json + 2 more files");
    assert.deepEqual(shown.notices.slice(0, 2), [
      "3 results files merged: 3 models x 6 tasks",
      'model "synthetic/model-c" has no result on task "hellaswag": a missing cell',
    ]);
    const models = await page.evaluate(() => window.sweepmap.dataset.yAxis().labels);
    assert.deepEqual(models, ["synthetic/model-a", "synthetic/model-b", "synthetic/model-c"]);
    const missing = await cellFacts(page, "hellaswag", "synthetic/model-c");
    assert.equal(missing.value, null);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("lm-evaluation-harness samples logs in the explorer", { timeout: 180_000 }, () => {
  test("two logs picked together draw per-item scores, each model guessed from its file name and said", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const name = (model) => `model-${model}__samples_arc_easy_2024-05-01T10-00-00.000000.jsonl`;
    const files = ["a", "b"].map((model) => ({ name: name(model), mimeType: "application/jsonl", buffer: Buffer.from(samples(model)) }));
    await afterRender(page, () => page.setInputFiles("#file-input", files));
    await page.waitForFunction(() => window.sweepmap.figure?.constructor.name === "SweepPairwiseFigure");
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(
      shown.notices[0],
      `The samples logs do not name their models; guessed from the file names: "model-a" (from "${name("a")}"), "model-b" (from "${name("b")}"). To name a model, put it before "samples_" in the file's name (model-a__samples_<task>_<date>.jsonl) and open the files again.`,
    );
    // By hand from the fixtures: 40 documents of arc_easy, scored by acc (each file's first
    // metric); model-a is right where model-b is wrong on 10, the reverse on 6, 24 tied.
    const facts = await page.evaluate(() => {
      const { dataset } = window.sweepmap;
      const pair = dataset.comparePair("model-a", "model-b");
      return { models: dataset.models(), groups: dataset.groups(), items: dataset.itemCount(), score: dataset.scoreName(), pair: [pair.aAhead, pair.tied, pair.bAhead] };
    });
    assert.deepEqual(facts.models, ["model-a", "model-b"]);
    // One log alone: refused saying what to pick, the figure shown stays.
    await page.setInputFiles("#file-input", files[0]);
    await page.waitForFunction(() => !document.getElementById("error-banner").hidden);
    assert.equal(
      (await shownDataset(page)).error,
      `Could not open "${name("a")}": field "files": expected the samples logs of two or more models, to compare them item by item, found one model ("model-a", guessed from "${name("a")}"); pick the logs of the other models together with it`,
    );
    assert.equal(await page.evaluate(() => window.sweepmap.figure?.constructor.name), "SweepPairwiseFigure");
    assert.deepEqual(facts.groups, ["arc_easy"]);
    assert.equal(facts.items, 40);
    assert.equal(facts.score, "acc");
    assert.deepEqual(facts.pair, [10, 24, 6]);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("the importers package's exports", { timeout: 120_000 }, () => {
  test("wrong arguments return or throw an Error, never trap, and leave the package working", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const outcome = await page.evaluate(async () => {
      const { loadImportersApi } = await import(new URL("lib/sweepmap.js", location.href).href);
      const importers = await loadImportersApi();
      const wrong = [undefined, null, NaN, -1, 0, 2 ** 53, "", "x", "[", "{}", "[1]", '{"runs": 3}', true, {}, [], [1, 2], [{}], [{ name: 1 }], new Uint8Array([0xff]), () => 1, 10n, document.body];
      const bad = [];
      let calls = 0;
      const exports = ["importerFor", "tableFromJson", "lmEvalResults", "lmEvalSamples"];
      for (const name of exports) {
        for (const first of wrong) {
          for (const second of [undefined, ...wrong.slice(0, 8)]) {
            calls += 1;
            try {
              importers[name](first, second, second);
            } catch (error) {
              if (!(error instanceof Error) || error instanceof WebAssembly.RuntimeError) bad.push(`${name}: ${String(error)}`);
            }
          }
        }
      }
      const after = importers.tableFromJson('[{"lr": 1, "acc": 0.5}, {"lr": 2, "acc": 0.6}]');
      return { bad, calls, csv: after.csv, exports: exports.filter((name) => typeof importers[name] === "function").length };
    });
    assert.deepEqual(outcome.bad, []);
    assert.equal(outcome.exports, 4);
    assert.ok(outcome.calls > 700, `${outcome.calls} calls`);
    assert.equal(outcome.csv, "lr,acc\n1,0.5\n2,0.6\n", "the package still converts after them");
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("the importers package in <sweep-map>", { timeout: 120_000 }, () => {
  test("an element reads runs as JSON from its src through the importers", async () => {
    const { page, context, problems } = await openPage(session, "about:blank");
    const json = runsJson();
    await page.route("**/runs.json", (route) => route.fulfill({ status: 200, contentType: "application/json", body: json }));
    await page.goto(new URL("example.html", session.url).href);
    const result = await page.evaluate(async () => {
      await customElements.whenDefined("sweep-map");
      const element = document.createElement("sweep-map");
      const rendered = new Promise((resolve, reject) => {
        element.addEventListener("sweepmap-render", (event) => resolve(event.detail), { once: true });
        element.addEventListener("sweepmap-error", (event) => reject(new Error(event.detail.message)), { once: true });
      });
      element.setAttribute("src", "runs.json");
      document.body.append(element);
      const detail = await rendered;
      return { panels: detail.panels, inferred: detail.inferred.slice(0, 2) };
    });
    assert.equal(result.panels.length, 1);
    // The explanation's headline (what is drawn), then how the table was read.
    assert.match(result.inferred[0], /^Drawn: "val_acc" \(higher is better\)/);
    assert.match(result.inferred[1], /^Read as a table of runs: 12 runs/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("an element reads an lm-evaluation-harness results file that names no model, naming it by the file", async () => {
    const { page, context, problems } = await openPage(session, "about:blank");
    const text = lmEval("a").replace(/"model_name": "[^"]*",?/, "").replace(/"model_args": "[^"]*"/, '"model_args": ""');
    await page.route("**/synthetic__model-a/results.json", (route) => route.fulfill({ status: 200, contentType: "application/json", body: text }));
    await page.goto(new URL("example.html", session.url).href);
    const result = await page.evaluate(async () => {
      await customElements.whenDefined("sweep-map");
      const element = document.createElement("sweep-map");
      const rendered = new Promise((resolve, reject) => {
        element.addEventListener("sweepmap-render", (event) => resolve(event.detail), { once: true });
        element.addEventListener("sweepmap-error", (event) => reject(new Error(event.detail.message)), { once: true });
      });
      element.setAttribute("src", "synthetic__model-a/results.json");
      document.body.append(element);
      const detail = await rendered;
      const value = element.figure.cellInfo(0, 2, 0);
      return { panels: detail.panels.length, value: [value.xLabel, value.yLabel, value.value] };
    });
    // No model in the file: named by the file's name, as the harness's folder would not be.
    assert.deepEqual(result, { panels: 1, value: ["arc_easy", "results.json", 0.7584175084175084] });
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("renaming a model an lm-evaluation-harness file does not name", { timeout: 180_000 }, () => {
  test("the guess is said, renamed in the page (commas kept), refused for another model's name, and the link reopens it renamed", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    // model-a's results without model_name and model_args: named after the file.
    const bare = lmEval("a").replace(/"model_name": "[^"]*",?/, "").replace(/"model_args": "[^"]*"/, '"model_args": ""');
    assert.ok(!bare.includes("synthetic/model-a"));
    const files = [jsonFile("results.json", bare), jsonFile("results_b.json", lmEval("b"))];
    await afterRender(page, () => page.setInputFiles("#file-input", files));
    let shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.ok(
      shown.notices.includes('model "results.json" is named after its file: the file names no model (no model_name, no model_args); check it, and rename it if it is not the model\'s name'),
      shown.notices.join("\n"),
    );
    const models = () => page.evaluate(() => window.sweepmap.dataset.yAxis().labels);
    assert.deepEqual(await models(), ["results.json", "synthetic/model-b"]);
    const input = page.getByLabel('New name of model "results.json"');
    assert.equal(await input.inputValue(), "results.json");

    // Another model's name: refused naming both; what is drawn stays.
    await input.fill("synthetic/model-b");
    await page.click(".rename-models button");
    await page.waitForFunction(() => !document.getElementById("error-banner").hidden);
    assert.equal(
      (await shownDataset(page)).error,
      'Could not rename: field "rename": expected a name no other model has, found "synthetic/model-b" for both model "results.json" and model "synthetic/model-b"; pick another name',
    );
    assert.deepEqual(await models(), ["results.json", "synthetic/model-b"]);

    // A name with a comma: the figure's label, its scores and the link change.
    const before = shown.fragment;
    await input.fill("org/model-a, 7B");
    await afterRender(page, () => page.click(".rename-models button"));
    shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.deepEqual(await models(), ["org/model-a, 7B", "synthetic/model-b"]);
    assert.ok(!shown.notices.some((notice) => notice.includes("named after its file:")), shown.notices.join("\n"));
    // By hand from the fixture: model-a's arc_easy acc,none is 0.7584175084175084.
    const value = await page.evaluate(() => {
      const { dataset, figure } = window.sweepmap;
      const info = figure.cellInfo(0, dataset.xAxis().labels.indexOf("arc_easy"), dataset.yAxis().labels.indexOf("org/model-a, 7B"));
      return [info.yLabel, info.value];
    });
    assert.deepEqual(value, ["org/model-a, 7B", 0.7584175084175084]);
    assert.match(shown.fragment, /[#&]data=/);
    assert.notEqual(shown.fragment, before);
    // The control keeps the file's name and shows the new one, to rename again.
    assert.equal(await page.getByLabel('New name of model "org/model-a, 7B"').inputValue(), "org/model-a, 7B");

    // The link reopens the renamed models.
    const fragment = shown.fragment;
    await page.reload();
    shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.fragment, fragment);
    assert.deepEqual(await models(), ["org/model-a, 7B", "synthetic/model-b"]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("one results file alone offers the rename too; an empty name is refused", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const bare = lmEval("a").replace(/"model_name": "[^"]*",?/, "").replace(/"model_args": "[^"]*"/, '"model_args": ""');
    await afterRender(page, () => page.setInputFiles("#file-input", jsonFile("results.json", bare)));
    const models = () => page.evaluate(() => window.sweepmap.dataset.yAxis().labels);
    assert.deepEqual(await models(), ["results.json"]);
    const input = page.getByLabel('New name of model "results.json"');
    await input.fill("  ");
    await page.click(".rename-models button");
    await page.waitForFunction(() => !document.getElementById("error-banner").hidden);
    assert.equal(
      (await shownDataset(page)).error,
      'Could not rename: field "rename": expected a new name for model "results.json", found an empty name',
    );
    assert.deepEqual(await models(), ["results.json"]);
    await input.fill("synthetic/model-a");
    await afterRender(page, () => page.click(".rename-models button"));
    assert.equal((await shownDataset(page)).error, null);
    assert.deepEqual(await models(), ["synthetic/model-a"]);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
