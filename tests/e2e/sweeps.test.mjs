// End-to-end tests of sweeps that loadDataset refuses for their roles, opened as run tables
// (openSweep) at their default view: a W&B runs export, an Optuna trials table and a tidy CSV over
// three hyperparameters, through the explorer's file input and in <sweep-map> under the strict
// CSP. The figure is drawn, says what it shows under each panel's title (and in the
// observations), and the page lists what was inferred and what to check. The default package
// holds run tables: the pairwise package is never fetched for them.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { afterRender, openPage, shownDataset, startSession } from "./browser.mjs";
import { openRecordedPage, startSiteSession, violations, waitForEvents } from "./embed.mjs";

const fixture = (name) => readFileSync(new URL(`../fixtures/sweeps/${name}`, import.meta.url), "utf8");

function csvFile(name, text) {
  return { name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") };
}

/**
 * A sweep over three hyperparameters and two seeds, with a training loss beside the accuracy:
 * lr moves the accuracy most, then weight_decay; batch_size barely.
 */
function threeParameters() {
  const rows = ["lr,weight_decay,batch_size,seed,val_accuracy,train_loss"];
  for (const [i, lr] of ["0.0001", "0.001", "0.01"].entries()) {
    for (const [j, wd] of ["0", "0.01", "0.1"].entries()) {
      for (const [k, bs] of ["32", "64"].entries()) {
        for (const seed of [1, 2]) {
          const accuracy = 0.6 + 0.1 * i + 0.03 * j + 0.002 * k + 0.001 * seed;
          rows.push(`${lr},${wd},${bs},${seed},${accuracy.toFixed(4)},${(1 - accuracy).toFixed(4)}`);
        }
      }
    }
  }
  return `${rows.join("\n")}\n`;
}

/**
 * What the API says of a text, asked in the page: the projection's description and inferred
 * lines, the dataset's axes, and the figure's SVG export and key observations.
 */
function apiView(page, text) {
  return page.evaluate(async (text) => {
    const { load, withExports } = await import(new URL("lib/sweepmap.js", location.href).href);
    const api = await load();
    const table = api.openSweep(text);
    const projection = table.project();
    const dataset = projection.dataset();
    const result = {
      format: table.format(),
      description: projection.description(),
      inferred: projection.inferred(),
      view: projection.view(),
      shows: dataset.shows(),
      caption: dataset.caption(),
      x: dataset.xAxis().name,
      y: dataset.yAxis().name,
      svg: await withExports(window.sweepmap.figure, (exporting) => exporting.toSvg()),
      observations: window.sweepmap.figure.keyObservations(),
      markdown: await withExports(window.sweepmap.figure, (exporting) => exporting.observationsMarkdown()),
      overview: document.getElementById("summary-overview").textContent,
    };
    dataset.free();
    projection.free();
    table.free();
    return result;
  }, text);
}

const xmlText = (text) => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&apos;");

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("sweeps of any shape in the explorer", { timeout: 120_000 }, () => {
  for (const { name, format, read, drawn } of [
    {
      name: "synthetic-wandb-runs.csv",
      format: "wandb",
      read: "Read as a W&B runs export: 33 runs; parameters ",
      drawn: 'Drawn: "val/acc" (higher is better) by ',
    },
    {
      name: "synthetic-optuna-trials.csv",
      format: "optuna",
      read: "Read as an Optuna trials table: ",
      drawn: 'Drawn: "value" (lower is better) by ',
    },
  ]) {
    test(`${name} opens through the file input, says what it shows and what was inferred`, async () => {
      const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
      const requests = [];
      page.on("request", (request) => requests.push(request.url()));
      await shownDataset(page);
      const text = fixture(name);
      await afterRender(page, () => page.setInputFiles("#file-input", csvFile(name, text)));
      const shown = await shownDataset(page);
      assert.equal(shown.error, null);
      assert.equal(shown.title, name);
      // Run tables are in the default package: the pairwise one is not fetched to open and draw
      // them (only for the exports apiView reads: lib/sweepmap.js withExports).
      assert.deepEqual(requests.filter((url) => url.includes("/pkg/pairwise/")), []);
      const api = await apiView(page, text);
      assert.equal(api.format, format);
      assert.ok(api.description.length > 0);
      assert.equal(api.shows, api.description);
      // The notices are the projection's inferred lines, in order.
      assert.deepEqual(shown.notices, api.inferred);
      // The headline first: what is drawn, why, and how many notes to check (the main effects'
      // shares are not repeated: the controls show them).
      const notes = shown.notices.length - 3;
      assert.equal(
        shown.notices[0],
        `${drawn}"${api.view.x}" (x) and "${api.view.y}" (y), the parameters with the largest main effect. ${notes} note${notes === 1 ? "" : "s"} to check below.`,
      );
      assert.ok(shown.notices[1].startsWith(read), shown.notices[1]);
      assert.equal(shown.notices[2], `Shown: ${api.description}.`);
      assert.ok(shown.notices.some((notice) => / not finished| left out/.test(notice)), shown.notices.join("\n"));
      assert.deepEqual([api.x, api.y], [api.view.x, api.view.y]);
      // Drawn under every panel's title, in the observations and in the Markdown.
      // (wrapped to the panel's width: its lines read in order).
      const svgText = [...api.svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1].trim()).join(" ");
      // The figure writes it in brief: without the caveats of a best-of and of bins, which the
      // observations below give in full.
      assert.equal(svgText.split(xmlText(api.caption)).length - 1, shown.panels.length, "once per panel");
      if (format === "optuna") {
        assert.equal(api.caption, "best over n_layers, optimizer (per cell; biased low); lr in 8 log-spaced bins; dropout in 10 equal bins; 1 run per cell");
        assert.ok(api.description.includes("its standard error does not count the selection"), api.description);
      } else {
        assert.equal(api.caption, api.description);
      }
      assert.equal(api.observations.shows, api.description);
      assert.ok(api.observations.description.startsWith(`Key observations. Shown: ${api.description}.`));
      assert.ok(api.overview.startsWith(`Shown: ${api.description}.`), api.overview);
      assert.ok(api.markdown.startsWith("Shown: "), api.markdown);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("at 390 px the notice shows the headline and folds the rest", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep", { width: 390, height: 800 });
    await shownDataset(page);
    const name = "synthetic-optuna-trials.csv";
    await afterRender(page, () => page.setInputFiles("#file-input", csvFile(name, fixture(name))));
    const shown = await shownDataset(page);
    const banner = await page.evaluate(() => {
      const item = document.querySelector("#notice-list > li.explained");
      const details = item.querySelector("details");
      return {
        items: document.querySelectorAll("#notice-list > li").length,
        headline: item.firstChild.textContent,
        open: details.open,
        summary: details.querySelector("summary").textContent,
        folded: [...details.querySelectorAll("li")].map((li) => li.textContent),
        height: document.getElementById("notice-banner").getBoundingClientRect().height,
        detailsVisible: details.querySelector("ul").checkVisibility(),
        list: document.getElementById("notice-list").getBoundingClientRect().toJSON(),
        inner: document.getElementById("notice-banner").clientWidth,
        dismiss: document.getElementById("notice-dismiss").getBoundingClientRect().toJSON(),
      };
    });
    assert.equal(banner.items, 1);
    assert.equal(banner.headline, shown.notices[0]);
    assert.match(banner.headline, /^Drawn: "value" \(lower is better\) by "lr" \(x\) and "dropout" \(y\), the parameters with the largest main effect\. 1 note to check below\.$/);
    // The shares the controls show are not repeated anywhere in it.
    assert.ok(shown.notices.every((notice) => !notice.includes("%")), shown.notices.join("\n"));
    assert.equal(banner.open, false);
    assert.equal(banner.summary, "Details");
    assert.deepEqual(banner.folded, shown.notices.slice(1));
    assert.equal(banner.folded.at(-1), "5 of 40 trials were not complete and were left out (4 PRUNED, 1 FAIL)");
    // Folded, the details take no room: the banner is the headline and the summary (786 px
    // tall with every line shown before).
    assert.equal(banner.detailsVisible, false);
    assert.ok(banner.height < 260, `the banner is ${banner.height} px tall`);
    // The notices take the banner's width (its padding aside), and Dismiss goes under them, at
    // the end, instead of keeping a column of its own beside text wrapped to half the banner.
    assert.ok(banner.list.width > banner.inner - 40, `the notices are ${banner.list.width} px wide in ${banner.inner} px`);
    assert.ok(banner.dismiss.top >= banner.list.bottom, `Dismiss at ${banner.dismiss.top} px, the notices end at ${banner.list.bottom} px`);
    assert.ok(Math.abs(banner.dismiss.right - banner.list.right) < 2, "Dismiss at the end of the row");
    await page.click("#notice-list summary");
    assert.equal(await page.evaluate(() => document.querySelector("#notice-list details ul").checkVisibility()), true);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a CSV over three hyperparameters opens at the two largest effects, and its link reopens it", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const text = threeParameters();
    await afterRender(page, () => page.setInputFiles("#file-input", csvFile("three.csv", text)));
    let shown = await shownDataset(page);
    assert.equal(shown.error, null);
    const api = await apiView(page, text);
    assert.deepEqual([api.view.x, api.view.y].sort(), ["lr", "weight_decay"]);
    assert.equal(api.view.metric, "val_accuracy");
    assert.deepEqual(api.view.others, { batch_size: { fixed: "64" } });
    assert.equal(api.description, "batch_size = 64 (fixed at the best run's); 2 runs per cell");
    assert.deepEqual(shown.notices, api.inferred);
    assert.equal(
      shown.notices[0],
      'Drawn: "val_accuracy" (higher is better) by "weight_decay" (x) and "lr" (y), the parameters with the largest main effect.',
    );
    assert.equal(
      shown.notices[1],
      'Read as a table of runs: 36 runs; parameters "lr", "weight_decay", "batch_size"; metrics "val_accuracy", "train_loss"; replicate "seed".',
    );
    assert.equal(shown.notices[2], "Shown: batch_size = 64 (fixed at the best run's); 2 runs per cell.");
    // The file travels in the link; reloading it opens the run table again, with its notices.
    const fragment = shown.fragment;
    assert.match(fragment, /[#&]data=/);
    await page.reload();
    shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.fragment, fragment);
    assert.deepEqual(shown.notices, api.inferred);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a JSON table of runs (pandas records) opens as its CSV does; inferRoles says the same without a table", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const csv = threeParameters();
    const [header, ...lines] = csv.trim().split("\n");
    const names = header.split(",");
    // What json.dumps(df.to_dict("records")) writes: one line, numbers as numbers.
    const json = JSON.stringify(lines.map((line) => Object.fromEntries(line.split(",").map((field, k) => [names[k], Number(field)]))));
    const file = { name: "three.json", mimeType: "application/json", buffer: Buffer.from(json, "utf8") };
    await afterRender(page, () => page.setInputFiles("#file-input", file));
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    const api = await apiView(page, csv);
    assert.deepEqual(shown.notices, api.inferred);
    assert.equal(shown.notices[2], "Shown: batch_size = 64 (fixed at the best run's); 2 runs per cell.");
    const inferred = await page.evaluate(async ([csv, json]) => {
      const { load, loadImportersApi } = await import(new URL("lib/sweepmap.js", location.href).href);
      const api = await load();
      const table = api.openSweep(csv);
      const columns = table.columns();
      table.free();
      // Runs as JSON: the importers package converts them; the default package opens the CSV.
      let refused = null;
      try {
        api.inferRoles(json);
      } catch (error) {
        refused = error.message;
      }
      const converted = (await loadImportersApi()).tableFromJson(json);
      const roles = { roles: { batch_size: "facet" }, fromJson: converted.roles };
      return { csv: api.inferRoles(csv), json: api.inferRoles(converted.csv, roles), columns, refused };
    }, [csv, json]);
    assert.equal(inferred.csv.format, "tidy");
    assert.equal(inferred.csv.runs, 36);
    assert.deepEqual(inferred.csv.columns, inferred.columns);
    assert.deepEqual(
      inferred.csv.columns.map((c) => `${c.column}: ${c.role} (${c.because})`),
      [
        "lr: parameter (numbers with 3 values)",
        "weight_decay: parameter (numbers with 3 values)",
        "batch_size: parameter (numbers with 2 values)",
        "seed: replicate (named like a replicate)",
        "val_accuracy: metric (named like a metric)",
        "train_loss: metric (named like a metric)",
      ],
    );
    assert.deepEqual(inferred.json.columns[2], { ...inferred.columns[2], role: "facet", because: "named in the roles" });
    assert.equal(
      inferred.refused,
      'field "text": expected CSV: runs as JSON are converted by the importers package first (www/lib/sweepmap.js loadImportersApi, then tableFromJson)',
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("CSV refused for anything but its roles keeps the tidy loader's message; one refused for its roles opens", async () => {
    const { page, context } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    const malformed = (name) => readFileSync(new URL(`../malformed/${name}`, import.meta.url), "utf8");
    // Two runs of one cell and no replicate column: the tidy loader's exact message, not a
    // run table that would take them as replicates.
    for (const [name, text] of [
      ["sweep-duplicate-cell.csv", malformed("sweep-duplicate-cell.csv")],
      ["words.csv", "a,b,c\nx,y,z\nu,v,w\n"],
    ]) {
      await page.setInputFiles("#file-input", csvFile(name, text));
      await page.waitForFunction((name) => {
        const banner = document.getElementById("error-banner");
        return !banner.hidden && banner.textContent.includes(`"${name}"`);
      }, name);
      const shown = await shownDataset(page);
      const expected = name === "words.csv" ? null : malformed(`${name}.expected`).trim();
      if (expected) assert.equal(shown.error, `Could not open "${name}": ${expected}`);
      else assert.match(shown.error, /^Could not open "words\.csv": /);
      assert.equal(shown.title, before.title);
    }
    // Three axis candidates (the corpus' role error) open as a run table.
    await afterRender(page, () => page.setInputFiles("#file-input", csvFile("axes.csv", malformed("sweep-ambiguous-axes.csv"))));
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.ok(shown.notices[1].startsWith("Read as a table of runs: "), shown.notices[1]);
    await context.close();
  });
});

describe("sweeps of any shape in <sweep-map>, under the strict CSP", { timeout: 120_000 }, () => {
  let site;
  before(async () => {
    site = await startSiteSession();
  });
  after(async () => {
    await site?.close();
  });

  test("the element draws a three-parameter CSV and tells what it inferred", async () => {
    const { page, context, problems, requests } = await openRecordedPage(site, "test/empty.html");
    const text = threeParameters();
    await page.evaluate((text) => {
      const element = document.createElement("sweep-map");
      element.id = "s";
      element.data = text;
      document.getElementById("box").append(element);
    }, text);
    const renders = await waitForEvents(page, "sweepmap-render", 1, "s");
    const detail = renders[0].detail;
    assert.equal(detail.kind, "sweep");
    assert.equal(detail.inferred[2], "Shown: batch_size = 64 (fixed at the best run's); 2 runs per cell.");
    assert.ok(detail.inferred[0].startsWith('Drawn: "val_accuracy" (higher is better) by '), detail.inferred[0]);
    assert.ok(detail.inferred[1].startsWith("Read as a table of runs: 36 runs;"), detail.inferred[1]);
    const shows = await page.evaluate(() => document.getElementById("s").loadedData.shows());
    assert.equal(shows, "batch_size = 64 (fixed at the best run's); 2 runs per cell");
    assert.deepEqual(requests.filter((url) => url.includes("/pkg/pairwise/")), []);
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
