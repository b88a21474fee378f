// Loading data that take their time, or are not data, in the explorer and in <sweep-map>
// (www/lib/source.js, shared by both): a src= that answers slowly shows its progress (bytes, and
// the total when the server gives a Content-Length) with a Cancel, and keeps the figure shown
// until the new one is ready; one that never answers is stopped after 30 s of silence with a
// message saying so (the page's clock is fast-forwarded); a web page opened with "Open file" gets
// the same clear message as one fetched; an element removed while it fetches stops (the server
// sees the request closed) and draws nothing, and loads again when put back; inline data that
// contain "</script>" go in a <template>; a models list splits as links write it; and npm start
// serves the explorer with the headers the README recommends to hosts.

import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { hostCsp } from "../../.ci/serve.mjs";
import { canvasHash, openPage, shownDataset, startSession } from "./browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

const SWEEP = ["model,benchmark,window,ratio,pass@1", "A,Quiz,100,0.1,40", "A,Quiz,100,0.2,42", "A,Quiz,200,0.1,39", "A,Quiz,200,0.2,45"].join("\n") + "\n";
const PAGE = '<!DOCTYPE html>\n<html lang="en"><head><title>results.csv · GitHub</title></head><body><table></table></body></html>\n';
const DEFAULT_TITLE = "KV-cache sweep: R1-Llama and R1-Qwen";

/**
 * A data server on another origin (CORS open): /held/NAME sends its headers (with a
 * Content-Length) and the first half of SWEEP, then waits for release(NAME) to send the rest;
 * /never/NAME accepts the request and never answers; /page.csv is a web page. `closed` holds the
 * names of requests the browser closed before their answer was complete.
 */
