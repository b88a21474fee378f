// End-to-end tests of pairwise comparisons in the explorer: the bundled synthetic example (per-item
// progress ratios of four neutrally named models) drawn as one histogram per pair, its labelling
// as synthetic, the statistics and the bins' tooltips against numbers computed here from the JSON
// file, the controls and the address, per-item files (good and malformed), exports, and the way
// back to a sweep.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { afterRender, canvasHash, controlValues, openPage, shownDataset, startSession, tooltip } from "./browser.mjs";
import { download, pngSize, rects } from "./downloads.mjs";

const dataDirectory = new URL("../../www/data/", import.meta.url);
const catalog = JSON.parse(readFileSync(new URL("index.json", dataDirectory), "utf8"));
const entry = catalog.find((candidate) => candidate.id === "synthetic-pairwise");
const scores = JSON.parse(readFileSync(new URL(entry.file, dataDirectory), "utf8"));
const MODELS = ["model-a", "model-b", "model-c", "model-d"];
const base = "#dataset=synthetic-pairwise";

// ---------------------------------------------------------------------------------------------
// The numbers, computed here from the JSON file

/** The items of a group (all items for null). */
function itemsOf(group = null) {
  return scores.items.filter((item) => group === null || item.group === group);
}

/** Model a against model b over the items both scored: counts, shares and the mean difference. */
function pairStats(a, b, group = null) {
  const stats = { paired: 0, aAhead: 0, tied: 0, bAhead: 0, onlyA: 0, onlyB: 0, neither: 0, sum: 0 };
  for (const item of itemsOf(group)) {
    const scoreA = item.scores[a];
    const scoreB = item.scores[b];
    const hasA = typeof scoreA === "number";
    const hasB = typeof scoreB === "number";
    if (hasA && hasB) {
      stats.paired += 1;
      stats.sum += scoreA - scoreB;
      if (scoreA > scoreB) stats.aAhead += 1;
      else if (scoreA < scoreB) stats.bAhead += 1;
      else stats.tied += 1;
    } else if (hasA) {
      stats.onlyA += 1;
    } else if (hasB) {
      stats.onlyB += 1;
    } else {
      stats.neither += 1;
    }
  }
  stats.mean = stats.sum / stats.paired;
  return stats;
}

/** The bin of a score among `bins` bins with edges i / bins; 1 falls in the last bin. */
function binOf(score, bins) {
  for (let index = bins - 1; index >= 0; index -= 1) {
    if (score >= index / bins) return index;
  }
  return 0;
}

/** Items both models scored whose scores fall in bin (x, y): a's bin along x, b's along y. */
function binCount(a, b, bins, x, y, group = null) {
  return itemsOf(group).filter((item) => {
    const scoreA = item.scores[a];
    const scoreB = item.scores[b];
    return typeof scoreA === "number" && typeof scoreB === "number" && binOf(scoreA, bins) === x && binOf(scoreB, bins) === y;
  }).length;
}

/** A number as the page writes it: fixed decimals and a true minus sign. */
function fixed(value, decimals) {
  const text = Math.abs(value).toFixed(decimals);
  return value < 0 && /[1-9]/.test(text) ? `−${text}` : text;
}

const percent = (count, total) => `${fixed((count / total) * 100, 1)} %`;

/** The statistics rows of a pair's card as the page should show them. */
function expectedCard(a, b, group = null) {
  const stats = pairStats(a, b, group);
  const of = (count) => `${count} of ${stats.paired} (${percent(count, stats.paired)})`;
  const rows = {
    a_ahead: of(stats.aAhead),
    tied: of(stats.tied),
    b_ahead: of(stats.bAhead),
    mean_difference: fixed(stats.mean, 3),
    one_model: `${stats.onlyA + stats.onlyB}: ${stats.onlyA} by ${a}, ${stats.onlyB} by ${b} (not compared)`,
  };
  if (stats.neither > 0) rows.neither = String(stats.neither);
  return rows;
}

/** The statistics the page shows in each pair's card: { title: { key: text } }. */
function shownCards(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll("#summary-panels article")].map((card) => [
        card.querySelector("h3").textContent,
        Object.fromEntries([...card.querySelectorAll("dd")].map((dd) => [dd.dataset.stat, dd.textContent])),
      ]),
    ),
  );
}

