// Shared set-up for the end-to-end tests: Debian's Chromium driven by playwright-core (no browser
// download), the page served by .ci/serve.mjs on an ephemeral 127.0.0.1 port, and a record of
// everything the page reports as going wrong.

import { chromium } from "playwright-core";
import { startServer } from "../../.ci/serve.mjs";

/** The flags Chromium needs here: as root it needs --no-sandbox, and it must not reach out. */
export const chromiumArgs = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--no-default-browser-check",
];

/**
 * Starts the server and the browser; call close() on the result when done. `server` options go
 * to .ci/serve.mjs's startServer (e.g. `{ headers: { "Content-Security-Policy": strictCsp } }`).
 */
export async function startSession(serverOptions = {}) {
  const server = await startServer({ port: 0, ...serverOptions });
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: chromiumArgs,
      headless: true,
    });
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    url: server.url,
    /** The http.Server, whose "request" event is the server's request log. */
    server: server.server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Opens a fresh page (own context, so nothing carries over between tests) and collects console
 * errors, uncaught exceptions and failed requests into `problems`. Options other than width and
 * height go to the browser context (deviceScaleFactor, permissions, ...); `init` is a script run
 * before the page's own.
 */
export async function openPage(session, path = "", { width = 1280, height = 900, init, ...contextOptions } = {}) {
  const context = await session.browser.newContext({ viewport: { width, height }, ...contextOptions });
  const page = await context.newPage();
  if (init) await page.addInitScript(init);
  const problems = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("requestfailed", (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`),
  );
  await page.goto(new URL(path, session.url).href);
  return { page, context, problems };
}

/** Waits until the page has drawn its first figure (or shown an error), then returns what it shows. */
export async function shownDataset(page) {
  await page.waitForFunction(
    () => (window.sweepmap?.renders ?? 0) > 0 || !document.getElementById("error-banner").hidden,
    null,
    { timeout: 20_000 },
  );
  return page.evaluate(() => {
    const banner = document.getElementById("error-banner");
    const notices = document.getElementById("notice-banner");
    return {
      title: document.getElementById("dataset-title").textContent,
      facts: document.getElementById("dataset-facts").textContent,
      source: document.getElementById("dataset-source").hidden ? null : document.getElementById("dataset-source-text").textContent,
      selected: document.getElementById("dataset-select").value,
      options: [...document.querySelectorAll("#dataset-select option")].map((o) => o.value),
      panels: window.sweepmap.figure ? window.sweepmap.figure.panels().map((panel) => panel.title) : [],
      summaryTitles: [...document.querySelectorAll("#summary-panels h3")].map((h) => h.textContent),
      layouts: [...document.querySelectorAll("#layout-select option")].map((o) => o.value),
      error: banner.hidden ? null : banner.textContent,
      // Every notice in order; a run table's explanation as its headline, then its folded details.
      notices: notices.hidden
        ? []
        : [...notices.querySelectorAll("#notice-list > li")].flatMap((li) =>
            li.classList.contains("explained")
              ? [li.firstChild.textContent, ...[...li.querySelectorAll("details li")].map((item) => item.textContent)]
              : [li.textContent],
          ),
      // The view's link as the address holds it (the fragment), and the query string: empty once
      // the page has started, since a link in it is moved to the fragment.
      fragment: window.location.hash,
      search: window.location.search,
      renders: window.sweepmap?.renders ?? 0,
    };
  });
}

/** How many figures the page has drawn so far. */
export function renderCount(page) {
  return page.evaluate(() => window.sweepmap?.renders ?? 0);
}

/** Runs an action and waits until the page has drawn again because of it. */
export async function afterRender(page, action) {
  const before = await renderCount(page);
  await action();
  await page.waitForFunction((count) => window.sweepmap.renders > count, before, { timeout: 20_000 });
}

/** A SHA-256 of the figure canvas' pixels, prefixed with its backing-store size. */
export function canvasHash(page, selector = "#figure-canvas") {
  return page.evaluate(async (selector) => {
    const canvas = document.querySelector(selector);
    const pixels = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", pixels));
    return `${canvas.width}x${canvas.height}:${[...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
  }, selector);
}

/** The values of every control, keyed by id, and which fields are shown. */
export function controlValues(page) {
  return page.evaluate(() => {
    const values = {};
    for (const control of document.querySelectorAll("#controls select, #controls input:not([type=file])")) {
      values[control.id] = control.type === "checkbox" ? control.checked : control.value;
    }
    const shown = [...document.querySelectorAll("#controls .field")]
      .filter((field) => !field.closest("[hidden]"))
      .map((field) => field.querySelector("select, input").id);
    return { values, shown };
  });
}

/** The centre of a cell in page coordinates, from the figure's own geometry. */
export function cellCentre(page, { panel, x, y }) {
  return page.evaluate(
    ({ panel, x, y }) => {
      const rect = window.sweepmap.figure.cellRect(panel, x, y);
      const box = document.getElementById("figure-canvas").getBoundingClientRect();
      return { x: box.left + rect.x + rect.width / 2, y: box.top + rect.y + rect.height / 2 };
    },
    { panel, x, y },
  );
}

/** The index of a panel by title, and of an x and y label, in the shown figure. */
export function cellIndex(page, { title, x, y }) {
  return page.evaluate(
    ({ title, x, y }) => {
      const panel = window.sweepmap.figure.panels().findIndex((candidate) => candidate.title === title);
      const dataset = window.sweepmap.dataset;
      return { panel, x: dataset.xAxis().labels.indexOf(x), y: dataset.yAxis().labels.indexOf(y) };
    },
    { title, x, y },
  );
}

/** The tooltip as shown: its title and its term -> description pairs. */
export function tooltip(page) {
  return page.evaluate(() => {
    const box = document.getElementById("tooltip");
    if (box.hidden) return null;
    const rows = {};
    for (const term of box.querySelectorAll("dt")) rows[term.textContent] = term.nextElementSibling.textContent;
    return { title: box.querySelector(".tooltip-title").textContent, rows };
  });
}
