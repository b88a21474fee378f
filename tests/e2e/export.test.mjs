// End-to-end tests of export and sharing: the PNG is a real PNG at twice the on-screen
// resolution, the SVG is vector with one cell-sized shape per cell and the panel titles as text,
// the CSV is exactly the data shown, file names say what they hold, and "Copy link" copies the
// address (or shows it selected when there is no clipboard).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";

import { afterRender, openPage, shownDataset, startSession } from "./browser.mjs";
import { download, pngSize, rects } from "./downloads.mjs";

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

/** The text content of every <text> element of an SVG, trimmed. */
function texts(svg) {
  return [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map(([, text]) => text.trim());
}

/** The records of CSV text, each a list of fields (quoted fields may hold commas, doubled quotes, line ends). */
function csvRecords(text) {
  const records = [];
  let record = [];
  let field = "";
  let inQuotes = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inQuotes) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        inQuotes = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      inQuotes = true;
    } else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else {
      field += char;
    }
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}

/** A number as sweepmap's loaders read one (Rust's float syntax; finite). */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

describe("export and share", { timeout: 90_000 }, () => {
  for (const deviceScaleFactor of [1, 2]) {
    test(`PNG at twice the on-screen resolution (devicePixelRatio ${deviceScaleFactor}), SVG and CSV of one panel`, async () => {
      const { page, context, problems } = await openPage(session, "#dataset=partial-r1-qwen&layout=benchmark&bench=AIME24", {
        deviceScaleFactor,
      });
      await shownDataset(page);
      const figure = await page.evaluate(async () => {
        const figure = window.sweepmap.figure;
        const panel = figure.panels()[0];
        const cells = [];
        for (let y = 0; y < panel.rows; y += 1) {
          for (let x = 0; x < panel.columns; x += 1) {
            const info = figure.cellInfo(0, x, y);
            cells.push({ x, y, rect: figure.cellRect(0, x, y), present: info.value !== null });
          }
        }
        return { size: figure.size(), stem: figure.fileStem(), csv: (await (await import("./lib/sweepmap.js")).withExports(figure, (exporting) => exporting.shownCsv())), title: panel.title, cells };
      });
      assert.equal(figure.stem, "r1-qwen_aime24");
      assert.equal(figure.title, "R1-Qwen | AIME24");

      const png = await download(page, "#export-png");
      assert.equal(png.name, "r1-qwen_aime24.png");
      assert.deepEqual(pngSize(png.bytes), {
        width: Math.round(figure.size.width * 2 * deviceScaleFactor),
        height: Math.round(figure.size.height * 2 * deviceScaleFactor),
      });
      assert.equal(await page.textContent("#share-status"), "PNG saved as r1-qwen_aime24.png.");

      const svgFile = await download(page, "#export-svg");
      assert.equal(svgFile.name, "r1-qwen_aime24.svg");
      const svg = svgFile.bytes.toString("utf8");
      assert.ok(svg.startsWith("<svg "), "an SVG document");
      assert.ok(!svg.includes("<image"), "true vector: no embedded picture");
      const words = texts(svg);
      assert.ok(words.includes("R1-Qwen | AIME24"), "the panel title as text");
      assert.ok(words.includes("Pass@1 (%)") && words.includes("missing"), "the colour bar's label and the missing-cell legend");
      // Exactly one filled, cell-sized rect at each cell's place; 10 of the 20 cells are missing.
      const shapes = rects(svg).filter((rect) => rect.fill && rect.fill !== "none");
      const near = (a, b) => Math.abs(a - b) <= 1.5;
      const fills = [];
      for (const cell of figure.cells) {
        const matching = shapes.filter(
          (shape) =>
            near(shape.x, cell.rect.x) && near(shape.y, cell.rect.y) && near(shape.width, cell.rect.width) && near(shape.height, cell.rect.height),
        );
        assert.equal(matching.length, 1, `one shape for cell ${cell.x}, ${cell.y}`);
        fills.push({ present: cell.present, fill: matching[0].fill });
      }
      const cellSized = shapes.filter((shape) => near(shape.width, figure.cells[0].rect.width) && near(shape.height, figure.cells[0].rect.height));
      assert.equal(cellSized.length, figure.cells.length, "no other cell-sized shapes");
      assert.equal(fills.filter((fill) => fill.present).length, 10);
      const missingFills = new Set(fills.filter((fill) => !fill.present).map((fill) => fill.fill));
      assert.equal(missingFills.size, 1, "every missing cell in one neutral colour");
      assert.ok(fills.filter((fill) => fill.present).every((fill) => !missingFills.has(fill.fill)));

      const csv = await download(page, "#export-csv");
      assert.equal(csv.name, "r1-qwen_aime24.csv");
      const text = csv.bytes.toString("utf8");
      assert.equal(text, figure.csv);
      const lines = text.trimEnd().split("\n");
      assert.equal(lines[0], "panel,model,benchmark,Local Window Size,Ratio,Pass@1 (%)");
      assert.equal(lines.length, 1 + 10, "a header and one row per present cell");
      assert.ok(lines.includes("R1-Qwen | AIME24,R1-Qwen,AIME24,1000,0.5,52"));
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("the SVG's text takes the width the canvas's took: its font stack has the canvas's widths", async () => {
    // The canvas draws `sans-serif` (Arial's widths: Arial, Helvetica or Liberation Sans); an SVG
    // whose stack named a wider font (DejaVu Sans, until 2026-11-27: 26.7 px for "49.1" at 12 px
    // against the canvas's 23.4) pushed cell values to the cells' edges.
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=benchmark&bench=AIME24");
    await shownDataset(page);
    const widths = await page.evaluate(async () => {
      const { withExports } = await import("./lib/sweepmap.js");
      const svg = await withExports(window.sweepmap.figure, (exporting) => exporting.toSvg());
      // Measured in a frame of its own, removed after.
      const frame = document.createElement("iframe");
      frame.style.cssText = "position:absolute;left:-10000px;width:2000px;height:2000px";
      document.body.append(frame);
      const root = frame.contentDocument.importNode(new DOMParser().parseFromString(svg, "image/svg+xml").documentElement, true);
      frame.contentDocument.body.append(root);
      const context = document.createElement("canvas").getContext("2d");
      const rows = [...root.querySelectorAll("text")]
        .filter((text) => text.textContent.trim() !== "" && !text.hasAttribute("transform"))
        .map((text) => {
          const size = Number(text.getAttribute("font-size"));
          context.font = `${text.getAttribute("font-weight") === "bold" ? "bold" : "normal"} ${size}px sans-serif`;
          const content = text.textContent.trim();
          return { text: content, svg: text.getComputedTextLength(), canvas: context.measureText(content).width };
        });
      frame.remove();
      return rows;
    });
    assert.ok(widths.length >= 20 + 5, `the cell values and the axes' labels (${widths.length} texts)`);
    assert.ok(widths.filter((row) => /^\d+(\.\d+)?$/.test(row.text)).length >= 20, `the cell values among ${widths.map((row) => row.text).join(" | ")}`);
    for (const row of widths) {
      assert.ok(Math.abs(row.svg - row.canvas) <= Math.max(0.5, row.canvas * 0.01), `"${row.text}": ${row.svg.toFixed(1)} px in the SVG, ${row.canvas.toFixed(1)} on the canvas`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the grid exports every panel, named by what they share", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=benchmark&bench=%3Amean");
    await shownDataset(page);
    const csv = await download(page, "#export-csv");
    const stem = await page.evaluate(() => window.sweepmap.figure.fileStem());
    assert.equal(csv.name, `${stem}.csv`);
    const lines = csv.bytes.toString("utf8").trimEnd().split("\n");
    assert.equal(lines.length, 1 + 2 * 20, "both models' mean panels, 20 cells each");
    assert.ok(lines.slice(1).every((line) => /^R1-(Llama|Qwen) \| mean of 4 benchmarks,/.test(line)), lines[1]);

    await afterRender(page, () => page.selectOption("#layout-select", "grid"));
    const words = texts((await download(page, "#export-svg")).bytes.toString("utf8"));
    for (const model of ["R1-Llama", "R1-Qwen"]) {
      for (const benchmark of ["AIME24", "AIME25", "AMC23", "GPQA-Diamond", "Average (reported)"]) {
        assert.ok(words.includes(`${model} | ${benchmark}`), `${model} | ${benchmark} in the SVG`);
      }
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the CSV of a file whose labels are formulas is safe to open in a spreadsheet", async () => {
    const { page, context, problems } = await openPage(session);
    await shownDataset(page);
    const hyperlink = '=HYPERLINK("http://example.invalid","x")';
    const quoted = (text) => `"${text.replace(/"/g, '""')}"`;
    // Models, benchmarks, the metric and a text axis (optimizer, with the label -1) that a
    // spreadsheet would evaluate; a numeric axis (window) and values that are negative numbers.
    const file = [
      "model,benchmark,window,optimizer,=score",
      `${quoted(hyperlink)},+cmd,-1,-adam,0.5`,
      `${quoted(hyperlink)},+cmd,-1e-3,-adam,-0.5`,
      `${quoted(hyperlink)},-bench,-1,@SUM(A1),-1e-3`,
      "@risk,+cmd,-1e-3,-1,0.25",
      "@risk,-bench,-1,-adam,-2",
    ].join("\n");
    await afterRender(page, () => page.setInputFiles("#file-input", { name: "formulas.csv", mimeType: "text/csv", buffer: Buffer.from(`${file}\n`) }));
    await afterRender(page, () => page.selectOption("#layout-select", "grid"));
    const shown = await page.evaluate(async () => ({
      models: [...document.querySelectorAll("#model-select option")].map((option) => option.text),
      panels: window.sweepmap.figure.panels().map((panel) => panel.title),
      raw: (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.shownCsv({ raw: true }))),
    }));
    assert.deepEqual(shown.models, [hyperlink, "@risk"], "the labels as read, without quotes");
    assert.equal(shown.panels.length, 4);

    const csv = await download(page, "#export-csv");
    const text = csv.bytes.toString("utf8");
    const records = csvRecords(text);
    assert.deepEqual(records[0], ["panel", "model", "benchmark", "window", "optimizer", "'=score"]);
    assert.equal(records.length, 1 + 5, "a header and one row per present cell");
    const evaluated = records.flat().filter((field) => /^[=+\-@\t\r]/.test(field) && !NUMBER.test(field));
    assert.deepEqual(evaluated, [], "no field a spreadsheet would evaluate");
    const rows = records.slice(1).map((record) => record.join("|"));
    assert.ok(rows.includes(`'${hyperlink} | +cmd|'${hyperlink}|'+cmd|-1|'-adam|0.5`), rows.join("\n"));
    assert.ok(rows.includes(`'${hyperlink} | +cmd|'${hyperlink}|'+cmd|-1e-3|'-adam|-0.5`), rows.join("\n"));
    assert.ok(rows.includes(`'${hyperlink} | -bench|'${hyperlink}|'-bench|-1|'@SUM(A1)|-0.001`), rows.join("\n"));
    // -1 on the text axis is written as the number it reads as.
    assert.ok(rows.includes("'@risk | +cmd|'@risk|'+cmd|-1e-3|-1|0.25"), rows.join("\n"));
    assert.ok(rows.includes("'@risk | -bench|'@risk|'-bench|-1|'-adam|-2"), rows.join("\n"));
    // The raw export, for API users, has the exact text.
    assert.equal(shown.raw, text.replace(/'(?=[=+\-@])/g, ""));
    assert.ok(shown.raw.includes(`"${hyperlink.replace(/"/g, '""')}"`));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("Copy link copies the address of the view", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=grid&cmap=rdbu", {
      permissions: ["clipboard-read", "clipboard-write"],
    });
    await shownDataset(page);
    await page.click("#copy-link");
    await page.waitForFunction(() => document.getElementById("share-status").textContent !== "");
    assert.equal(await page.textContent("#share-status"), "Link copied to the clipboard.");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(copied, await page.evaluate(() => window.location.href));
    // The view in the fragment, and no query string for a server to receive.
    assert.equal(copied, new URL("#dataset=kv-cache-sweep&layout=grid&cmap=rdbu", session.url).href);
    assert.equal(await page.isVisible("#link-fallback"), false);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("without a clipboard, the link is shown selected for copying", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-averages&rev=1", {
      init: () => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }),
    });
    await shownDataset(page);
    await page.click("#copy-link");
    await page.waitForSelector("#link-fallback:not([hidden])");
    const field = await page.evaluate(() => {
      const input = document.getElementById("link-output");
      return {
        value: input.value,
        readOnly: input.readOnly,
        focused: document.activeElement === input,
        selected: input.value.slice(input.selectionStart, input.selectionEnd),
        label: input.labels[0].textContent,
      };
    });
    const href = await page.evaluate(() => window.location.href);
    assert.deepEqual(field, { value: href, readOnly: true, focused: true, selected: href, label: "Link to this view (copy it with Ctrl+C or ⌘C)" });
    assert.match(await page.textContent("#share-status"), /clipboard is not available/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
