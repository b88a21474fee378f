// End-to-end tests of data from elsewhere: local files (picker and drag-and-drop) that never
// leave the browser, links that carry the data themselves, data fetched from a URL in the
// address, and what happens when any of them is bad. Labels from data are text, never HTML.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";

import { afterRender, canvasHash, cellCentre, controlValues, openPage, shownDataset, startSession, tooltip } from "./browser.mjs";

let session;
before(async () => {
  session = await startSession();
});
after(async () => {
  await session?.close();
});

const header = "model,benchmark,window,ratio,pass@1";

/** A tidy CSV of three models on one benchmark over a 2 x 3 grid, values from a formula. */
function threeModels() {
  const rows = [header];
  for (const [m, model] of ["Alpha", "Beta", "Gamma"].entries()) {
    for (const window of [100, 200]) {
      for (const ratio of [0.1, 0.2, 0.3]) rows.push(`${model},Quiz,${window},${ratio},${(50 + 3 * m + window / 100 + ratio * 10).toFixed(1)}`);
    }
  }
  return `${rows.join("\n")}\n`;
}

function csvFile(name, text) {
  return { name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") };
}

/** Any request the page made that left 127.0.0.1 (the data must stay in the browser). */
function watchRequests(page, session) {
  const requests = [];
  page.on("request", (request) => requests.push(request.url()));
  return () => requests.filter((url) => !url.startsWith(session.url) && !url.startsWith("blob:") && !url.startsWith("data:"));
}

describe("files, data links and URLs", { timeout: 120_000 }, () => {
  test("a malformed upload shows the loader's message and keeps the figure; a valid one opens and its link reopens it", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=grid");
    const outside = watchRequests(page, session);
    const before = await shownDataset(page);
    const hash = await canvasHash(page);

    await page.setInputFiles("#file-input", csvFile("bad.csv", `${header}\nA,B,500,0.1,40\nA,B,500,0.2,forty\n`));
    await page.waitForSelector("#error-banner:not([hidden])");
    let shown = await shownDataset(page);
    assert.equal(shown.error, 'Could not open "bad.csv": line 3, column "pass@1": expected a number, found "forty"; fix that cell in the file');
    assert.equal(shown.title, before.title);
    assert.equal(shown.fragment, before.fragment);
    assert.equal(shown.selected, "kv-cache-sweep");
    assert.equal(shown.renders, before.renders);
    assert.equal(await canvasHash(page), hash, "the previous figure stays");

    // A valid file replaces it, keeps the layout, and puts its (small) data into the address.
    await afterRender(page, () => page.setInputFiles("#file-input", csvFile("three.csv", threeModels())));
    shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "three.csv");
    assert.deepEqual(shown.panels, ["Alpha | Quiz", "Beta | Quiz", "Gamma | Quiz"]);
    assert.equal(shown.selected, "current");
    assert.equal(await page.evaluate(() => document.querySelector("#dataset-select option:checked").text), "File: three.csv");
    const params = new URLSearchParams(shown.fragment.slice(1));
    assert.deepEqual([...params.keys()], ["data", "fmt", "name", "layout"]);
    assert.match(params.get("data"), /^[A-Za-z0-9_-]+$/);
    assert.equal(params.get("fmt"), "csv");
    assert.equal(params.get("name"), "three.csv");
    assert.notEqual(await canvasHash(page), hash);

    // Model B works on three models.
    await afterRender(page, () => page.selectOption("#layout-select", "difference"));
    assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll("#model-b-select option")].map((o) => o.value)), ["Beta", "Gamma"]);
    const beta = await canvasHash(page);
    await afterRender(page, () => page.selectOption("#model-b-select", "Gamma"));
    const withData = await page.evaluate(() => window.location.hash);
    assert.ok(withData.endsWith("&name=three.csv&layout=difference&b=Gamma"), withData);
    const gamma = await canvasHash(page);
    assert.notEqual(gamma, beta);
    assert.deepEqual((await shownDataset(page)).panels, ["Alpha − Gamma | Quiz"]);

    // The link with data= reopens the file's figure elsewhere, with nothing uploaded anywhere.
    const reopened = await openPage(session, withData);
    const again = await shownDataset(reopened.page);
    assert.equal(again.error, null);
    assert.deepEqual(again.notices, []);
    assert.equal(again.title, "three.csv");
    assert.equal(await canvasHash(reopened.page), gamma);
    assert.deepEqual(await controlValues(reopened.page), await controlValues(page));
    assert.deepEqual(reopened.problems, []);
    await reopened.context.close();

    // Back goes through the file's views to the bundled dataset; forward to the file again.
    await afterRender(page, () => page.goBack());
    assert.equal(await canvasHash(page), beta);
    await afterRender(page, () => page.goBack());
    await afterRender(page, () => page.goBack());
    shown = await shownDataset(page);
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep&layout=grid");
    assert.equal(await canvasHash(page), hash);
    await afterRender(page, () => page.goForward());
    assert.equal((await shownDataset(page)).title, "three.csv");
    assert.deepEqual(outside(), [], "no request left the machine");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a file dropped on the page opens", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);
    const transfer = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], "dropped.csv", { type: "text/csv" }));
      return data;
    }, threeModels());
    await page.dispatchEvent("body", "dragenter", { dataTransfer: transfer });
    assert.equal(await page.isVisible("#drop-overlay"), true);
    await afterRender(page, () => page.dispatchEvent("body", "drop", { dataTransfer: transfer }));
    const shown = await shownDataset(page);
    assert.equal(shown.title, "dropped.csv");
    assert.deepEqual(shown.panels, ["Alpha | Quiz"]);
    assert.equal(await page.isVisible("#drop-overlay"), false);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a file too large for a link opens, and Copy link says why it leaves the data out", async () => {
    const { page, context, problems } = await openPage(session, "", { permissions: ["clipboard-read", "clipboard-write"] });
    await shownDataset(page);
    // Random values compress badly: far more than 32,000 characters of link.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    const rows = [header];
    for (let window = 1; window <= 80; window += 1) {
      for (let ratio = 1; ratio <= 80; ratio += 1) rows.push(`M,B,${window},${ratio},${(random() * 100).toFixed(4)}`);
    }
    await afterRender(page, () => page.setInputFiles("#file-input", csvFile("big.csv", `${rows.join("\n")}\n`)));
    const shown = await shownDataset(page);
    assert.equal(shown.title, "big.csv");
    assert.equal(shown.fragment, "#name=big.csv");
    await page.click("#copy-link");
    await page.waitForSelector("#notice-banner:not([hidden])");
    const notice = (await shownDataset(page)).notices[0];
    assert.match(notice, /^The link does not carry the data of "big\.csv" \(with the file in it the link would be [\d,]+ characters, over the limit of 32,000\); whoever opens it will be asked to open the file themselves\.$/);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.evaluate(() => window.location.href));

    // Such a link, opened elsewhere, asks for the file and shows the default dataset meanwhile.
    const reopened = await openPage(session, "#name=big.csv");
    const elsewhere = await shownDataset(reopened.page);
    assert.equal(elsewhere.selected, "kv-cache-sweep");
    assert.match(elsewhere.notices[0], /local file "big\.csv".*open it again with "Open file"/);
    await reopened.context.close();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("labels from data are shown as text, never as HTML", async () => {
    const { page, context, problems } = await openPage(session, "");
    await shownDataset(page);
    const evil = "<img src=x onerror=window.__xss=1>";
    const text = `${header}\n${evil},"<b>bold</b>",1,0.1,40\n${evil},"<b>bold</b>",1,0.2,41\n${evil},"<b>bold</b>",2,0.1,42\n${evil},"<b>bold</b>",2,0.2,43\n`;
    await afterRender(page, () => page.setInputFiles("#file-input", csvFile("<i>x</i>.csv", text)));
    const shown = await shownDataset(page);
    assert.equal(shown.title, "<i>x</i>.csv");
    assert.deepEqual(shown.panels, [`${evil} | <b>bold</b>`]);
    assert.deepEqual(shown.summaryTitles, [`${evil} | <b>bold</b>`]);
    assert.equal(await page.evaluate(() => document.querySelector("#model-select option").text), evil);

    // Hover shows the label as text too.
    const centre = await cellCentre(page, { panel: 0, x: 0, y: 0 });
    await page.mouse.move(centre.x, centre.y);
    await page.waitForSelector("#tooltip:not([hidden])");
    assert.equal((await tooltip(page)).title, `${evil} | <b>bold</b>`);

    const injected = await page.evaluate(() => ({
      xss: window.__xss,
      images: document.querySelectorAll("img").length,
      bold: document.querySelectorAll("b, i").length,
    }));
    assert.deepEqual(injected, { xss: undefined, images: 0, bold: 0 });
    // A JSON file's title and source are text as well.
    const json = JSON.stringify({
      title: "<img src=x onerror=window.__xss=2>",
      source: "<script>window.__xss=3</script>",
      metric: { name: "<u>score</u>", direction: "higher" },
      x: { name: "x", values: [1, 2] },
      y: { name: "y", values: [1, 2] },
      model: "Model",
      benchmark: "Benchmark",
      panels: [{ model: "m", benchmark: "b", cells: [[1, 2], [3, 4]] }],
    });
    await afterRender(page, () =>
      page.setInputFiles("#file-input", { name: "evil.json", mimeType: "application/json", buffer: Buffer.from(json) }),
    );
    const second = await shownDataset(page);
    assert.equal(second.title, "<img src=x onerror=window.__xss=2>");
    assert.equal(second.source, "<script>window.__xss=3</script>");
    assert.match(second.facts, /^<u>score<\/u>, higher is better/);
    assert.deepEqual(
      await page.evaluate(() => ({ xss: window.__xss, images: document.querySelectorAll("img, script:not([src]), u").length })),
      { xss: undefined, images: 0 },
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a URL in the address opens its data; a bad one is named in the error", async () => {
    const url = new URL("data/kv-cache-averages.json", session.url).href;
    const { page, context, problems } = await openPage(session, `#src=${encodeURIComponent(url)}&rev=1`);
    let shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.equal(shown.title, "KV-cache sweep: reported cross-benchmark averages (R1-Llama, R1-Qwen)");
    assert.equal(shown.selected, "current");
    assert.equal(await page.evaluate(() => document.querySelector("#dataset-select option:checked").text), `URL: ${url}`);
    assert.equal(shown.fragment, `#src=${encodeURIComponent(url)}&rev=1`);
    assert.deepEqual(problems, []);
    await context.close();

    // Not found: the error names the URL and the default dataset opens.
    const missing = new URL("data/nothing-here.csv", session.url).href;
    const second = await openPage(session, `#src=${encodeURIComponent(missing)}&layout=grid`);
    shown = await shownDataset(second.page);
    await second.page.waitForFunction(() => (window.sweepmap?.renders ?? 0) > 0);
    shown = await shownDataset(second.page);
    assert.equal(shown.error, `Could not load ${missing}: the server answered 404 Not Found. Showing "KV-cache sweep: R1-Llama and R1-Qwen" instead.`);
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep&layout=grid");
    assert.equal(shown.panels.length, 10);
    // The browser itself logs the 404; nothing else went wrong.
    assert.ok(second.problems.every((problem) => /404/.test(problem)), second.problems.join("\n"));
    await second.context.close();

    // Unreachable: the error names the URL too.
    const unreachable = "http://127.0.0.1:9/sweep.csv";
    const third = await openPage(session, `#src=${encodeURIComponent(unreachable)}`);
    await third.page.waitForFunction(() => (window.sweepmap?.renders ?? 0) > 0);
    shown = await shownDataset(third.page);
    assert.match(shown.error, /^Could not load http:\/\/127\.0\.0\.1:9\/sweep\.csv: the request failed \(Failed to fetch\)/);
    assert.equal(shown.selected, "kv-cache-sweep");
    await third.context.close();
  });

  test("a damaged data link shows an error and the default dataset", async () => {
    const { page, context, problems } = await openPage(session, "#data=AAAAAAAA&fmt=csv&name=cut.csv");
    await page.waitForFunction(() => (window.sweepmap?.renders ?? 0) > 0);
    const shown = await shownDataset(page);
    assert.match(shown.error, /^Could not open the data in the link: data= (does not decompress: expected deflate-raw compressed data, but they are corrupt or cut short \(was the link cut short\?\)|decompresses, but not to UTF-8 text)/);
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
