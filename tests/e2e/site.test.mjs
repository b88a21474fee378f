// End-to-end tests of the static site (.ci/site.mjs): built into a temp folder and served from a
// sub-path (/project/sweepmap/), the explorer and the example project page both draw, every
// request stays under the sub-path and none fails. Also what the builder refuses: root-absolute
// references and an output folder it did not make. Needs the wasm package built (.ci/build).

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import { absoluteReferences, buildSite } from "../../.ci/site.mjs";
import { openRecordedPage, startSession, tempFolder, violations, waitForEvents } from "./embed.mjs";

const PREFIX = "/project/sweepmap/";

let session;
let built;
before(async () => {
  const temp = await tempFolder("site");
  built = await buildSite({ out: temp.folder });
  session = await startSession(temp.folder, { prefix: PREFIX, csp: false, cleanup: temp.remove });
});
after(async () => {
  await session?.close();
});

describe("the static site", { timeout: 120_000 }, () => {
  test("holds the pages, the package and the data, and nothing only development needs", () => {
    const files = built.files.map((file) => file.split(path.sep).join("/"));
    for (const needed of ["index.html", "main.js", "style.css", "example.html", "example.css", "example.js", "lib/sweepmap.js", "lib/element.js", "lib/cells.js", "pkg/sweepmap.js", "pkg/sweepmap_bg.wasm", "data/index.json", "data/kv-cache-sweep.json", "lib/reduce.js", "lib/jsonlines.js", "duckdb/duckdb-browser.js", "duckdb/duckdb-browser-eh.worker.js", "duckdb/duckdb-eh.wasm", "duckdb/reduction.sql"]) {
      assert.ok(files.includes(needed), `the site has ${needed}`);
    }
    assert.deepEqual(files.filter((file) => file.endsWith(".d.ts") || file.endsWith(".mjs")), []);
    assert.ok(existsSync(path.join(session.root, ".sweepmap-site")));
  });

  test("the explorer draws from the sub-path with no failed request", async () => {
    const { page, context, problems, requests } = await openRecordedPage(session, "index.html");
    await page.waitForFunction(() => (window.sweepmap?.renders ?? 0) > 0, null, { timeout: 20_000 });
    const shown = await page.evaluate(() => ({
      title: document.getElementById("dataset-title").textContent,
      panels: window.sweepmap.figure.panels().length,
      error: document.getElementById("error-banner").hidden ? null : document.getElementById("error-banner").textContent,
      search: window.location.search,
      fragment: window.location.hash,
    }));
    assert.deepEqual(shown, { title: "KV-cache sweep: R1-Llama and R1-Qwen", panels: 5, error: null, search: "", fragment: "#dataset=kv-cache-sweep" });
    const origin = new URL(session.url).origin;
    assert.deepEqual(requests.filter((url) => url.startsWith(origin) && !url.startsWith(session.url)), [], "every request stays under the sub-path");
    assert.ok(requests.includes(new URL("pkg/sweepmap_bg.wasm", session.url).href));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the example page draws both figures from the sub-path with no failed request", async () => {
    const { page, context, problems, requests } = await openRecordedPage(session, "example.html");
    const renders = await waitForEvents(page, "sweepmap-render", 2);
    assert.deepEqual(
      renders.map((event) => event.detail.panels[0]).toSorted(),
      ["R1-Qwen | AIME24", "R1-Qwen − R1-Llama | AIME24"],
    );
    assert.equal(requests.filter((url) => url.endsWith(".wasm")).length, 1);
    const origin = new URL(session.url).origin;
    assert.deepEqual(requests.filter((url) => url.startsWith(origin) && !url.startsWith(session.url)), []);

    // A click writes the cell into the page's readout, as text.
    const figure = await page.evaluate(() => {
      const host = document.querySelector("#figure-difference sweep-map");
      host.scrollIntoView({ block: "center" });
      const rect = host.figure.cellRect(0, 0, 0);
      const box = host.shadowRoot.querySelector("canvas").getBoundingClientRect();
      return { x: box.left + rect.x + rect.width / 2, y: box.top + rect.y + rect.height / 2, text: host.figure.cellInfo(0, 0, 0).text };
    });
    await page.mouse.click(figure.x, figure.y);
    await page.waitForFunction((text) => document.getElementById("readout").textContent === text, figure.text, { timeout: 5_000 });
    // The explorer link is relative, so it stays on the sub-path.
    const explorer = await page.evaluate(() => document.querySelector("nav a").href);
    assert.equal(explorer, new URL("index.html#dataset=kv-cache-sweep", session.url).href);
    assert.deepEqual(await violations(page), []);
    // Following it opens that view in the explorer, still on the sub-path.
    await page.click("nav a");
    await page.waitForFunction(() => (window.sweepmap?.renders ?? 0) > 0, null, { timeout: 20_000 });
    assert.equal(await page.evaluate(() => window.location.href), explorer);
    assert.equal(await page.textContent("#dataset-title"), "KV-cache sweep: R1-Llama and R1-Qwen");
    assert.deepEqual(problems, []);
    await context.close();
  });
});

