// End-to-end tests of a run table's view travelling: in the explorer's address (a view given by
// the link is drawn, written back in the link's words, and reopened by a reload with the same
// cells; a column the file lacks is a notice and the default view), in <sweep-map>'s attributes
// under the strict CSP (the same keys, read by the same core reader), and several files opened at
// once (dropped together, or picked together), merged into one table with a notice saying so.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";

import { afterRender, openPage, shownDataset, startSession } from "./browser.mjs";
import { openRecordedPage, startSiteSession, violations, waitForEvents } from "./embed.mjs";

function csvFile(name, text) {
  return { name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") };
}

/** Three hyperparameters and two seeds: lr moves the accuracy most, then weight_decay. */
function threeParameters() {
  const rows = ["lr,weight_decay,batch_size,seed,val_accuracy"];
  for (const [i, lr] of ["0.0001", "0.001", "0.01"].entries()) {
    for (const [j, wd] of ["0", "0.01", "0.1"].entries()) {
      for (const [k, bs] of ["32", "64"].entries()) {
        for (const seed of [1, 2]) {
          const accuracy = 0.6 + 0.1 * i + 0.03 * j + 0.002 * k + 0.001 * seed;
          rows.push(`${lr},${wd},${bs},${seed},${accuracy.toFixed(4)}`);
        }
      }
    }
  }
  return `${rows.join("\n")}\n`;
}

/** The axes of the data shown and the text of every cell of every panel. */
function cells(page) {
  return page.evaluate(() => {
    const { figure, dataset } = window.sweepmap;
    const x = dataset.xAxis();
    const y = dataset.yAxis();
    const texts = [];
    figure.panels().forEach((_, panel) => {
      for (let row = 0; row < y.labels.length; row += 1) {
        for (let column = 0; column < x.labels.length; column += 1) texts.push(figure.cellInfo(panel, column, row)?.text ?? null);
      }
    });
    return { x: x.name, y: y.name, shows: dataset.shows(), texts };
  });
}

/** The link's pairs, decoded, from the address's fragment. */
const pairs = (fragment) => Object.fromEntries(new URLSearchParams(fragment.slice(1)));

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

/** The explorer with three.csv opened through the file input: what it shows and its cells. */
async function openThree() {
  const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
  await shownDataset(page);
  await afterRender(page, () => page.setInputFiles("#file-input", csvFile("three.csv", threeParameters())));
  return { page, context, problems, opened: await shownDataset(page), start: await cells(page) };
}

describe("a run table's view in the explorer's address", { timeout: 120_000 }, () => {
  test("a view given by the link is drawn, written back, and reopened by a reload", async () => {
    const { page, context, problems, opened, start } = await openThree();
    // The default view: nothing of the table in the link.
    for (const key of ["x", "y", "metric", "others", "roles"]) assert.equal(pairs(opened.fragment)[key], undefined, key);

    // A view written by hand after the data: batch_size across, weight_decay averaged.
    const asked = `${opened.fragment}&others=weight_decay,mean&x=batch_size&y=lr`;
    await afterRender(page, () => page.evaluate((hash) => (window.location.hash = hash), asked));
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    const view = await cells(page);
    assert.deepEqual([view.x, view.y], ["batch_size", "lr"]);
    assert.match(view.shows, /weight_decay/);
    assert.notDeepEqual(view.texts, start.texts);
    // Written back in the link's own order and words, right after the data; y is the default
    // view's (lr), so the link leaves it out.
    assert.match(shown.fragment, /&name=three\.csv&x=batch_size&others=weight_decay,mean$/);
    assert.deepEqual(shown.notices.filter((notice) => notice.includes("link")), []);

    // A reload reopens the same view: same address, same cells.
    await page.reload();
    const reloaded = await shownDataset(page);
    assert.equal(reloaded.error, null);
    assert.equal(reloaded.fragment, shown.fragment);
    assert.deepEqual(await cells(page), view);

    // Back: the default view again, from the same data.
    await afterRender(page, () => page.goBack());
    assert.deepEqual(await cells(page), start);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("roles given by the link are kept when another role is changed in the column panel", async () => {
    const { page, context, problems, opened } = await openThree();
    await afterRender(page, () => page.evaluate((hash) => (window.location.hash = hash), `${opened.fragment}&roles=batch_size,facet`));
    const linked = await page.evaluate(() => window.sweepmap.table.columns().find((column) => column.column === "batch_size"));
    assert.deepEqual([linked.role, linked.because], ["facet", "named in the roles"]);
    // seed (column 4) ignored in the panel: batch_size stays a facet.
    await page.locator("#column-panel").evaluate((panel) => (panel.open = true));
    await afterRender(page, () => page.selectOption("#column-role-3", "ignore"));
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    const after = await page.evaluate(() => ({
      columns: window.sweepmap.table.columns().map((column) => [column.column, column.role, column.because]),
      models: window.sweepmap.dataset.models(),
    }));
    assert.deepEqual(after.columns.map(([column, role]) => [column, role]), [
      ["lr", "parameter"],
      ["weight_decay", "parameter"],
      ["batch_size", "facet"],
      ["seed", "ignore"],
      ["val_accuracy", "metric"],
    ]);
    assert.equal(after.columns[3][2], "named in the roles");
    assert.equal(after.columns[2][2], "named in the roles", "the link's role is still named");
    assert.deepEqual(after.models, ["32", "64"], "a panel per batch size");
    assert.equal(await page.locator("#column-role-2").inputValue(), "facet");
    assert.equal(pairs(shown.fragment).roles, "batch_size,facet,seed,ignore");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a column the file does not have is a notice naming the key and the column; the rest applies", async () => {
    const { page, context, problems, opened, start } = await openThree();
    await afterRender(page, () =>
      page.evaluate((hash) => (window.location.hash = hash), `${opened.fragment}&x=learning%20rate&others=batch_size,mean`),
    );
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.ok(
      shown.notices.includes(
        `x="learning rate": unknown parameter: "learning rate"; expected one of "lr", "weight_decay", "batch_size"; showing "${start.x}".`,
      ),
      shown.notices.join("\n"),
    );
    const view = await cells(page);
    assert.equal(view.x, start.x);
    assert.match(view.shows, /batch_size/);
    assert.doesNotMatch(view.shows, /batch_size = 64/);
    // The link keeps what applied, and drops the column the file lacks.
    assert.equal(pairs(shown.fragment).x, undefined);
    assert.equal(pairs(shown.fragment).others, "batch_size,mean");
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("several files at once", { timeout: 120_000 }, () => {
  const sweepOf = (offset) => `lr,wd,acc\n0.1,0,${0.5 + offset}\n0.2,0,${0.6 + offset}\n0.1,1,${0.7 + offset}\n0.2,1,${0.8 + offset}\n`;

  test("two files dropped together open as one table, a panel per file, and the page says so", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const transfer = await page.evaluateHandle(([a, b]) => {
      const data = new DataTransfer();
      data.items.add(new File([a], "qwen.csv", { type: "text/csv" }));
      data.items.add(new File([b], "llama.csv", { type: "text/csv" }));
      return data;
    }, [sweepOf(0), sweepOf(0.1)]);
    await page.dispatchEvent("body", "dragenter", { dataTransfer: transfer });
    await afterRender(page, () => page.dispatchEvent("body", "drop", { dataTransfer: transfer }));
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "qwen.csv + llama.csv");
    assert.deepEqual(await page.evaluate(() => window.sweepmap.dataset.models()), ["qwen.csv", "llama.csv"]);
    assert.equal(
      shown.notices[0],
      'Merged 2 files into one table of 8 runs: "qwen.csv" (4 runs), "llama.csv" (4 runs); their runs share configurations, so a column "source file" tells them apart (a panel per file).',
    );
    // The merged data travel in the link like one file's.
    assert.match(shown.fragment, /[#&]data=/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("files picked together that share no column are refused naming the file; the figure stays", async () => {
    const { page, context } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    await page.setInputFiles("#file-input", [csvFile("a.csv", sweepOf(0)), csvFile("b.csv", "model,score\nA,1\n")]);
    await page.waitForFunction(() => !document.getElementById("error-banner").hidden);
    const shown = await shownDataset(page);
    assert.equal(
      shown.error,
      'Could not open the 2 files "a.csv", "b.csv" as one sweep: b.csv: it shares no column with "a.csv" (its columns: "model", "score"; theirs: "lr", "wd", "acc"); files merge into one table when they share columns',
    );
    assert.equal(shown.title, before.title);
    await context.close();
  });
});

describe("a run table's view in <sweep-map> attributes, under the strict CSP", { timeout: 120_000 }, () => {
  let site;
  before(async () => {
    site = await startSiteSession();
  });
  after(async () => {
    await site?.close();
  });

  test("the attributes pick the view; a column the file lacks is said in the element", async () => {
    const { page, context, problems } = await openRecordedPage(site, "test/empty.html");
    await page.evaluate((text) => {
      const element = document.createElement("sweep-map");
      element.id = "s";
      element.setAttribute("x", "batch_size");
      element.setAttribute("y", "lr");
      element.setAttribute("others", "weight_decay,fixed,0.1");
      element.setAttribute("roles", "seed,replicate");
      element.data = text;
      document.getElementById("box").append(element);
    }, threeParameters());
    let renders = await waitForEvents(page, "sweepmap-render", 1, "s");
    assert.deepEqual(renders[0].detail.notices, []);
    const axes = () =>
      page.evaluate(() => {
        const element = document.getElementById("s");
        const data = element.loadedData;
        const error = element.shadowRoot.querySelector(".error");
        return { x: data.xAxis().name, y: data.yAxis().name, shows: data.shows(), error: error.hidden ? null : error.textContent };
      });
    let shown = await axes();
    assert.deepEqual([shown.x, shown.y, shown.error], ["batch_size", "lr", null]);
    assert.equal(shown.shows, "weight_decay = 0.1 (fixed at the best run's); 2 runs per cell");

    // An attribute naming a column the file lacks: the default view's choice, said in the element.
    await page.evaluate(() => document.getElementById("s").setAttribute("x", "learning rate"));
    renders = await waitForEvents(page, "sweepmap-render", 2, "s");
    const message =
      'x="learning rate": unknown parameter: "learning rate"; expected one of "lr", "weight_decay", "batch_size"; showing "weight_decay".';
    assert.deepEqual(renders[1].detail.notices, [message]);
    shown = await axes();
    assert.equal(shown.error, message);
    assert.equal(shown.y, "lr");
    assert.deepEqual(await violations(page), []);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
