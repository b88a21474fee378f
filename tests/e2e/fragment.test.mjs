// End-to-end tests of where the explorer keeps its view: the address's fragment (#dataset=...),
// which the browser never sends to the server. Links made before, with the view in the query
// string (?dataset=...), open the same view and their address is rewritten to the fragment; a
// link carrying its data (data=) never puts them in a request; back and forward step through
// fragment views; and a fragment edited by hand (or by an in-page link) shows its view, once,
// while an in-page anchor is left alone.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";

import { afterRender, canvasHash, controlValues, openPage, renderCount, shownDataset, startSession } from "./browser.mjs";
import { encodeData } from "../../www/share.js";

let session;
/** Every request the server received: its request line's URL and its Referer. */
const served = [];
before(async () => {
  session = await startSession();
  session.server.on("request", (request) => served.push({ url: request.url, referer: request.headers.referer ?? null }));
});
after(async () => {
  await session?.close();
});

/**
 * Waits until the events of a navigation have all been handled: popstate and hashchange are
 * tasks, and a view opened from either draws at once when its data are already shown, so a
 * second opening would show in the render count after this.
 */
function settle(page) {
  return page.evaluate(
    () => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 50)),
  );
}

/** The address's parts and the history length, as the page sees them. */
function address(page) {
  return page.evaluate(() => ({ href: window.location.href, search: window.location.search, hash: window.location.hash, length: window.history.length }));
}

/** A tidy CSV of one model and benchmark over a rows x columns grid of seeded random values. */
function randomCsv(rows, columns, seed) {
  let state = seed;
  const random = () => (state = (state * 16807) % 2147483647) / 2147483647;
  const lines = ["model,benchmark,window,ratio,score"];
  for (let y = 1; y <= rows; y += 1) {
    for (let x = 1; x <= columns; x += 1) lines.push(`M,B,${y},${x},${(random() * 100).toFixed(4)}`);
  }
  return `${lines.join("\n")}\n`;
}