describe("the site builder", () => {
  test("finds root-absolute references, file and line, and lets relative ones pass", () => {
    const html = '<link href="style.css">\n<script src="/main.js"></script>\n<a href="//example.org/x">x</a>\n<img src=\'/logo.png\'>';
    assert.deepEqual(absoluteReferences("index.html", html), [
      'index.html:2: <script src="/main.js"></script>',
      "index.html:4: <img src='/logo.png'>",
    ]);
    const script = 'import { a } from "./a.js";\nconst t = await fetch("/data/x.json");\nimport("/lib/b.js");\nconst u = new URL("../pkg/x.wasm", import.meta.url);';
    assert.deepEqual(absoluteReferences("main.js", script), [
      'main.js:2: const t = await fetch("/data/x.json");',
      'main.js:3: import("/lib/b.js");',
    ]);
    assert.deepEqual(absoluteReferences("style.css", "a { background: url(/x.png); }\nb { background: url(x.png); }"), ["style.css:1: a { background: url(/x.png); }"]);
  });

  test("refuses a root-absolute reference, and an output folder it did not make", async () => {
    const source = await tempFolder("site-source");
    const out = await tempFolder("site-out");
    try {
      for (const pkg of [["pkg"], ["pkg", "pairwise"], ["pkg", "importers"], ["pkg", "slice"]]) {
        await mkdir(path.join(source.folder, ...pkg), { recursive: true });
        await writeFile(path.join(source.folder, ...pkg, "sweepmap.js"), "export {};\n");
        await writeFile(path.join(source.folder, ...pkg, "sweepmap_bg.wasm"), "");
      }
      await mkdir(path.join(source.folder, "duckdb"));
      for (const file of ["duckdb-browser.js", "duckdb-browser-eh.worker.js", "duckdb-eh.wasm", "reduction.sql"]) {
        await writeFile(path.join(source.folder, "duckdb", file), "");
      }
      await writeFile(path.join(source.folder, "index.html"), '<!doctype html>\n<script type="module" src="/main.js"></script>\n');
      await assert.rejects(buildSite({ root: source.folder, out: path.join(out.folder, "site") }), {
        message: 'site: these references are root-absolute and would break under a sub-path:\n  index.html:2: <script type="module" src="/main.js"></script>',
      });

      await writeFile(path.join(source.folder, "index.html"), '<!doctype html>\n<script type="module" src="main.js"></script>\n');
      await writeFile(path.join(out.folder, "notes.txt"), "mine\n");
      await assert.rejects(buildSite({ root: source.folder, out: out.folder }), {
        message: `site: ${out.folder} is not empty and was not built by .ci/site.mjs; remove it or choose another folder`,
      });
      assert.ok(existsSync(path.join(out.folder, "notes.txt")), "nothing was deleted");

      const fresh = path.join(out.folder, "site");
      const first = await buildSite({ root: source.folder, out: fresh });
      assert.deepEqual(first.files.toSorted(), [
        path.join("duckdb", "duckdb-browser-eh.worker.js"),
        path.join("duckdb", "duckdb-browser.js"),
        path.join("duckdb", "duckdb-eh.wasm"),
        path.join("duckdb", "reduction.sql"),
        "index.html",
        path.join("pkg", "importers", "sweepmap.js"),
        path.join("pkg", "importers", "sweepmap_bg.wasm"),
        path.join("pkg", "pairwise", "sweepmap.js"),
        path.join("pkg", "pairwise", "sweepmap_bg.wasm"),
        path.join("pkg", "slice", "sweepmap.js"),
        path.join("pkg", "slice", "sweepmap_bg.wasm"),
        path.join("pkg", "sweepmap.js"),
        path.join("pkg", "sweepmap_bg.wasm"),
      ]);
      const again = await buildSite({ root: source.folder, out: fresh });
      assert.deepEqual(again.files, first.files, "a folder it built is rebuilt");
    } finally {
      await source.remove();
      await out.remove();
    }
  });
});
