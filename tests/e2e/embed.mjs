// Shared set-up for the embedding tests (element, site, vite): a static site built into a temp
// folder (with the pages of tests/fixtures/element/ under test/), served by .ci/serve.mjs under
// the strict Content-Security-Policy by default, and pages that record every sweepmap event,
// every CSP violation, every request and everything that goes wrong.

import { chromium } from "playwright-core";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { startServer, strictCsp } from "../../.ci/serve.mjs";
import { buildSite } from "../../.ci/site.mjs";
import { chromiumArgs } from "./browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
export const fixtures = path.resolve(here, "..", "fixtures");

/** A temp folder, removed by the returned cleanup. */
export async function tempFolder(name) {
  const folder = await mkdtemp(path.join(tmpdir(), `sweepmap-${name}-`));
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) };
}

/** Launches Debian's Chromium as the other end-to-end tests do. */
export function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: chromiumArgs, headless: true });
}

/**
 * Builds the site into a temp folder, adds the element fixtures as test/, serves it (under
 * `prefix`, with the strict CSP unless `csp` is false) and starts the browser.
 */
export async function startSiteSession({ prefix = "/", csp = true } = {}) {
  const temp = await tempFolder("site");
  try {
    await buildSite({ out: temp.folder });
    await cp(path.join(fixtures, "element"), path.join(temp.folder, "test"), { recursive: true });
    return await startSession(temp.folder, { prefix, csp, cleanup: temp.remove });
  } catch (error) {
    await temp.remove();
    throw error;
  }
}

/** Serves `root` and starts the browser; close() stops both and runs `cleanup`. */
export async function startSession(root, { prefix = "/", csp = true, cleanup } = {}) {
  const server = await startServer({ root, prefix, headers: csp ? { "Content-Security-Policy": strictCsp } : {} });
  let browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    url: server.url,
    root,
    browser,
    async close() {
      await browser.close();
      await server.close();
      await cleanup?.();
    },
  };
}

/** Records sweepmap events (without the bulky info), CSP violations, in page globals. */
function recorder() {
  window.violations = [];
  window.events = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.violations.push(`${event.violatedDirective}: ${event.blockedURI || event.sample}`);
  });
  for (const type of ["sweepmap-render", "sweepmap-error", "sweepmap-hover", "sweepmap-click"]) {
    document.addEventListener(type, (event) => {
      const detail = event.detail ? { ...event.detail } : null;
      if (detail) delete detail.info;
      window.events.push({ type, id: event.target.id, detail });
    });
  }
}

/**
 * Opens a page of the session (a path relative to it, or any address, file: ones included) with
 * the recorder installed. `offline`: the context is offline and every request that is not for a
 * file is aborted. Resolves to { page, context, problems (console errors, uncaught exceptions,
 * failed requests and HTTP errors), requests }.
 */
export async function openRecordedPage(session, pagePath, { width = 1280, height = 900, offline = false } = {}) {
  const context = await session.browser.newContext({ viewport: { width, height }, offline });
  if (offline) await context.route("**/*", (route) => (route.request().url().startsWith("file:") ? route.continue() : route.abort()));
  const page = await context.newPage();
  await page.addInitScript(recorder);
  const problems = [];
  const requests = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("request", (request) => requests.push(request.url()));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await page.goto(new URL(pagePath, session.url).href);
  return { page, context, problems, requests };
}

/** The recorded events, of one type and (optionally) from one element id. */
export function recordedEvents(page, type, id) {
  return page.evaluate(
    ({ type, id }) => window.events.filter((event) => event.type === type && (id === undefined || event.id === id)),
    { type, id },
  );
}

/** Waits until `count` events of `type` (from element `id`, if given) were recorded; returns them. */
export async function waitForEvents(page, type, count, id) {
  await page.waitForFunction(
    ({ type, count, id }) => window.events.filter((event) => event.type === type && (id === undefined || event.id === id)).length >= count,
    { type, count, id },
    { timeout: 20_000 },
  );
  return recordedEvents(page, type, id);
}

/** The CSP violations recorded on the page. */
export function violations(page) {
  return page.evaluate(() => window.violations);
}

/** The RGBA at the centre of a cell of an element's figure (read from its shadow canvas). */
export function elementPixel(page, id, { panel, x, y }) {
  return page.evaluate(
    ({ id, panel, x, y }) => {
      const host = document.getElementById(id);
      const canvas = host.shadowRoot.querySelector("canvas");
      const rect = host.figure.cellRect(panel, x, y);
      const scale = canvas.width / host.figure.size().width;
      const pixel = canvas.getContext("2d").getImageData(Math.floor((rect.x + rect.width / 2) * scale), Math.floor((rect.y + rect.height / 2) * scale), 1, 1).data;
      return [...pixel];
    },
    { id, panel, x, y },
  );
}

/** The viewport coordinates of a cell's centre in an element's figure, scrolled into view. */
export function elementCellCentre(page, id, { panel, x, y }) {
  return page.evaluate(
    ({ id, panel, x, y }) => {
      const host = document.getElementById(id);
      host.scrollIntoView({ block: "center" });
      const rect = host.figure.cellRect(panel, x, y);
      const box = host.shadowRoot.querySelector("canvas").getBoundingClientRect();
      return { x: box.left + rect.x + rect.width / 2, y: box.top + rect.y + rect.height / 2 };
    },
    { id, panel, x, y },
  );
}

/** Viridis at its ends, as colorous evaluates it: the lowest and the highest cell of a panel. */
export const VIRIDIS_LOW = [68, 1, 84, 255];
export const VIRIDIS_HIGH = [253, 231, 37, 255];

/** True when two RGBA colours differ by at most `tolerance` in every channel. */
export function closeColour(actual, expected, tolerance = 2) {
  return actual.length === expected.length && actual.every((channel, index) => Math.abs(channel - expected[index]) <= tolerance);
}
