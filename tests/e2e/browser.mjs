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

/** Starts the server and the browser; call close() on the result when done. */
export async function startSession() {
  const server = await startServer({ port: 0 });
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
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Opens a fresh page (own context, so nothing carries over between tests) and collects console
 * errors, uncaught exceptions and failed requests into `problems`.
 */
export async function openPage(session, path = "", { width = 1280, height = 900 } = {}) {
  const context = await session.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
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

/** Waits until the page shows a dataset (or an error), then returns what it shows. */
export async function shownDataset(page) {
  await page.waitForSelector('#dataset-view[aria-busy="false"], #error-banner:not([hidden])');
  return page.evaluate(() => {
    const text = (selector) => document.querySelector(selector)?.textContent ?? null;
    const facts = {};
    for (const term of document.querySelectorAll(".facts dt")) {
      facts[term.textContent] = term.nextElementSibling?.textContent ?? null;
    }
    const banner = document.getElementById("error-banner");
    return {
      title: text(".dataset-title"),
      facts,
      panels: [...document.querySelectorAll("#panels tbody tr")].map((row) => ({
        title: row.querySelector("th").textContent,
        present: Number(row.children[1].textContent),
        missing: Number(row.children[2].textContent),
      })),
      source: text(".source p"),
      selected: document.getElementById("dataset-select").value,
      options: [...document.querySelectorAll("#dataset-select option")].map((o) => o.value),
      error: banner.hidden ? null : banner.textContent,
      search: window.location.search,
    };
  });
}