/** The centre of a bin in page coordinates, from the figure's own geometry. */
function binCentre(page, { panel, x, y }) {
  return page.evaluate(
    ({ panel, x, y }) => {
      const rect = window.sweepmap.figure.cellRect(panel, x, y);
      const canvas = document.getElementById("figure-canvas");
      // Scrolled so that the bin is in the window, whatever the height of the controls above.
      window.scrollBy(0, canvas.getBoundingClientRect().top + rect.y + rect.height / 2 - window.innerHeight / 2);
      const box = canvas.getBoundingClientRect();
      return { x: box.left + rect.x + rect.width / 2, y: box.top + rect.y + rect.height / 2 };
    },
    { panel, x, y },
  );
}

function csvFile(name, text) {
  return { name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") };
}

/**
 * Per-item scores of `count` made-up models (m1, m2, ...) over twelve items, in the JSON form,
 * titled and sourced as synthetic: scores from a formula, nothing measured.
 */
function syntheticManyModels(count) {
  const models = Array.from({ length: count }, (_, index) => `m${index + 1}`);
  const items = Array.from({ length: 12 }, (_, item) => ({
    item: `t${item + 1}`,
    scores: Object.fromEntries(models.map((model, index) => [model, ((item * 7 + index * 3) % 11) / 10])),
  }));
  return {
    models,
    text: JSON.stringify({
      title: `Synthetic example: ${count} made-up models`,
      source: "Synthetic: scores from a formula in tests/e2e/pairwise.test.mjs, not measured",
      score: { name: "score" },
      items,
    }),
  };
}

/** The pairs among models, in the figure's order. */
function pairsOf(models) {
  return models.flatMap((a, index) => models.slice(index + 1).map((b) => `${a} vs ${b}`));
}

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("pairwise comparisons", { timeout: 180_000 }, () => {
  test("the synthetic example: six panels, labelled synthetic, with each pair's statistics", async () => {
    assert.equal(entry.kind, "pairwise");
    assert.equal(entry.title, scores.title);
    const { page, context, problems } = await openPage(session, base, { permissions: ["clipboard-read", "clipboard-write"] });
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.deepEqual(shown.notices, []);
    assert.equal(shown.fragment, base);
    assert.equal(shown.selected, "synthetic-pairwise");
    assert.equal(shown.title, scores.title);
    assert.equal(shown.source, scores.source);
    const groups = [...new Set(scores.items.map((item) => item.group))];
    assert.equal(shown.facts, `${scores.score.name} per item, from 0 to 1 · 4 models · ${scores.items.length} items · ${groups.length} benchmarks`);
    const pairs = MODELS.flatMap((a, i) => MODELS.slice(i + 1).map((b) => `${a} vs ${b}`));
    assert.equal(pairs.length, 6);
    assert.deepEqual(shown.panels, pairs);
    assert.deepEqual(shown.summaryTitles, pairs);
    assert.equal(await page.evaluate(() => window.sweepmap.kind), "pairwise");

    // Labelled synthetic: the tag beside the title, the title, the dataset list, the notes.
    assert.equal(await page.isVisible("#synthetic-tag"), true);
    assert.equal(await page.textContent("#synthetic-tag"), "Synthetic example");
    assert.match(shown.title, /^Synthetic example/);
    assert.match(await page.evaluate(() => document.querySelector("#dataset-select option:checked").text), /^Synthetic example/);
    assert.match(shown.source, /^Synthetic example/);

    // The controls of pairwise data, and none of a sweep's.
    const controls = await controlValues(page);
    assert.deepEqual(controls.shown, [
      "dataset-select",
      "file-input",
      "models-0",
      "group-select",
      "bins-select",
      "by-select",
      "cmap-select",
      "reverse-input",
      "log-input",
      "range-select",
      "theme-select",
      "annotate-input",
      "decimals-select",
    ]);
    assert.deepEqual(
      MODELS.map((_, index) => controls.values[`models-${index}`]),
      [true, true, true, true],
    );
    // Every visible control has a visible label (a model's checkbox: the model's name).
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll("#controls select, #controls input")]
        .filter((control) => !control.closest("[hidden]"))
        .filter((control) => ![...control.labels].some((label) => label.offsetWidth > 0 && label.textContent.trim() !== ""))
        .map((control) => control.id),
    );
    assert.deepEqual(unlabelled, []);
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll("#models-list label")].map((label) => label.textContent)),
      MODELS,
    );
    assert.equal(await page.textContent("#models-label"), "Models");
    assert.equal(await page.textContent("#group-label"), "Benchmark");
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll("#group-select option")].map((item) => [item.value, item.text])),
      [["", "All benchmarks"], ...groups.map((group) => [group, group])],
    );
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll("#range-select option")].filter((item) => !item.hidden).map((item) => item.value)),
      ["panel", "shared", "fixed"],
    );
    assert.equal(controls.values["range-select"], "shared");
    assert.equal(controls.values["bins-select"], "10");
    assert.equal(controls.values["by-select"], "count");

    // Every pair's statistics as computed here from the file.
    const cards = await shownCards(page);
    for (const [index, title] of pairs.entries()) {
      const [a, b] = title.split(" vs ");
      const expected = expectedCard(a, b);
      for (const [key, text] of Object.entries(expected)) assert.equal(cards[title][key], text, `${title}: ${key}`);
      // The figure's own numbers agree with the file too.
      const stat = await page.evaluate((index) => window.sweepmap.figure.comparisons()[index], index);
      const computed = pairStats(a, b);
      assert.deepEqual(
        [stat.paired, stat.aAhead, stat.tied, stat.bAhead, stat.onlyA, stat.onlyB, stat.neither],
        [computed.paired, computed.aAhead, computed.tied, computed.bAhead, computed.onlyA, computed.onlyB, computed.neither],
        title,
      );
    }
    // model-a vs model-b in full, as a person reads it (the counts are those of the file).
    const ab = pairStats("model-a", "model-b");
    assert.deepEqual(cards["model-a vs model-b"], {
      a_ahead: `${ab.aAhead} of ${ab.paired} (${percent(ab.aAhead, ab.paired)})`,
      tied: `${ab.tied} of ${ab.paired} (${percent(ab.tied, ab.paired)})`,
      b_ahead: `${ab.bAhead} of ${ab.paired} (${percent(ab.bAhead, ab.paired)})`,
      mean_difference: fixed(ab.mean, 3),
      sign_test: `p = 1.000 (${ab.aAhead + ab.bAhead} untied items)`,
      one_model: `${ab.onlyA + ab.onlyB}: ${ab.onlyA} by model-a, ${ab.onlyB} by model-b (not compared)`,
    });
    assert.equal(ab.aAhead, ab.bAhead, "as many items each way, so the sign test's p is exactly 1");
    assert.equal(
      await page.evaluate(() => document.querySelector("#summary-overview .comparison-scope").textContent),
      `Each pair is compared over the items both models scored, of the ${scores.items.length} items: the shares are of those paired items, and the sign test leaves the ties out. The bins shape the histograms only.`,
    );
    // Copy as Markdown: a table of every pair.
    await page.click("#copy-markdown");
    await page.waitForFunction(() => document.getElementById("markdown-status").textContent !== "");
    assert.equal(await page.textContent("#markdown-status"), "Pairwise comparisons copied as Markdown.");
    const markdown = await page.evaluate(() => navigator.clipboard.readText());
    const markdownLines = markdown.trimEnd().split("\n");
    assert.equal(markdownLines[0], "## Pairwise comparisons");
    assert.equal(markdownLines[4], "| Pair (A vs B) | Paired items | A ahead | Tied | B ahead | Mean A − B | Sign test p | Scored by one model only |");
    assert.equal(markdownLines.length, 6 + pairs.length);
    assert.equal(
      markdownLines[6],
      `| model-a vs model-b | ${ab.paired} | ${percent(ab.aAhead, ab.paired)} | ${percent(ab.tied, ab.paired)} | ${percent(ab.bAhead, ab.paired)} | ` +
        `${fixed(ab.mean, 3)} | 1.000 | ${ab.onlyA + ab.onlyB} (${ab.onlyA} A, ${ab.onlyB} B) |`,
    );
    // The canvas is described by the statistics.
    assert.match(
      await page.textContent("#figure-observations"),
      new RegExp(`^Pairwise comparisons\\. model-a vs model-b: model-a ahead on ${percent(ab.aAhead, ab.paired).replace(".", "\\.")} of ${ab.paired} paired items, `),
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("hovering a bin shows both score ranges, its count and its share; the keyboard steps through bins", async () => {
    const { page, context, problems } = await openPage(session, base);
    await shownDataset(page);
    const name = (model) => `${scores.score.name} - ${model}`;
    const ab = pairStats("model-a", "model-b");

    // model-a between 0.9 and 1 (inclusive), model-b below 0.1.
    const count = binCount("model-a", "model-b", 10, 9, 0);
    assert.ok(count > 0, "a bin with items");
    const centre = await binCentre(page, { panel: 0, x: 9, y: 0 });
    await page.mouse.move(centre.x, centre.y);
    await page.waitForSelector("#tooltip:not([hidden])");
    assert.deepEqual(await tooltip(page), {
      title: "model-a vs model-b",
      rows: {
        [name("model-a")]: "[0.9, 1]",
        [name("model-b")]: "[0, 0.1)",
        Items: String(count),
        Share: `${percent(count, ab.paired)} of ${ab.paired} paired items`,
      },
    });

    // The third pair, a bin in the middle: model-a in [0.3, 0.4), model-d in [0.6, 0.7).
    const middle = binCount("model-a", "model-d", 10, 3, 6);
    const ad = pairStats("model-a", "model-d");
    const point = await binCentre(page, { panel: 2, x: 3, y: 6 });
    await page.mouse.move(point.x, point.y);
    await page.waitForFunction(() => document.querySelector("#tooltip .tooltip-title")?.textContent === "model-a vs model-d");
    assert.deepEqual((await tooltip(page)).rows, {
      [name("model-a")]: "[0.3, 0.4)",
      [name("model-d")]: "[0.6, 0.7)",
      Items: String(middle),
      Share: `${percent(middle, ad.paired)} of ${ad.paired} paired items`,
    });

    // The keyboard starts at the top-left bin of the first pair and steps right.
    await page.mouse.move(0, 0);
    await page.focus("#figure-canvas");
    await page.waitForSelector("#cell-outline:not([hidden])");
    const first = binCount("model-a", "model-b", 10, 0, 9);
    assert.equal(
      await page.textContent("#cell-announcer"),
      `model-a vs model-b: ${name("model-a")} [0, 0.1), ${name("model-b")} [0.9, 1]: ${first} ${first === 1 ? "item" : "items"}, ${percent(first, ab.paired)} of ${ab.paired} paired items.`,
    );
    await page.keyboard.press("ArrowRight");
    const next = binCount("model-a", "model-b", 10, 1, 9);
    assert.equal(
      await page.textContent("#cell-announcer"),
      `model-a vs model-b: ${name("model-a")} [0.1, 0.2), ${name("model-b")} [0.9, 1]: ${next} ${next === 1 ? "item" : "items"}, ${percent(next, ab.paired)} of ${ab.paired} paired items.`,
    );
    assert.deepEqual((await tooltip(page)).rows.Items, String(next));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("Models, Group, Bins, Colour by and Logarithmic change the figure and the address; links and history restore them", async () => {
    const { page, context, problems } = await openPage(session, base);
    await shownDataset(page);
    const history = [{ fragment: base, hash: await canvasHash(page) }];

    // Two models: one panel.
    await afterRender(page, () => page.uncheck("#models-2"));
    assert.equal((await shownDataset(page)).fragment, `${base}&models=model-a,model-b,model-d`);
    assert.equal((await shownDataset(page)).panels.length, 3);
    await afterRender(page, () => page.uncheck("#models-3"));
    let shown = await shownDataset(page);
    assert.equal(shown.fragment, `${base}&models=model-a,model-b`);
    assert.deepEqual(shown.panels, ["model-a vs model-b"]);
    assert.deepEqual(shown.summaryTitles, ["model-a vs model-b"]);
    history.push({ fragment: shown.fragment, hash: await canvasHash(page) });
    assert.notEqual(history[1].hash, history[0].hash);

    // One of two cannot go: the box stays checked, and nothing is redrawn.
    const renders = shown.renders;
    await page.uncheck("#models-1").catch(() => {});
    assert.equal(await page.isChecked("#models-1"), true);
    assert.equal(await page.textContent("#models-note"), "Compare at least two models.");
    assert.equal((await shownDataset(page)).renders, renders);
    assert.equal(await canvasHash(page), history[1].hash);

    const steps = [
      { act: () => page.selectOption("#group-select", "web"), fragment: `${base}&models=model-a,model-b&group=web` },
      { act: () => page.selectOption("#bins-select", "20"), fragment: `${base}&models=model-a,model-b&group=web&bins=20` },
      { act: () => page.selectOption("#by-select", "share"), fragment: `${base}&models=model-a,model-b&group=web&bins=20&by=share` },
      { act: () => page.check("#log-input"), fragment: `${base}&models=model-a,model-b&group=web&bins=20&by=share&log=1` },
      { act: () => page.selectOption("#cmap-select", "magma"), fragment: `${base}&models=model-a,model-b&group=web&bins=20&by=share&log=1&cmap=magma` },
      {
        act: () => page.selectOption("#range-select", "panel"),
        fragment: `${base}&models=model-a,model-b&group=web&bins=20&by=share&log=1&cmap=magma&range=panel`,
        // One panel: its own range is the shared one.
        samePixels: true,
      },
    ];
    for (const step of steps) {
      await afterRender(page, step.act);
      shown = await shownDataset(page);
      assert.equal(shown.fragment, step.fragment);
      const hash = await canvasHash(page);
      if (step.samePixels) {
        assert.equal(hash, history.at(-1).hash, step.fragment);
      } else {
        assert.notEqual(hash, history.at(-1).hash, `${step.fragment} changes the pixels`);
      }
      history.push({ fragment: shown.fragment, hash, controls: await controlValues(page) });
    }

    // Within one group: the panel and its statistics are the group's.
    assert.deepEqual(shown.panels, ["model-a vs model-b | web"]);
    const cards = await shownCards(page);
    for (const [key, text] of Object.entries(expectedCard("model-a", "model-b", "web"))) {
      assert.equal(cards["model-a vs model-b | web"][key], text, key);
    }
    // A bin of the 20 x 20 histogram of web, by share.
    const web = pairStats("model-a", "model-b", "web");
    const count = binCount("model-a", "model-b", 20, 19, 19, "web");
    const centre = await binCentre(page, { panel: 0, x: 19, y: 19 });
    await page.mouse.move(centre.x, centre.y);
    await page.waitForSelector("#tooltip:not([hidden])");
    assert.deepEqual((await tooltip(page)).rows, {
      [`${scores.score.name} - model-a`]: "[0.95, 1]",
      [`${scores.score.name} - model-b`]: "[0.95, 1]",
      Items: String(count),
      Share: `${percent(count, web.paired)} of ${web.paired} paired items`,
    });

    // Reopening the link draws the same pixels with the same controls.
    const last = history.at(-1);
    const reopened = await openPage(session, last.fragment);
    const again = await shownDataset(reopened.page);
    assert.equal(again.error, null);
    assert.deepEqual(again.notices, []);
    assert.equal(again.fragment, last.fragment);
    assert.equal(await canvasHash(reopened.page), last.hash);
    assert.deepEqual(await controlValues(reopened.page), last.controls);
    assert.deepEqual(reopened.problems, []);
    await reopened.context.close();

    // Back and forward walk through the views.
    for (let index = history.length - 2; index >= 1; index -= 1) {
      await afterRender(page, () => page.goBack());
      shown = await shownDataset(page);
      assert.equal(shown.fragment, history[index].fragment);
      assert.equal(await canvasHash(page), history[index].hash, history[index].fragment);
    }
    await afterRender(page, () => page.goForward());
    assert.equal((await shownDataset(page)).fragment, history[2].fragment);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("invalid pairwise link values fall back with a notice", async () => {
    const { page, context, problems } = await openPage(
      session,
      `${base}&models=model-a,model-x&group=nowhere&bins=7&by=colour&log=maybe&range=centered`,
    );
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.deepEqual(shown.notices, [
      'There is no model "model-x" in these data (models: "model-a", "model-b", "model-c", "model-d"); leaving it out.',
      'models="model-a,model-x" names fewer than two models of these data; comparing every model.',
      'There is no group "nowhere" in these data (groups: "web", "code", "data"); comparing all items.',
      'bins="7" is not offered (expected 5, 10, 20); using 10.',
      'by="colour" is not what bins can be coloured by (expected count, share); using "count".',
      'log="maybe" should be 1 or 0; colouring linearly.',
      'range="centered" is not a colour range (expected panel, shared, fixed); using "shared".',
    ]);
    assert.equal(shown.fragment, base);
    assert.equal(shown.panels.length, 6);
    assert.equal(await canvasHash(page), await (async () => {
      const plain = await openPage(session, base);
      await shownDataset(plain.page);
      const hash = await canvasHash(plain.page);
      await plain.context.close();
      return hash;
    })());
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("per-item files: a malformed one shows the loader's error and keeps the figure; a valid one opens as pairs", async () => {
    const { page, context, problems } = await openPage(session, `${base}&models=model-a,model-b`);
    const before = await shownDataset(page);
    const hash = await canvasHash(page);

    await page.setInputFiles("#file-input", csvFile("scores.csv", "item,model,score,benchmark\nt1,model-a,0.4,web\nt1,model-b,1.4,web\n"));
    await page.waitForSelector("#error-banner:not([hidden])");
    let shown = await shownDataset(page);
    assert.equal(shown.error, 'Could not open "scores.csv": line 3, column "score": expected a score between 0 and 1, found 1.4');
    assert.equal(shown.title, before.title);
    assert.equal(shown.fragment, before.fragment);
    assert.equal(shown.renders, before.renders);
    assert.equal(await canvasHash(page), hash, "the previous figure stays");

    // A valid per-item CSV (no group column) opens as pairwise comparisons, and its link carries it.
    const rows = ["task_id,system,progress"];
    const table = { t1: [0, 0.5, 1], t2: [0.25, 0.25, 0.75], t3: [1, 0.5, ""], t4: [0.5, 1, 0.5] };
    for (const [task, values] of Object.entries(table)) {
      values.forEach((value, index) => rows.push(`${task},${["X", "Y", "Z"][index]},${value}`));
    }
    await afterRender(page, () => page.setInputFiles("#file-input", csvFile("progress.csv", `${rows.join("\n")}\n`)));
    shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "progress.csv");
    assert.equal(shown.facts, "progress per item, from 0 to 1 · 3 models · 4 items");
    assert.deepEqual(shown.panels, ["X vs Y", "X vs Z", "Y vs Z"]);
    assert.equal(await page.isVisible("#synthetic-tag"), false);
    assert.equal(await page.isVisible("#field-group"), false, "no groups, no group control");
    const cards = await shownCards(page);
    // X vs Z: t1 Z ahead, t2 Z ahead, t4 tied; t3 scored by X only.
    assert.deepEqual(cards["X vs Z"], {
      a_ahead: "0 of 3 (0.0 %)",
      tied: "1 of 3 (33.3 %)",
      b_ahead: "2 of 3 (66.7 %)",
      mean_difference: fixed((0 - 1 + 0.25 - 0.75 + 0) / 3, 3),
      sign_test: "p = 0.500 (2 untied items)",
      one_model: "1: 1 by X, 0 by Z (not compared)",
    });
    const params = new URLSearchParams(shown.fragment.slice(1));
    assert.deepEqual([...params.keys()], ["data", "fmt", "name"]);
    const reopened = await openPage(session, shown.fragment);
    const again = await shownDataset(reopened.page);
    assert.deepEqual(again.panels, shown.panels);
    assert.equal(await canvasHash(reopened.page), await canvasHash(page));
    assert.deepEqual(reopened.problems, []);
    await reopened.context.close();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("per-item scores of one model cannot be drawn: the sweep and its figure stay", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=grid");
    const before = await shownDataset(page);
    const hash = await canvasHash(page);
    await page.setInputFiles("#file-input", csvFile("one.csv", "item,model,score\nt1,A,0.5\nt2,A,1\n"));
    await page.waitForSelector("#error-banner:not([hidden])");
    const shown = await shownDataset(page);
    assert.equal(shown.error, 'Could not draw "one.csv": field "models": expected at least two models to compare, found 1');
    assert.equal(shown.fragment, before.fragment);
    assert.equal(shown.title, before.title);
    assert.equal(await page.evaluate(() => window.sweepmap.kind), "sweep");
    assert.equal(await canvasHash(page), hash);
    // The figure still answers: hover reads its cells.
    assert.equal(await page.evaluate(() => window.sweepmap.figure.cellInfo(0, 0, 0).title), "R1-Llama | AIME24");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("exports: a PNG at twice the size, an SVG with one bin-sized rect per bin, the CSV shown", async () => {
    const { page, context, problems } = await openPage(session, `${base}&models=model-a,model-b`);
    await shownDataset(page);
    const figure = await page.evaluate(() => {
      const figure = window.sweepmap.figure;
      const panel = figure.panels()[0];
      const bins = [];
      for (let y = 0; y < panel.rows; y += 1) {
        for (let x = 0; x < panel.columns; x += 1) bins.push({ x, y, rect: figure.cellRect(0, x, y) });
      }
      return { size: figure.size(), stem: figure.fileStem(), csv: figure.shownCsv(), bins };
    });
    assert.equal(figure.stem, "model-a-vs-model-b");
    assert.equal(figure.bins.length, 100);

    const png = await download(page, "#export-png");
    assert.equal(png.name, "model-a-vs-model-b.png");
    assert.deepEqual(pngSize(png.bytes), { width: Math.round(figure.size.width * 2), height: Math.round(figure.size.height * 2) });
    assert.equal(await page.textContent("#share-status"), "PNG saved as model-a-vs-model-b.png.");

    const svgFile = await download(page, "#export-svg");
    assert.equal(svgFile.name, "model-a-vs-model-b.svg");
    const svg = svgFile.bytes.toString("utf8");
    assert.ok(svg.startsWith("<svg "), "an SVG document");
    assert.ok(!svg.includes("<image"), "true vector: no embedded picture");
    const shapes = rects(svg).filter((shape) => shape.fill && shape.fill !== "none");
    const near = (a, b) => Math.abs(a - b) <= 1.5;
    for (const bin of figure.bins) {
      const matching = shapes.filter(
        (shape) => near(shape.x, bin.rect.x) && near(shape.y, bin.rect.y) && near(shape.width, bin.rect.width) && near(shape.height, bin.rect.height),
      );
      assert.equal(matching.length, 1, `one shape for bin ${bin.x}, ${bin.y}`);
    }
    const binSized = shapes.filter((shape) => near(shape.width, figure.bins[0].rect.width) && near(shape.height, figure.bins[0].rect.height));
    assert.equal(binSized.length, 100, "one bin-sized rect per bin, no more");

    const csv = await download(page, "#export-csv");
    assert.equal(csv.name, "model-a-vs-model-b.csv");
    assert.equal(csv.bytes.toString("utf8"), figure.csv);
    assert.equal(csv.bytes.toString("utf8").trimEnd().split("\n").length, 1 + 100, "a header and one row per bin");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("many models open on the first five, the note says so, and ticking a sixth adds its pairs", async () => {
    const { models, text } = syntheticManyModels(8);
    const { page, context, problems } = await openPage(session, base);
    await shownDataset(page);
    const file = { name: "synthetic-eight-models.json", mimeType: "application/json", buffer: Buffer.from(text, "utf8") };
    await afterRender(page, () => page.setInputFiles("#file-input", file));
    let shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "Synthetic example: 8 made-up models");
    assert.equal(await page.isVisible("#synthetic-tag"), true);
    const firstFive = models.slice(0, 5);
    assert.deepEqual(shown.panels, pairsOf(firstFive));
    assert.equal(shown.panels.length, 10);
    assert.deepEqual(shown.summaryTitles, shown.panels);
    assert.deepEqual(await page.evaluate(() => window.sweepmap.figure.options().models), firstFive);
    const ticked = () => page.evaluate(() => [...document.querySelectorAll("#models-list input")].map((input) => input.checked));
    assert.deepEqual(await ticked(), [true, true, true, true, true, false, false, false]);
    assert.equal(await page.textContent("#models-note"), "Comparing the first 5 of 8 models (10 of 28 pairs). Tick others to add them.");
    // The default models are not written in the link.
    const params = new URLSearchParams(shown.fragment.slice(1));
    assert.deepEqual([...params.keys()], ["data", "fmt", "name"]);
    const defaultHash = await canvasHash(page);

    // A sixth model ticked: 15 pairs, listed in the address, and the note has nothing to say.
    await afterRender(page, () => page.check("#models-5"));
    shown = await shownDataset(page);
    const six = models.slice(0, 6);
    assert.deepEqual(shown.panels, pairsOf(six));
    assert.equal(shown.panels.length, 15);
    assert.equal(shown.fragment, `#${params.toString()}&models=${six.join(",")}`);
    assert.deepEqual(await ticked(), [true, true, true, true, true, true, false, false]);
    assert.equal(await page.textContent("#models-note"), "");
    const sixHash = await canvasHash(page);
    assert.notEqual(sixHash, defaultHash);

    // The link reopens the six models.
    const reopened = await openPage(session, shown.fragment);
    const again = await shownDataset(reopened.page);
    assert.deepEqual(again.notices, []);
    assert.deepEqual(again.panels, pairsOf(six));
    assert.equal(await canvasHash(reopened.page), sixHash);
    assert.deepEqual(reopened.problems, []);
    await reopened.context.close();

    // Unticked again: the default, with neither models= nor a different figure.
    await afterRender(page, () => page.uncheck("#models-5"));
    shown = await shownDataset(page);
    assert.equal(shown.fragment, `#${params.toString()}`);
    assert.equal(shown.panels.length, 10);
    assert.equal(await canvasHash(page), defaultHash);
    assert.equal(await page.textContent("#models-note"), "Comparing the first 5 of 8 models (10 of 28 pairs). Tick others to add them.");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("switching back to a sweep restores the sweep's controls and figure", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=grid");
    await shownDataset(page);
    const sweepHash = await canvasHash(page);
    const sweepControls = await controlValues(page);

    await afterRender(page, () => page.selectOption("#dataset-select", "synthetic-pairwise"));
    let shown = await shownDataset(page);
    assert.equal(shown.fragment, base);
    assert.equal(shown.panels.length, 6);
    assert.equal(await page.isVisible("#layout-select"), false);
    assert.equal(await page.isVisible("#uncertainty-input"), false);
    assert.equal(await page.textContent("#summary-heading"), "Pairwise comparisons");

    await afterRender(page, () => page.selectOption("#dataset-select", "kv-cache-sweep"));
    shown = await shownDataset(page);
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep");
    assert.equal(await page.evaluate(() => window.sweepmap.kind), "sweep");
    assert.equal(await page.isVisible("#synthetic-tag"), false);
    assert.equal(await page.textContent("#summary-heading"), "Key observations");
    const controls = await controlValues(page);
    assert.deepEqual(controls.shown, ["dataset-select", "file-input", "layout-select", "model-select", "order-select", "marginals-select", "chart-select", "cmap-select", "reverse-input", "scale-select", "range-select", "theme-select", "annotate-input", "decimals-select", "uncertainty-input", "level-select"]);
    assert.deepEqual(
      await page.evaluate(() => [...document.querySelectorAll("#range-select option")].filter((item) => !item.hidden).map((item) => item.value)),
      ["panel", "shared", "fixed", "centered"],
    );
    assert.deepEqual(shown.panels, ["R1-Llama | AIME24", "R1-Llama | AIME25", "R1-Llama | AMC23", "R1-Llama | GPQA-Diamond", "R1-Llama | Average (reported)"]);

    // Back goes to the pairwise view, then to the grid as it was.
    await afterRender(page, () => page.goBack());
    assert.equal((await shownDataset(page)).panels.length, 6);
    await afterRender(page, () => page.goBack());
    shown = await shownDataset(page);
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep&layout=grid");
    assert.equal(await canvasHash(page), sweepHash);
    assert.deepEqual((await controlValues(page)).shown, sweepControls.shown);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
