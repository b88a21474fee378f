// End-to-end tests of "Copy as LaTeX": the button copies exactly what the figure's `latex()`
// writes, one booktabs table per panel shown, whose numbers and bold cells are checked against
// www/data/kv-cache-sweep.json here (the peak and all its ties at the decimals each panel shows);
// without a clipboard the LaTeX is left selected in the field below; per-item scores have no
// such button.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { afterRender, openPage, shownDataset, startSession } from "./browser.mjs";

const sweep = JSON.parse(readFileSync(new URL("../../www/data/kv-cache-sweep.json", import.meta.url), "utf8"));

/** A number as the figure writes it, with a true minus (the LaTeX writes it $-$). */
function fixed(value, decimals) {
  const text = Math.abs(value).toFixed(decimals);
  return value < 0 && /[1-9]/.test(text) ? `$-$${text}` : text;
}

/** The tables of copied LaTeX: for each, its caption and its body rows split into cells. */
function tables(latex) {
  return latex
    .split("\\begin{table}\n")
    .slice(1)
    .map((table) => {
      const caption = table.match(/\\caption\{(.*)\}\n/)[1];
      const body = table.split("\\midrule\n")[1].split("\\bottomrule\n")[0];
      const rows = body
        .trimEnd()
        .split("\n")
        .map((line) => {
          assert.ok(line.endsWith(" \\\\"), line);
          return line.slice(0, -3).split(" & ");
        });
      return { caption, rows };
    });
}

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

describe("Copy as LaTeX", { timeout: 180_000 }, () => {
  test("copies the figure's LaTeX: every panel, its values at the shown decimals, every tied peak bold", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=model&model=R1-Qwen", {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    await shownDataset(page);
    assert.equal(await page.isVisible("#copy-latex"), true);
    await page.click("#copy-latex");
    await page.waitForFunction(() => document.getElementById("markdown-status").textContent !== "");
    assert.equal(await page.textContent("#markdown-status"), "Panels copied as LaTeX.");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, await page.evaluate(async () => (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.latex()))));
    assert.ok(copied.startsWith("% Tables by sweepmap: \\usepackage{booktabs} in the preamble.\n"), copied.slice(0, 100));

    const shown = await page.evaluate(() => window.sweepmap.figure.panels());
    const copiedTables = tables(copied);
    assert.equal(copiedTables.length, shown.length);
    const yValues = [...sweep.y.values].sort((a, b) => b - a); // largest on top, as drawn
    for (const [index, panel] of shown.entries()) {
      const data = sweep.panels.find((candidate) => candidate.model === "R1-Qwen" && candidate.benchmark === panel.benchmark);
      const { caption, rows } = copiedTables[index];
      assert.ok(caption.startsWith(`R1-Qwen \\textbar{} ${panel.benchmark}: Pass@1 (\\%) by Ratio and Local Window Size.`), caption);
      // The file lists rows top-down by its own y order; the table lists them largest first.
      const values = yValues.map((y) => data.cells[sweep.y.values.indexOf(y)]);
      const best = Math.max(...values.flat());
      const top = fixed(best, panel.decimals);
      let ties = 0;
      const expected = values.map((row, r) => [
        String(yValues[r]),
        ...row.map((value) => {
          const text = fixed(value, panel.decimals);
          if (text !== top) return text;
          ties += 1;
          return `\\textbf{${text}}`;
        }),
      ]);
      assert.deepEqual(rows, expected, panel.title);
      const said = ties === 1 ? "the best value in bold." : `the ${ties} tied best values in bold.`;
      assert.ok(caption.endsWith(`Higher is better; ${said}`), caption);
      if (panel.benchmark === "AMC23") assert.equal(ties, 4, "four cells tie at 88.5, written 89");
    }

    // A new view clears the status; the Markdown button still copies Markdown.
    await afterRender(page, () => page.selectOption("#layout-select", "difference"));
    assert.equal(await page.textContent("#markdown-status"), "");
    await page.click("#copy-markdown");
    await page.waitForFunction(() => document.getElementById("markdown-status").textContent !== "");
    assert.equal(await page.textContent("#markdown-status"), "Key observations copied as Markdown.");
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.evaluate(async () => (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.observationsMarkdown()))));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("without a clipboard the LaTeX is left selected in the field", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep", {
      init: () => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }),
    });
    await shownDataset(page);
    await page.click("#copy-latex");
    await page.waitForSelector("#markdown-fallback:not([hidden])");
    const field = await page.evaluate(async () => {
      const input = document.getElementById("markdown-output");
      return {
        same: input.value === (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.latex())),
        focused: document.activeElement === input,
        selected: input.value.slice(input.selectionStart, input.selectionEnd) === input.value,
        label: input.labels[0].textContent,
      };
    });
    assert.deepEqual(field, { same: true, focused: true, selected: true, label: "Panels as LaTeX (copy them with Ctrl+C or ⌘C)" });
    assert.equal(
      await page.textContent("#markdown-status"),
      "The clipboard is not available here: the LaTeX is in the field below, selected for copying.",
    );
    // The Markdown then takes the field, with its own label.
    await page.click("#copy-markdown");
    await page.waitForFunction(() => document.getElementById("markdown-status").textContent.includes("Markdown"));
    assert.equal(
      await page.evaluate(() => document.getElementById("markdown-output").labels[0].textContent),
      "Key observations as Markdown (copy them with Ctrl+C or ⌘C)",
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("per-item scores have no Copy as LaTeX", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=synthetic-pairwise");
    await shownDataset(page);
    assert.equal(await page.isVisible("#copy-markdown"), true);
    assert.equal(await page.isHidden("#copy-latex"), true);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
