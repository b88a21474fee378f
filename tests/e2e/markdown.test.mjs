// End-to-end tests of "Copy as Markdown" with labels that hold line breaks of every kind followed
// by Markdown (a bullet, a heading, a table row), opened through the page's file input: the
// copied Markdown keeps its structure. Every line is a heading, a bullet, a paragraph, a table row
// or blank; there is one bullet per sentence the page shows and one table row per pair; no label
// starts a line of its own or adds a table cell; and each bullet and heading reads back as the
// text shown on the page, its line ends as spaces.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";

import { afterRender, openPage, shownDataset, startSession } from "./browser.mjs";

/** Every line end a label can hold, each followed by Markdown that would start a block. */
const MODELS = ["Alpha\n- injected bullet", "Beta\r\n## injected heading", "Gamma\r| x | y |"];
const BENCHMARKS = ["bench\u2028- b", "suite\u2029### s"];
const X_VALUES = ["x\u0085- 1", "x\u000b2", "x\u000c3"];
const Y_VALUES = ["low\n1. step", "high\r> quote"];
const LINE_ENDS = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g;

/** A CSV field, quoted. */
const field = (text) => `"${String(text).replace(/"/g, '""')}"`;

function sweepCsv() {
  const rows = [["model", "benchmark", "window", "ratio", "accuracy"].map(field).join(",")];
  MODELS.forEach((model, m) =>
    BENCHMARKS.forEach((benchmark, b) =>
      Y_VALUES.forEach((y, yi) =>
        X_VALUES.forEach((x, xi) => rows.push([model, benchmark, y, x, 40 + 3 * m + 2 * b + 5 * yi + ((xi * 7) % 3)].map(field).join(","))),
      ),
    ),
  );
  return `${rows.join("\n")}\n`;
}

function pairwiseCsv() {
  const rows = ["item,model,score,benchmark"];
  for (let item = 0; item < 12; item += 1) {
    MODELS.forEach((model, m) => rows.push([`item ${item}`, model, ((item * 7 + m * 3) % 10) / 10, BENCHMARKS[item % 2]].map(field).join(",")));
  }
  return `${rows.join("\n")}\n`;
}

/** Markdown as a reader sees it: backslash escapes dropped. */
const unescape = (text) => text.replace(/\\([!-/:-@[-`{-~])/g, "$1");

/** The cells of a table row, split at every | not escaped. */
function cells(line) {
  assert.ok(line.startsWith("| ") && line.endsWith(" |"), line);
  return line
    .slice(2, -2)
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());
}

/** The copied Markdown's lines by kind, after checking that no line holds another line end. */
function structure(markdown) {
  assert.ok(markdown.endsWith("\n"));
  const lines = markdown.slice(0, -1).split("\n");
  const kinds = { heading: [], bullet: [], row: [], paragraph: [], blank: 0 };
  for (const line of lines) {
    assert.doesNotMatch(line, LINE_ENDS, `a line end inside ${JSON.stringify(line)}`);
    if (line === "") kinds.blank += 1;
    else if (/^#{1,6} /.test(line)) kinds.heading.push(line.replace(/^#+ /, ""));
    else if (line.startsWith("- ")) kinds.bullet.push(line.slice(2));
    else if (line.startsWith("|")) kinds.row.push(cells(line));
    else kinds.paragraph.push(line);
  }
  // No text begins like a block of its own (a list item, a heading, a quote).
  for (const text of [...kinds.bullet, ...kinds.paragraph]) {
    assert.doesNotMatch(text, /^([-+*] |\d+[.)] |#|>)/, text);
  }
  return kinds;
}

const oneLine = (text) => text.replace(LINE_ENDS, " ");

async function copyMarkdown(page) {
  await page.evaluate(() => {
    document.getElementById("markdown-status").textContent = "";
  });
  await page.click("#copy-markdown");
  await page.waitForFunction(() => document.getElementById("markdown-status").textContent !== "");
  return page.evaluate(() => navigator.clipboard.readText());
}

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("Copy as Markdown with line breaks in labels", { timeout: 120_000 }, () => {
  test("a sweep's headings, bullets and difference lines stay one line each", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep", { permissions: ["clipboard-read", "clipboard-write"] });
    await shownDataset(page);
    await afterRender(page, () => page.setInputFiles("#file-input", { name: "line-breaks.csv", mimeType: "text/csv", buffer: Buffer.from(sweepCsv()) }));
    assert.equal((await shownDataset(page)).error, null);

    for (const layout of ["grid", "difference"]) {
      await afterRender(page, () => page.selectOption("#layout-select", layout));
      const markdown = await copyMarkdown(page);
      const shown = await page.evaluate(() => {
        const texts = (selector) => [...document.querySelectorAll(selector)].map((node) => node.textContent);
        return {
          headings: texts("#summary-overview h3, #summary-panels h3"),
          overview: texts("#summary-overview li"),
          panels: texts("#summary-panels li"),
        };
      });
      const kinds = structure(markdown);
      assert.deepEqual(kinds.row, [], layout);
      assert.deepEqual(kinds.paragraph, [], layout);
      // One bullet per sentence on the page (the panels' first, then who is ahead and across
      // panels), each reading back as shown, its line ends as spaces.
      const panelBullets = kinds.bullet.slice(0, shown.panels.length).map(unescape);
      assert.deepEqual(panelBullets, shown.panels.map(oneLine), layout);
      assert.deepEqual(new Set(kinds.bullet.slice(shown.panels.length).map(unescape)), new Set(shown.overview.map(oneLine)), layout);
      assert.equal(kinds.bullet.length, shown.panels.length + shown.overview.length, layout);
      assert.deepEqual(new Set(kinds.heading.map(unescape)), new Set(shown.headings.map(oneLine)), layout);
      // The labels are there, on one line: no injected bullet or heading of their own.
      assert.ok(markdown.includes("Alpha - injected bullet"), layout);
      assert.ok(!/^- injected|^#+ injected|^\| x/m.test(markdown), layout);
      if (layout === "difference") {
        assert.equal(kinds.heading.at(-1), "Alpha - injected bullet against Beta \\#\\# injected heading");
      }
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("pairwise comparisons keep one table row per pair, with as many cells as the header", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep", { permissions: ["clipboard-read", "clipboard-write"] });
    await shownDataset(page);
    await afterRender(page, () => page.setInputFiles("#file-input", { name: "line-breaks.csv", mimeType: "text/csv", buffer: Buffer.from(pairwiseCsv()) }));
    assert.equal(await page.evaluate(() => window.sweepmap.kind), "pairwise");
    const markdown = await copyMarkdown(page);
    const kinds = structure(markdown);
    assert.deepEqual(kinds.heading, ["Pairwise comparisons"]);
    assert.equal(kinds.paragraph.length, 1);
    const titles = await page.evaluate(() => [...document.querySelectorAll("#summary-panels h3")].map((node) => node.textContent));
    assert.equal(titles.length, 3);
    assert.equal(kinds.row.length, 2 + titles.length);
    for (const row of kinds.row) assert.equal(row.length, 8, JSON.stringify(row));
    assert.deepEqual(
      kinds.row.slice(2).map((row) => unescape(row[0])),
      titles.map((title) => oneLine(title)),
    );
    assert.equal(kinds.row[2][0], "Alpha - injected bullet vs Beta \\#\\# injected heading");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
