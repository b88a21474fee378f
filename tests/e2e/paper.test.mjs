// Export for papers (README "Export"): the PDF and the SVG with text as paths, made in the page by
// the paper package (www/pkg/paper/) from the figure's SVG, under the strict CSP. The PDF is rendered by poppler's
// pdftoppm and each cell's colour compared with the canvas; pdftotext finds every piece of the
// figure's text (real text, not shapes). The outlined SVG has no <text> left and, drawn by
// Chromium, has the canvas' cell colours. The package and its fonts are fetched on the first such
// export only, once.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { strictCsp } from "../../.ci/serve.mjs";
import { openPage, shownDataset, startSession } from "./browser.mjs";
import { download as downloadFile } from "./downloads.mjs";

let session;
let scratch;
before(async () => {
  // Under the strict policy the page must work with (README "Content-Security-Policy"): a
  // violation is a console error, which each test's `problems` would hold.
  session = await startSession({ headers: { "Content-Security-Policy": strictCsp } });
  scratch = mkdtempSync(path.join(tmpdir(), "sweepmap-paper-"));
});
after(async () => {
  await session?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Clicks a button and returns the download it starts: its file name and bytes. */
/** The download a button starts, given a minute: the first export loads the paper package. */
const download = (page, selector) => downloadFile(page, selector, { timeout: 60_000 });

/** A binary PPM (P6, 8 bits) as { width, height, at(x, y) -> [r, g, b] }. */
function readPpm(bytes) {
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 64).toString("latin1"));
  assert.ok(header, "a P6 PPM with 8-bit samples");
  const [whole, width, height] = [header[0].length, Number(header[1]), Number(header[2])];
  const at = (x, y) => {
    const offset = whole + (y * width + x) * 3;
    return [bytes[offset], bytes[offset + 1], bytes[offset + 2]];
  };
  return { width, height, at };
}

/**
 * The colour most pixels have in the square of side 2 * radius + 1 around (x, y), from a pixel
 * reader: a cell's colour at its centre, in a square large enough (60 % of the cell's shorter
 * side) that its value's digits, bold on the peak, cover fewer pixels than the cell's colour.
 */
function dominant(at, x, y, radius) {
  const counts = new Map();
  for (let dy = -radius; dy <= radius; dy += 1) {
    for (let dx = -radius; dx <= radius; dx += 1) {
      const key = at(Math.round(x) + dx, Math.round(y) + dy).slice(0, 3).join(",");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  return best[0].split(",").map(Number);
}

/**
 * Every present cell of the shown figure: its panel, x, y, centre (CSS pixels) and its colour on
 * the canvas (the dominant colour around the centre). Also the figure's size and file stem.
 */
function canvasCells(page) {
  return page.evaluate(async () => {
    const figure = window.sweepmap.figure;
    const canvas = document.getElementById("figure-canvas");
    const scale = canvas.width / canvas.getBoundingClientRect().width;
    const context = canvas.getContext("2d");
    const cells = [];
    figure.panels().forEach((panel, index) => {
      for (let y = 0; y < panel.rows; y += 1) {
        for (let x = 0; x < panel.columns; x += 1) {
          if (figure.cellInfo(index, x, y).value === null) continue;
          const rect = figure.cellRect(index, x, y);
          const centre = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
          // The square the colour is read in: 60 % of the cell's shorter side (CSS pixels).
          const half = 0.3 * Math.min(rect.width, rect.height);
          const radius = Math.floor(half * scale);
          const pixels = context.getImageData(
            Math.round(centre.x * scale) - radius,
            Math.round(centre.y * scale) - radius,
            2 * radius + 1,
            2 * radius + 1,
          ).data;
          const counts = new Map();
          for (let offset = 0; offset < pixels.length; offset += 4) {
            const key = `${pixels[offset]},${pixels[offset + 1]},${pixels[offset + 2]}`;
            counts.set(key, (counts.get(key) ?? 0) + 1);
          }
          const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1]);
          cells.push({ panel: index, x, y, centre, half, colour: best[0].split(",").map(Number) });
        }
      }
    });
    const titles = figure.panels().map((panel) => panel.title);
    return { cells, titles, size: figure.size(), stem: figure.fileStem(), svg: (await (await import("./lib/sweepmap.js")).withExports(figure, (exporting) => exporting.toSvg())) };
  });
}

/** Asserts two RGB colours are within `tolerance` per channel. */
function assertClose(actual, expected, tolerance, where) {
  const off = actual.map((channel, index) => Math.abs(channel - expected[index]));
  assert.ok(Math.max(...off) <= tolerance, `${where}: ${actual} against the canvas' ${expected}`);
}