describe("the view in the address's fragment", { timeout: 240_000 }, () => {
  test("a link in the query string opens the same view, and the address moves to the fragment in place", async () => {
    const view = "dataset=kv-cache-sweep&layout=difference&model=R1-Qwen&bench=AMC23&cmap=puor";
    const fresh = await openPage(session, `#${view}`);
    const expected = await shownDataset(fresh.page);
    const expectedPixels = await canvasHash(fresh.page);
    const expectedControls = await controlValues(fresh.page);
    const expectedAddress = await address(fresh.page);
    await fresh.context.close();
    assert.equal(expected.fragment, `#${view}`);
    assert.deepEqual(expected.notices, []);

    const { page, context, problems } = await openPage(session, `?${view}`);
    const shown = await shownDataset(page);
    assert.deepEqual(shown.panels, ["R1-Qwen − R1-Llama | AMC23"]);
    assert.deepEqual(shown.notices, []);
    assert.equal(await canvasHash(page), expectedPixels);
    assert.deepEqual(await controlValues(page), expectedControls);
    const rewritten = await address(page);
    assert.equal(rewritten.search, "");
    assert.equal(rewritten.hash, `#${view}`);
    assert.equal(rewritten.href, new URL(`#${view}`, session.url).href);
    assert.ok(!rewritten.href.includes("?"), rewritten.href);
    // Rewritten in place (replaceState): no extra history entry to go back to the query from.
    assert.equal(rewritten.length, expectedAddress.length);

    // A reload now asks the server for the page alone.
    const before = served.length;
    await page.reload();
    await shownDataset(page);
    const documents = served.slice(before).filter((request) => request.url === "/" || request.url.startsWith("/?"));
    assert.deepEqual(documents.map((request) => request.url), ["/"]);
    assert.equal(await canvasHash(page), expectedPixels);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("when both the query and the fragment hold a view the fragment wins; an anchor is no view", async () => {
    const both = await openPage(session, "?dataset=kv-cache-averages&rev=1#dataset=partial-r1-qwen&layout=grid");
    const shown = await shownDataset(both.page);
    assert.equal(shown.selected, "partial-r1-qwen");
    assert.deepEqual(shown.notices, []);
    assert.equal(shown.search, "");
    assert.equal(shown.fragment, "#dataset=partial-r1-qwen&layout=grid");
    assert.deepEqual(both.problems, []);
    await both.context.close();

    // A fragment without "=" names a place in the page, so the query's view opens.
    const anchored = await openPage(session, "?dataset=kv-cache-averages&rev=1#figure-area");
    const opened = await shownDataset(anchored.page);
    assert.equal(opened.selected, "kv-cache-averages");
    assert.equal(opened.search, "");
    assert.equal(opened.fragment, "#dataset=kv-cache-averages&rev=1");
    assert.deepEqual(anchored.problems, []);
    await anchored.context.close();
  });

  test("a damaged link in the query string gives the notices it gives in the fragment", async () => {
    const link = "dataset=kv-cache-sweep&model=R1%ZZQwen&cmap=PuOr&zoom=2";
    const notices = [
      'Ignored "model=R1%ZZQwen" in the link: "%ZZ" is not percent-encoding (expected % and two hexadecimal digits; a literal % is written %25).',
      'Ignored "zoom" in the link: it is not a sweepmap setting.',
    ];
    for (const opened of [`#${link}`, `?${link}`]) {
      const { page, context, problems } = await openPage(session, opened);
      const shown = await shownDataset(page);
      assert.deepEqual(shown.notices, notices, opened);
      assert.equal(shown.search, "", opened);
      assert.equal(shown.fragment, "#dataset=kv-cache-sweep&cmap=puor", opened);
      assert.deepEqual(problems, [], opened);
      await context.close();
    }
  });

  test("a link carrying its data puts them in no request, and may be longer than a server takes", async () => {
    const csv = randomCsv(4, 5, 11);
    const data = await encodeData(csv);
    const before = served.length;
    const { page, context, problems } = await openPage(session, `#data=${data}&fmt=csv&name=private.csv&layout=grid`);
    const shown = await shownDataset(page);
    assert.equal(shown.title, "private.csv");
    assert.equal(shown.error, null);
    assert.equal(shown.fragment, `#data=${data}&fmt=csv&name=private.csv&layout=grid`);
    // The page and everything it loads were requested, and not one request carried the data.
    const requests = served.slice(before);
    assert.ok(requests.some((request) => request.url === "/"), JSON.stringify(requests));
    assert.ok(requests.some((request) => request.url.endsWith(".wasm")), JSON.stringify(requests));
    for (const { url, referer } of requests) {
      assert.ok(!url.includes("data=") && !url.includes(data), `request ${url}`);
      assert.ok(referer === null || (!referer.includes("data=") && !referer.includes(data)), `referer ${referer}`);
    }
    assert.deepEqual(problems, []);
    await context.close();

    // Random values compress badly: a link of over 16 KB, beyond what this server (node's
    // default header limit) takes in a request line, as nginx's 8 KB buffer refuses a long query.
    const big = await encodeData(randomCsv(40, 80, 5));
    const long = `data=${big}&fmt=csv&name=big.csv`;
    assert.ok(long.length > 20_000, `${long.length} characters`);
    const refused = await fetch(new URL(`?${long}`, session.url));
    assert.equal(refused.status, 431);
    const opened = await openPage(session, `#${long}`);
    const bigShown = await shownDataset(opened.page);
    assert.equal(bigShown.title, "big.csv");
    assert.equal(bigShown.error, null);
    assert.deepEqual(bigShown.panels, ["M | B"]);
    assert.equal(await opened.page.evaluate(() => window.sweepmap.dataset.xAxis().labels.length), 80);
    assert.deepEqual(opened.problems, []);
    await opened.context.close();
  });

  test("back and forward step through fragment views, drawing each once", async () => {
    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const views = [{ fragment: "#dataset=kv-cache-sweep", pixels: await canvasHash(page), controls: await controlValues(page) }];
    const steps = [
      [() => page.selectOption("#cmap-select", "magma"), "#dataset=kv-cache-sweep&cmap=magma"],
      [() => page.selectOption("#layout-select", "grid"), "#dataset=kv-cache-sweep&layout=grid&cmap=magma"],
      [() => page.selectOption("#dataset-select", "partial-r1-qwen"), "#dataset=partial-r1-qwen&layout=grid&cmap=magma"],
    ];
    for (const [act, fragment] of steps) {
      await afterRender(page, act);
      await settle(page);
      const shown = await shownDataset(page);
      assert.equal(shown.fragment, fragment);
      views.push({ fragment, pixels: await canvasHash(page), controls: await controlValues(page), renders: shown.renders });
    }
    // A control's change is one draw: the pushState fires no popstate or hashchange to reopen it.
    assert.deepEqual(views.slice(1).map((view) => view.renders), [2, 3, 4]);

    const visit = async (move, index) => {
      const renders = await renderCount(page);
      await afterRender(page, move);
      await settle(page);
      const shown = await shownDataset(page);
      assert.equal(shown.fragment, views[index].fragment);
      assert.equal(shown.search, "");
      assert.equal(shown.renders, renders + 1, `one draw for ${views[index].fragment}`);
      assert.equal(await canvasHash(page), views[index].pixels, views[index].fragment);
      assert.deepEqual(await controlValues(page), views[index].controls, views[index].fragment);
    };
    for (const index of [2, 1, 0]) await visit(() => page.goBack(), index);
    for (const index of [1, 2, 3]) await visit(() => page.goForward(), index);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a fragment edited by hand or by an in-page link shows its view, once; an anchor is left alone", async () => {
    const reference = await openPage(session, "#dataset=kv-cache-sweep&layout=benchmark&bench=AMC23");
    await shownDataset(reference.page);
    const benchmarkPixels = await canvasHash(reference.page);
    const benchmarkControls = await controlValues(reference.page);
    await reference.context.close();

    const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    await shownDataset(page);
    const start = await address(page);

    // Edited by hand: location.hash, as typing in the address bar does. One draw, and the
    // popstate and hashchange of this one navigation open it once.
    await afterRender(page, () => page.evaluate(() => (window.location.hash = "dataset=kv-cache-sweep&layout=benchmark&bench=AMC23")));
    await settle(page);
    let shown = await shownDataset(page);
    assert.equal(shown.renders, 2);
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep&layout=benchmark&bench=AMC23");
    assert.deepEqual(shown.panels, ["R1-Llama | AMC23", "R1-Qwen | AMC23"]);
    assert.equal(await canvasHash(page), benchmarkPixels);
    assert.deepEqual(await controlValues(page), benchmarkControls);
    assert.equal((await address(page)).length, start.length + 1);

    // Written loosely: notices, and the address is rewritten to the view shown, in place.
    await afterRender(page, () => page.evaluate(() => (window.location.hash = "layout=grid&cmap=PuOr&zoom=2")));
    await settle(page);
    shown = await shownDataset(page);
    assert.equal(shown.renders, 3);
    assert.deepEqual(shown.notices, ['Ignored "zoom" in the link: it is not a sweepmap setting.']);
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep&layout=grid&cmap=puor");
    assert.equal((await address(page)).length, start.length + 2);

    // Other data, through a link in the page (made here: the explorer has none of its own).
    await afterRender(page, () =>
      page.evaluate(() => {
        const link = document.createElement("a");
        link.href = "#dataset=partial-r1-qwen&unc=0.95";
        link.textContent = "partial";
        document.body.append(link);
        link.click();
        link.remove();
      }),
    );
    await settle(page);
    shown = await shownDataset(page);
    assert.equal(shown.selected, "partial-r1-qwen");
    assert.equal(shown.fragment, "#dataset=partial-r1-qwen&unc=0.95");
    assert.equal(shown.renders, 4);
    const partialPixels = await canvasHash(page);

    // An in-page anchor (a fragment without "="): the view stays and nothing is drawn; back
    // returns to the view's address with nothing to draw either.
    await page.evaluate(() => (window.location.hash = "figure-area"));
    await settle(page);
    shown = await shownDataset(page);
    assert.equal(shown.renders, 4);
    assert.equal(shown.fragment, "#figure-area");
    assert.equal(shown.selected, "partial-r1-qwen");
    await page.goBack();
    await settle(page);
    shown = await shownDataset(page);
    assert.equal(shown.fragment, "#dataset=partial-r1-qwen&unc=0.95");
    assert.equal(shown.renders, 4);
    assert.equal(await canvasHash(page), partialPixels);

    // An emptied fragment is the page with no link: the default view.
    await afterRender(page, () => page.evaluate(() => (window.location.hash = "")));
    await settle(page);
    shown = await shownDataset(page);
    assert.equal(shown.selected, "kv-cache-sweep");
    assert.equal(shown.fragment, "#dataset=kv-cache-sweep");
    assert.equal(shown.renders, 5);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
