// Screenshots of lm-evaluation-harness results opened in the explorer through the importers
// package, for a person to look at. Needs the built packages (bash .ci/build).
//
//   node tests/e2e/importer-shots.mjs [folder]   one file and three files at 1400 and 390 CSS
//                                                px wide, into folder (default /tmp/shots-importers)
//
// The data are the synthetic fixtures (tests/fixtures/make-lm-eval.mjs).

import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { openPage, shownDataset, startSession } from "./browser.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const results = (model) => path.join(root, "tests", "fixtures", "lm-eval", `synthetic__model-${model}`, "results_2024-05-01T10-00-00.000000.json");
const folder = process.argv[2] ?? "/tmp/shots-importers";
mkdirSync(folder, { recursive: true });

const session = await startSession();
try {
  for (const [name, files] of [["lm-eval-one", [results("a")]], ["lm-eval-three", ["a", "b", "c"].map(results)]]) {
    for (const width of [1400, 390]) {
      const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep", { width, height: 900 });
      const before = await shownDataset(page);
      await page.setInputFiles("#file-input", files);
      await page.waitForFunction((count) => window.sweepmap.renders > count, before.renders, { timeout: 120_000, polling: 100 });
      await page.evaluate(() => document.fonts.ready);
      const shown = await shownDataset(page);
      const out = path.join(folder, `${name}-${width}.png`);
      await page.screenshot({ path: out, fullPage: true });
      console.log(`${out}: ${shown.title}; error ${shown.error}; notices ${JSON.stringify(shown.notices)}; problems ${JSON.stringify(problems)}`);
      await context.close();
    }
  }
} finally {
  await session.close();
}
