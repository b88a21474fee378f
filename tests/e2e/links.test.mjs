// End-to-end tests of damaged share links (tests/malformed/links/): every case is opened in the
// page, in the address's fragment as the page writes links, and must show exactly the notices
// the Rust corpus test expects (NAME.query.expected, read by the same parser through wasm) or,
// for data= that does not decompress, exactly the error in NAME.query.page; and in every case
// the page still draws a figure. Opened as an older link, in the query string, each case shows
// the same and ends at the same address, with the query gone.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";

import { canvasHash, openPage, shownDataset, startSession } from "./browser.mjs";

const folder = new URL("../malformed/links/", import.meta.url);

/** Every case: its query, the notices it gives, and the page error when decompression fails. */
function cases() {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".query"))
    .sort()
    .map((name) => {
      const read = (suffix) => readFileSync(new URL(name + suffix, folder), "utf8");
      const expected = read(".expected").trimEnd().split("\n");
      const notices = expected
        .filter((line) => !line.startsWith("opens: "))
        .map((line) => line.slice(line.indexOf(": ") + 2));
      let error = null;
      try {
        error = read(".page").trimEnd();
      } catch {
        error = null;
      }
      return { name, query: read("").split("\n")[0], notices, error };
    });
}

describe("damaged share links in the page", { timeout: 300_000 }, () => {
  let session;
  before(async () => {
    session = await startSession();
  });
  after(async () => {
    await session?.close();
  });

  test("the corpus has cases of every kind", () => {
    const all = cases();
    assert.ok(all.length >= 12, `${all.length} cases`);
    assert.equal(all.filter((c) => c.error !== null).length, 3);
    assert.ok(all.some((c) => c.name.startsWith("pairwise-")));
  });

  for (const { name, query, notices, error } of cases()) {
    test(`${name}: the exact ${error ? "error" : "notices"}, and a figure; the same from the query string`, async () => {
      const bare = query.replace(/^\?/, "");
      const { page, context, problems } = await openPage(session, `#${bare}`);
      try {
        const shown = await shownDataset(page);
        // The figure is drawn even when the error banner came first (the default dataset).
        await page.waitForFunction(() => window.sweepmap.renders > 0, null, { timeout: 20_000 });
        assert.equal(shown.error, error, name);
        const now = await shownDataset(page);
        assert.deepEqual(now.notices, notices, name);
        assert.ok(now.panels.length > 0, `${name}: panels ${now.panels}`);
        const size = await page.evaluate(() => {
          const canvas = document.getElementById("figure-canvas");
          return [canvas.width, canvas.height];
        });
        assert.ok(size[0] > 100 && size[1] > 100, `${name}: canvas ${size}`);
        const figure = await canvasHash(page);

        await page.goto(new URL(`?${bare}`, session.url).href);
        const legacy = await shownDataset(page);
        await page.waitForFunction(() => window.sweepmap.renders > 0, null, { timeout: 20_000 });
        assert.equal(legacy.error, error, `${name} from the query string`);
        const legacyNow = await shownDataset(page);
        assert.deepEqual(legacyNow.notices, notices, `${name} from the query string`);
        assert.equal(legacyNow.search, "", `${name}: the query is gone`);
        assert.equal(legacyNow.fragment, now.fragment, `${name}: the address is the fragment link's`);
        assert.equal(await canvasHash(page), figure, `${name}: the same figure`);
        assert.deepEqual(problems, [], name);
      } finally {
        await context.close();
      }
    });
  }

  test("the page's controls offer exactly the values the link format takes (linkSchema)", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    try {
      await shownDataset(page);
      const { offered, schema } = await page.evaluate(async () => {
        const { linkSchema } = await import("./state.js");
        const values = (id) => [...document.getElementById(id).options].map((option) => option.value);
        return {
          schema: linkSchema(),
          offered: {
            layouts: values("layout-select"),
            ranges: values("range-select"),
            bins: values("bins-select").map(Number),
            binValues: values("by-select"),
            decimals: values("decimals-select"),
            levels: values("level-select").map(Number),
          },
        };
      });
      assert.deepEqual(offered, {
        layouts: schema.layouts,
        ranges: schema.ranges,
        bins: schema.bins,
        binValues: schema.binValues,
        decimals: ["auto", ...Array.from({ length: schema.maxDecimals + 1 }, (_, index) => String(index))],
        levels: schema.levels,
      });
      // The pairwise ranges are the sweep ones the page keeps when it hides "centered".
      assert.deepEqual(schema.pairwiseRanges, schema.ranges.filter((range) => range !== "centered"));
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test("a link that parses cleanly opens its view with no notice; the address drops defaults", async () => {
    const { page, context, problems } = await openPage(
      session,
      "#dataset=kv-cache-sweep&layout=difference&model=R1-Qwen&b=R1-Llama&bench=AMC23&cmap=PuOr&range=centered&center=1.5",
    );
    try {
      const shown = await shownDataset(page);
      assert.equal(shown.error, null);
      assert.deepEqual(shown.notices, []);
      // b=R1-Llama is the default model B beside R1-Qwen; PuOr is written by its name.
      assert.equal(shown.fragment, "#dataset=kv-cache-sweep&layout=difference&model=R1-Qwen&bench=AMC23&cmap=puor&range=centered&center=1.5");
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