async function slowServer() {
  const waiting = new Map();
  const closed = new Set();
  const requested = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url, "http://localhost");
    const name = url.pathname.split("/").pop();
    requested.push(url.pathname);
    let finish = null;
    response.on("close", () => {
      if (response.writableFinished) return;
      closed.add(name);
      if (waiting.get(name) === finish) waiting.delete(name);
    });
    const headers = { "Access-Control-Allow-Origin": "*", "Cache-Control": "no-cache" };
    if (url.pathname.startsWith("/held/")) {
      const body = Buffer.from(SWEEP);
      const half = Math.floor(body.length / 2);
      response.writeHead(200, { ...headers, "Content-Type": "text/csv", "Content-Length": body.length });
      response.write(body.subarray(0, half));
      finish = () => response.end(body.subarray(half));
      waiting.set(name, finish);
    } else if (url.pathname.startsWith("/never/")) {
      // Never answers.
    } else if (url.pathname === "/page.csv") {
      response.writeHead(200, { ...headers, "Content-Type": "text/html; charset=utf-8" });
      response.end(PAGE);
    } else {
      response.writeHead(404, headers);
      response.end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    closed,
    requested,
    /** Sends the rest of /held/NAME once it has been asked for. */
    async release(name) {
      for (let wait = 0; !waiting.has(name); wait += 1) {
        if (wait > 200) throw new Error(`${name} was never requested`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      waiting.get(name)();
      waiting.delete(name);
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

let session;
let data;

before(async () => {
  session = await startSession();
  data = await slowServer();
});

after(async () => {
  await session?.close();
  await data?.close();
});

/** The explorer's progress box: whether it shows, its text, and the bar's value (null: indeterminate). */
function progressShown(page) {
  return page.evaluate(() => {
    const bar = document.getElementById("load-progress-bar");
    return {
      hidden: document.getElementById("load-progress").hidden,
      text: document.getElementById("load-progress-text").textContent,
      value: bar.hasAttribute("value") ? bar.value : null,
    };
  });
}

/** Goes to `#src=URL` as Back or Forward would: the page keeps what it shows until the data load. */
function navigateToSrc(page, src) {
  return page.evaluate((src) => {
    window.history.pushState(null, "", `#src=${encodeURIComponent(src)}`);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, src);
}

describe("the explorer fetching a src= that takes its time", { timeout: 120_000 }, () => {
  test("shows bytes of the total with a bar, keeps the figure shown, and draws the data once they arrive", async () => {
    const { page, problems } = await openPage(session, "#dataset=kv-cache-sweep&layout=grid");
    const before = await shownDataset(page);
    const hash = await canvasHash(page);
    const src = `${data.url}held/sweep.csv`;
    await navigateToSrc(page, src);
    await page.waitForFunction(() => !document.getElementById("load-progress").hidden && document.getElementById("load-progress-text").textContent !== "");
    const half = Math.floor(Buffer.byteLength(SWEEP) / 2);
    const progress = await progressShown(page);
    assert.equal(progress.text, `Fetching sweep.csv: ${half} bytes of ${Buffer.byteLength(SWEEP)} bytes`);
    assert.equal(progress.value, half / Buffer.byteLength(SWEEP));
    assert.equal(await page.getAttribute("#figure-area", "aria-busy"), "true");
    assert.equal(await canvasHash(page), hash, "the figure shown stays while the data load");
    assert.equal((await shownDataset(page)).title, before.title);
    await data.release("sweep.csv");
    await page.waitForFunction((count) => window.sweepmap.renders > count, before.renders);
    const shown = await shownDataset(page);
    assert.equal(shown.error, null);
    assert.deepEqual(shown.panels, ["A | Quiz"]);
    assert.deepEqual(await progressShown(page), { hidden: true, text: "", value: 0 });
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("Cancel stops the fetch: the figure shown stays, with a notice; on opening, the default dataset shows", async () => {
    const { page } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    const hash = await canvasHash(page);
    const src = `${data.url}held/cancelled.csv`;
    await navigateToSrc(page, src);
    await page.waitForSelector("#load-progress:not([hidden])");
    await page.click("#load-cancel");
    await page.waitForSelector("#notice-banner:not([hidden])");
    const shown = await shownDataset(page);
    assert.deepEqual(shown.notices, [`Stopped loading "${src}"; the data shown are unchanged.`]);
    assert.equal(shown.error, null);
    assert.equal(shown.title, before.title);
    assert.equal(shown.fragment, before.fragment, "the address is back to what is shown");
    assert.equal(await canvasHash(page), hash);
    assert.equal(await page.locator("#load-progress").isHidden(), true);
    await waitFor(() => data.closed.has("cancelled.csv"), "the server sees the request closed");
    await page.context().close();

    const opened = await openPage(session, `#src=${encodeURIComponent(`${data.url}held/first.csv`)}`);
    await opened.page.waitForSelector("#load-progress:not([hidden])");
    await opened.page.click("#load-cancel");
    await opened.page.waitForFunction(() => window.sweepmap.renders > 0);
    const fallback = await shownDataset(opened.page);
    assert.equal(fallback.error, `Stopped loading "${data.url}held/first.csv". Showing "${DEFAULT_TITLE}" instead.`);
    assert.equal(fallback.title, DEFAULT_TITLE);
    await opened.page.context().close();
  });

  test("a server that never answers is given up after 30 s without a byte, with a message saying so", async () => {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.clock.install();
    const src = `${data.url}never/silent.csv`;
    await page.goto(new URL(`#src=${encodeURIComponent(src)}`, session.url).href);
    await waitFor(() => data.requested.includes("/never/silent.csv"), "the page asks for the data");
    await page.waitForSelector("#load-progress:not([hidden])");
    assert.equal(await page.evaluate(() => window.sweepmap.renders), 0, "nothing drawn while it waits");
    await page.clock.fastForward(29_000);
    assert.equal(await page.locator("#error-banner").isHidden(), true, "still waiting after 29 s");
    await page.clock.fastForward(2_000);
    await page.waitForFunction(() => window.sweepmap.renders > 0);
    const shown = await shownDataset(page);
    assert.equal(
      shown.error,
      `Could not load ${src}: nothing arrived for 30 seconds, so the request was stopped; the server may be slow or down: try again later. Showing "${DEFAULT_TITLE}" instead.`,
    );
    assert.equal(shown.title, DEFAULT_TITLE);
    await waitFor(() => data.closed.has("silent.csv"), "the server sees the request closed");
    await context.close();
  });
});

describe("a web page instead of data", { timeout: 60_000 }, () => {
  test("opened with Open file, whatever its name, it gets the clear message, and the figure stays", async () => {
    const { page, problems } = await openPage(session, "#dataset=kv-cache-sweep");
    const before = await shownDataset(page);
    for (const [name, text] of [
      ["page.html", PAGE],
      ["results.csv", `\uFEFF  <!-- saved from GitHub -->\n${PAGE}`],
      ["scores.json", "<html><body>Sign in</body></html>"],
      ["items.tsv", "<HEAD><TITLE>404</TITLE></HEAD>"],
    ]) {
      await page.setInputFiles("#file-input", { name, mimeType: "text/plain", buffer: Buffer.from(text) });
      await page.waitForFunction((name) => document.getElementById("error-banner").textContent.includes(name), name);
      const shown = await shownDataset(page);
      assert.equal(shown.error, `Could not open "${name}": this is a web page (HTML), not a CSV or JSON file; open the raw file instead (on GitHub, its "Raw" button)`);
      assert.equal(shown.title, before.title);
    }
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("fetched as src=, told by its start and its Content-Type, in the words for a link", async () => {
    const { page } = await openPage(session, `#src=${encodeURIComponent(`${data.url}page.csv`)}`);
    const shown = await shownDataset(page);
    assert.equal(
      shown.error,
      `Could not load ${data.url}page.csv: it sent a web page (HTML), not a CSV or JSON file; link to the raw file instead (on GitHub, its "Raw" button). Showing "${DEFAULT_TITLE}" instead.`,
    );
    await page.context().close();
  });
});

/** Polls a condition in node (the test server's state) until it holds. */
async function waitFor(condition, what) {
  for (let wait = 0; !condition(); wait += 1) {
    if (wait > 200) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Opens the explorer's page with <sweep-map> defined and every element event recorded in window.events. */
async function elementPage() {
  const opened = await openPage(session, "#dataset=kv-cache-sweep");
  await shownDataset(opened.page);
  await opened.page.evaluate(async () => {
    await import("./lib/element.js");
    window.events = [];
    for (const type of ["sweepmap-render", "sweepmap-progress", "sweepmap-error"]) {
      document.addEventListener(type, (event) => window.events.push({ type, id: event.target.id, detail: event.detail }));
    }
  });
  return opened;
}

function events(page, type, id) {
  return page.evaluate(([type, id]) => window.events.filter((event) => event.type === type && event.id === id).map((event) => event.detail), [type, id]);
}

describe("<sweep-map> loading", { timeout: 120_000 }, () => {
  test("a slow src shows its progress in the status line and as sweepmap-progress events, then draws", async () => {
    const { page, problems } = await elementPage();
    const src = `${data.url}held/element.csv`;
    await page.evaluate((src) => {
      const map = Object.assign(document.createElement("sweep-map"), { id: "slow" });
      map.setAttribute("src", src);
      document.body.append(map);
    }, src);
    await page.waitForFunction(() => window.events.some((event) => event.type === "sweepmap-progress" && event.detail.received > 0));
    const size = Buffer.byteLength(SWEEP);
    const half = Math.floor(size / 2);
    assert.deepEqual((await events(page, "sweepmap-progress", "slow")).at(-1), { received: half, total: size });
    const status = await page.evaluate(() => {
      const root = document.getElementById("slow").shadowRoot;
      return { text: root.querySelector(".status").textContent, cancel: !root.querySelector(".cancel").hidden };
    });
    assert.deepEqual(status, { text: `Loading "${src}": ${half} bytes of ${size} bytes…Cancel`, cancel: true });
    await data.release("element.csv");
    await page.waitForFunction(() => window.events.some((event) => event.type === "sweepmap-render" && event.id === "slow"));
    assert.deepEqual((await events(page, "sweepmap-render", "slow"))[0].panels, ["A | Quiz"]);
    assert.equal(await page.evaluate(() => document.getElementById("slow").shadowRoot.querySelector(".status").hidden), true);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("removed while it fetches, it stops (the server sees it) and draws nothing; put back, it loads and draws", async () => {
    const { page } = await elementPage();
    const src = `${data.url}held/detached.csv`;
    await page.evaluate((src) => {
      const map = Object.assign(document.createElement("sweep-map"), { id: "detached" });
      map.setAttribute("src", src);
      document.body.append(map);
    }, src);
    await waitFor(() => data.requested.includes("/held/detached.csv"), "the element asks for its data");
    await page.evaluate(() => {
      window.parked = document.getElementById("detached");
      window.parked.remove();
    });
    await waitFor(() => data.closed.has("detached.csv"), "the server sees the request closed");
    // Well past a frame and a fetch: nothing drawn or reported while detached.
    await page.waitForTimeout(500);
    assert.deepEqual(await events(page, "sweepmap-render", "detached"), []);
    assert.deepEqual(await events(page, "sweepmap-error", "detached"), []);
    assert.equal(await page.evaluate(() => window.parked.figure), null);

    data.closed.delete("detached.csv");
    await page.evaluate(() => document.body.append(window.parked));
    await data.release("detached.csv");
    await page.waitForFunction(() => window.events.some((event) => event.type === "sweepmap-render" && event.id === "detached"));
    assert.deepEqual((await events(page, "sweepmap-render", "detached"))[0].panels, ["A | Quiz"]);
    assert.deepEqual(await events(page, "sweepmap-error", "detached"), []);
    await page.context().close();
  });

  test("a web page as src gets the clear message", async () => {
    const { page } = await elementPage();
    await page.evaluate((src) => {
      const map = Object.assign(document.createElement("sweep-map"), { id: "page" });
      map.setAttribute("src", src);
      document.body.append(map);
    }, `${data.url}page.csv`);
    await page.waitForFunction(() => window.events.some((event) => event.id === "page"));
    assert.deepEqual(await events(page, "sweepmap-error", "page"), [
      {
        message: `could not fetch "${data.url}page.csv": it sent a web page (HTML), not a CSV or JSON file; link to the raw file instead (on GitHub, its "Raw" button)`,
      },
    ]);
    await page.context().close();
  });
});

describe("<sweep-map> inline data", { timeout: 60_000 }, () => {
  // Labels that end a <script> element early, or would be markup if not escaped.
  const labels = ["</script><b>bold</b>", "a & b < c", "</template>", "x</SCRIPT >"];
  const csv = ["model,benchmark,window,ratio,pass@1", ...labels.flatMap((label) => [`"${label}",Quiz,100,0.1,40`, `"${label}",Quiz,100,0.2,41`])].join("\n");
  const escaped = csv.replace(/&/g, "&amp;").replace(/</g, "&lt;");

  test("in a <template>, HTML-escaped, any text arrives whole, </script> included", async () => {
    const { page, problems } = await elementPage();
    await page.evaluate((escaped) => {
      const host = document.createElement("div");
      // Parsed as a page's HTML is: the way an author writes it.
      host.innerHTML = `<sweep-map id="inline" layout="grid"><template>${escaped}</template></sweep-map>`;
      document.body.append(host);
    }, escaped);
    await page.waitForFunction(() => window.events.some((event) => event.id === "inline"));
    assert.deepEqual(await events(page, "sweepmap-error", "inline"), []);
    const models = await page.evaluate(() => document.getElementById("inline").loadedData.models());
    assert.deepEqual(models.toSorted(), labels.toSorted());
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test("in a <template> unescaped, markup is reported, not silently dropped", async () => {
    const { page } = await elementPage();
    await page.evaluate((csv) => {
      const host = document.createElement("div");
      host.innerHTML = `<sweep-map id="raw"><template>${csv}</template></sweep-map>`;
      document.body.append(host);
    }, csv);
    await page.waitForFunction(() => window.events.some((event) => event.id === "raw"));
    assert.deepEqual(await events(page, "sweepmap-error", "raw"), [
      { message: "the inline data in <template> hold markup (<b>): write < as &lt; and & as &amp; in the data" },
    ]);
    await page.context().close();
  });

  test("models split as links write them: \\, is a comma inside a name", async () => {
    const { page } = await elementPage();
    const rows = ["model,item,score", '"a,b",1,1', '"a,b",2,0', "c,1,0", "c,2,1", "d,1,1", "d,2,1"].join("\n");
    await page.evaluate((rows) => {
      const map = Object.assign(document.createElement("sweep-map"), { id: "models", data: rows });
      map.setAttribute("kind", "pairwise");
      map.setAttribute("models", "a\\,b, c");
      document.body.append(map);
    }, rows);
    await page.waitForFunction(() => window.events.some((event) => event.id === "models"));
    assert.deepEqual(await events(page, "sweepmap-error", "models"), []);
    assert.deepEqual((await events(page, "sweepmap-render", "models"))[0].panels, ["a,b vs c"]);
    await page.context().close();
  });
});

describe("npm start's server", { timeout: 60_000 }, () => {
  test("serves the explorer with the README's headers, and src= from another site still loads under them", async () => {
    const child = spawn(process.execPath, [path.join(here, "..", "..", ".ci", "serve.mjs")], { env: { ...process.env, PORT: "0" } });
    try {
      const url = await new Promise((resolve, reject) => {
        child.stdout.on("data", (chunk) => {
          const match = /serving www\/ at (\S+)/.exec(String(chunk));
          if (match) resolve(match[1]);
        });
        child.on("exit", (code) => reject(new Error(`serve.mjs exited with ${code}`)));
      });
      for (const file of ["", "index.html", "example.html", "lib/element.js", "pkg/sweepmap_bg.wasm"]) {
        const response = await fetch(new URL(file, url));
        assert.equal(response.status, 200, file);
        assert.equal(response.headers.get("content-security-policy"), hostCsp, file);
        assert.equal(response.headers.get("x-content-type-options"), "nosniff", file);
        await response.arrayBuffer();
      }
      assert.match(hostCsp, /script-src 'self' 'wasm-unsafe-eval'/);
      assert.match(hostCsp, /style-src 'self'/);
      assert.match(hostCsp, /frame-ancestors 'none'/);
      const readme = readFileSync(path.join(here, "..", "..", "README.md"), "utf8");
      assert.ok(readme.includes(`Content-Security-Policy: ${hostCsp}\nX-Content-Type-Options: nosniff\n`), "the README gives the headers served");
      const missing = await fetch(new URL("missing.csv", url));
      assert.equal(missing.headers.get("x-content-type-options"), "nosniff");

      const context = await session.browser.newContext();
      const page = await context.newPage();
      const violations = [];
      page.on("console", (message) => {
        if (message.type() === "error") violations.push(message.text());
      });
      const src = `${data.url}held/served.csv`;
      await page.goto(`${url}#src=${encodeURIComponent(src)}`);
      await data.release("served.csv");
      const shown = await shownDataset(page);
      assert.equal(shown.error, null);
      assert.deepEqual(shown.panels, ["A | Quiz"]);
      assert.deepEqual(violations, []);
      await context.close();
    } finally {
      child.kill();
    }
  });
});