/** The text of every <text> element of an SVG, whitespace collapsed, entities decoded. */
function svgTexts(svg) {
  const decode = (text) =>
    text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");
  return [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map(([, text]) => decode(text).replace(/\s+/g, " ").trim()).filter(Boolean);
}

const fromPaperPackage = (requests) => requests.filter((url) => url.includes("/pkg/paper/"));

describe("export for papers", { timeout: 180_000 }, () => {
  test("the PDF of the seed figure: pdftoppm renders the canvas' cell colours, pdftotext finds all its text", async () => {
    const { page, context, problems } = await openPage(session, "");
    const requests = [];
    page.on("request", (request) => requests.push(request.url()));
    await shownDataset(page);
    const shown = await canvasCells(page);
    assert.ok(shown.cells.length >= 100, `${shown.cells.length} cells on the seed figure`);
    assert.deepEqual(fromPaperPackage(requests), [], "nothing of the paper package before the export");

    const pdf = await download(page, "#export-pdf");
    assert.equal(pdf.name, `${shown.stem}.pdf`);
    await page.waitForFunction(() => document.getElementById("share-status").textContent !== "");
    assert.equal(await page.textContent("#share-status"), `PDF saved as ${shown.stem}.pdf.`);
    assert.equal(pdf.bytes.subarray(0, 7).toString("latin1"), "%PDF-1.");
    // The package and both faces of the font, once each.
    const paperUrl = (file) => new URL(`pkg/paper/${file}`, session.url).href;
    assert.deepEqual(fromPaperPackage(requests).sort(), [
      paperUrl("LiberationSans-Bold.ttf"),
      paperUrl("LiberationSans-Regular.ttf"),
      paperUrl("sweepmap_paper.js"),
      paperUrl("sweepmap_paper_bg.wasm"),
    ]);

    const file = path.join(scratch, "seed.pdf");
    writeFileSync(file, pdf.bytes);
    // 144 dpi: 2 image pixels per point, and a point is a CSS pixel of the figure.
    execFileSync("pdftoppm", ["-r", "144", "-singlefile", file, path.join(scratch, "seed")]);
    const image = readPpm(readFileSync(path.join(scratch, "seed.ppm")));
    assert.equal(image.width, Math.round(shown.size.width * 2));
    assert.equal(image.height, Math.round(shown.size.height * 2));
    for (const cell of shown.cells) {
      const colour = dominant(image.at, cell.centre.x * 2, cell.centre.y * 2, Math.floor(cell.half * 2));
      assertClose(colour, cell.colour, 3, `PDF cell (${cell.x}, ${cell.y}) of panel ${cell.panel}`);
    }

    // Real text: every piece of the figure's text, titles and axis labels included, is in the PDF
    // as text (pdftotext reads nothing from shapes).
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    const pieces = svgTexts(shown.svg);
    assert.equal(shown.titles.length, 5);
    for (const expected of [...shown.titles, "Ratio", "Local Window Size", "Pass@1 (%)"]) {
      assert.ok(pieces.includes(expected), `"${expected}" among the figure's text: ${pieces.join(" / ")}`);
    }
    for (const piece of pieces) assert.ok(text.includes(piece), `"${piece}" is text in the PDF`);

    // A second export fetches nothing more.
    const before = requests.length;
    await download(page, "#export-pdf");
    assert.deepEqual(fromPaperPackage(requests.slice(before)), []);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the SVG with text as paths has no <text> and, drawn by Chromium, the canvas' cell colours", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);
    const shown = await canvasCells(page);
    const outlined = await download(page, "#export-svg-paths");
    assert.equal(outlined.name, `${shown.stem}.paths.svg`);
    await page.waitForFunction(() => document.getElementById("share-status").textContent !== "");
    assert.equal(await page.textContent("#share-status"), `SVG with text as paths saved as ${shown.stem}.paths.svg.`);
    const svg = outlined.bytes.toString("utf8");
    assert.doesNotMatch(svg, /<text\b/);
    assert.ok(svgTexts(shown.svg).length > 100, "the plain SVG has its text as text");
    assert.ok((svg.match(/<path\b/g) ?? []).length > shown.cells.length, "cells and glyphs are paths");

    // Drawn at twice its size by the browser, from the file's bytes.
    const colours = await page.evaluate(
      async ({ svg, centres }) => {
        const image = new Image();
        image.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = image.naturalWidth * 2;
        canvas.height = image.naturalHeight * 2;
        const context = canvas.getContext("2d");
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        return {
          size: { width: image.naturalWidth, height: image.naturalHeight },
          colours: centres.map(({ x, y, half }) => {
            const radius = Math.floor(half * 2);
            const pixels = context.getImageData(Math.round(x * 2) - radius, Math.round(y * 2) - radius, 2 * radius + 1, 2 * radius + 1).data;
            const counts = new Map();
            for (let offset = 0; offset < pixels.length; offset += 4) {
              const key = `${pixels[offset]},${pixels[offset + 1]},${pixels[offset + 2]}`;
              counts.set(key, (counts.get(key) ?? 0) + 1);
            }
            return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0].split(",").map(Number);
          }),
        };
      },
      { svg, centres: shown.cells.map((cell) => ({ ...cell.centre, half: cell.half })) },
    );
    assert.deepEqual(colours.size, { width: Math.round(shown.size.width), height: Math.round(shown.size.height) });
    shown.cells.forEach((cell, index) => assertClose(colours.colours[index], cell.colour, 3, `outlined SVG cell (${cell.x}, ${cell.y}) of panel ${cell.panel}`));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a font that cannot be fetched is an error naming it; the figure stays, and the next try succeeds", async () => {
    const { page, context } = await openPage(session, "");
    await shownDataset(page);
    const before = await page.evaluate(() => ({ renders: window.sweepmap.renders, panels: window.sweepmap.figure.panels().length }));
    const fontUrl = new URL("pkg/paper/LiberationSans-Bold.ttf", session.url).href;
    await page.route(fontUrl, (route) => route.fulfill({ status: 404, body: "not here" }));
    await page.click("#export-pdf");
    await page.waitForSelector("#error-banner:not([hidden])");
    assert.equal(
      (await page.textContent("#error-banner")).trim(),
      `Could not export the PDF: could not fetch the font ${fontUrl} (HTTP 404); try again, or export the plain SVG, which needs no font`,
    );
    const afterError = await page.evaluate(() => ({ renders: window.sweepmap.renders, panels: window.sweepmap.figure.panels().length }));
    assert.deepEqual(afterError, before, "the figure shown stays");
    // The failed load is not kept: with the font back, the export works.
    await page.unroute(fontUrl);
    const pdf = await download(page, "#export-pdf");
    assert.equal(pdf.bytes.subarray(0, 7).toString("latin1"), "%PDF-1.");
    await context.close();
  });

  test("the JS layer takes the fonts as bytes: only they are used, and no other font is fetched", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);
    const requests = [];
    page.on("request", (request) => requests.push(request.url()));
    const result = await page.evaluate(async () => {
      const lib = await import("./lib/sweepmap.js");
      // Regular only, as bytes (fetched here, as a host would have them).
      const regular = new Uint8Array(await (await fetch(lib.paperFontUrls[0])).arrayBuffer());
      const fonts = await lib.loadPaperApi(lib.paperWasmUrl, [regular]);
      const { pdf, missing } = fonts.toPdf(await lib.withExports(window.sweepmap.figure, (exporting) => exporting.toSvg()));
      const again = await lib.loadPaperApi();
      return { header: new TextDecoder().decode(pdf.subarray(0, 7)), text: new TextDecoder("latin1").decode(pdf), missing, same: again === fonts };
    });
    assert.equal(result.header, "%PDF-1.");
    assert.deepEqual(result.missing, []);
    assert.equal(result.same, true, "later calls resolve to the same fonts");
    // Bold text (the peaks) is laid out in the one face given: no bold face is embedded.
    assert.match(result.text, /\/BaseFont \/[A-Z]{6}\+LiberationSans\n/);
    assert.doesNotMatch(result.text, /LiberationSans-Bold/);
    const fetchedFonts = fromPaperPackage(requests).filter((url) => url.endsWith(".ttf"));
    assert.deepEqual(fetchedFonts, [new URL("pkg/paper/LiberationSans-Regular.ttf", session.url).href], "only the test's own fetch");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("characters the font lacks are named in the status; the export still saves", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);
    const before = await page.evaluate(() => window.sweepmap.renders);
    await page.setInputFiles("#file-input", {
      name: "labels.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("model,benchmark,ratio,window,score\n模型,b,0.1,128,41.5\n模型,b,0.2,128,42.5\n模型,b,0.1,256,43.5\n模型,b,0.2,256,44.5\n"),
    });
    await page.waitForFunction((count) => window.sweepmap.renders > count, before);
    const { stem, svg } = await page.evaluate(async () => ({ stem: window.sweepmap.figure.fileStem(), svg: (await (await import("./lib/sweepmap.js")).withExports(window.sweepmap.figure, (exporting) => exporting.toSvg())) }));
    assert.ok(svg.includes("模型"), "the label is in the figure's text");
    const pdf = await download(page, "#export-pdf");
    assert.equal(pdf.name, `${stem}.pdf`);
    await page.waitForFunction(() => document.getElementById("share-status").textContent !== "");
    assert.equal(
      await page.textContent("#share-status"),
      `PDF saved as ${stem}.pdf (the bundled font, Liberation Sans, has no glyph for 模 型: drawn as boxes; the plain SVG export keeps them as text).`,
    );
    assert.deepEqual(problems, []);
    await context.close();
  });
});
