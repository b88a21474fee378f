// Screenshots of run tables open in the explorer, for a person to look at, and the one in the
// README ("Your own sweeps"). Needs the built packages (bash .ci/build).
//
//   node tests/e2e/table-shots.mjs [folder]   every case at 1400 and 390 CSS px wide, into
//                                             folder (default /tmp/shots-tables)
//   node tests/e2e/table-shots.mjs --readme   docs/your-own-sweeps.png: the synthetic W&B export
//                                             with the run-table controls, what was inferred
//                                             and the column panel, at 1100 px, in 256 colours
//                                             (PYTHON=a python with Pillow; python3 by default)
//
// The data are synthetic: the committed fixtures (tests/fixtures/make-sweeps.mjs) and a made-up
// three-parameter sweep written below.

import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { openPage, shownDataset, startSession } from "./browser.mjs";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const sweeps = path.join(root, "tests", "fixtures", "sweeps");

/** A made-up sweep over three hyperparameters with two seeds (as in table-links.test.mjs). */
function threeParameters() {
  const rows = ["lr,weight_decay,batch_size,seed,val_accuracy"];
  for (const [i, lr] of ["0.0001", "0.001", "0.01"].entries()) {
    for (const [j, wd] of ["0", "0.01", "0.1"].entries()) {
      for (const [k, bs] of ["32", "64"].entries()) {
        for (const seed of [1, 2]) rows.push(`${lr},${wd},${bs},${seed},${(0.6 + 0.1 * i + 0.03 * j + 0.002 * k + 0.001 * seed).toFixed(4)}`);
      }
    }
  }
  return `${rows.join("\n")}\n`;
}

/** Opens `file` (a path, or { name, text }) in the explorer at `width` and waits for its figure. */
async function openIn(session, file, width) {
  const { page, context, problems } = await openPage(session, "#dataset=kv-cache-sweep", { width, height: 900 });
  const before = await shownDataset(page);
  const input = typeof file === "string" ? file : { name: file.name, mimeType: "text/csv", buffer: Buffer.from(file.text) };
  await page.setInputFiles("#file-input", input);
  await page.waitForFunction((count) => window.sweepmap.renders > count, before.renders, { timeout: 120_000, polling: 100 });
  await page.evaluate(() => document.fonts.ready);
  return { page, context, problems };
}

async function readmeShot(session) {
  const out = path.join(root, "docs", "your-own-sweeps.png");
  mkdirSync(path.dirname(out), { recursive: true });
  const { page, context } = await openIn(session, path.join(sweeps, "synthetic-wandb-runs.csv"), 1100);
  await page.locator("#column-panel").evaluate((panel) => (panel.open = true));
  // From the top of the page to the end of the column panel (the observations below are left out).
  const panel = await page.locator("#column-panel").boundingBox();
  await page.screenshot({ path: out, fullPage: true, clip: { x: 0, y: 0, width: 1100, height: Math.ceil(panel.y + panel.height + 12) } });
  await context.close();
  // 256 colours and the best compression: a screenshot of flat colours loses nothing visible.
  // Needs a Python with Pillow ($PYTHON, default python3); without one the PNG stays as taken.
  const python = process.env.PYTHON ?? "python3";
  const optimise =
    "import sys; from PIL import Image; " +
    "image = Image.open(sys.argv[1]).convert('RGB').quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE); " +
    "image.save(sys.argv[1], optimize=True)";
  try {
    execFileSync(python, ["-c", optimise, out], { stdio: "pipe" });
  } catch (error) {
    console.warn(`not optimised (${python} with Pillow is needed): ${String(error.stderr ?? error).trim().split("\n").pop()}`);
  }
  console.log(`${path.relative(process.cwd(), out)} written`);
}

async function allShots(session, folder) {
  mkdirSync(folder, { recursive: true });
  const cases = {
    wandb: path.join(sweeps, "synthetic-wandb-runs.csv"),
    optuna: path.join(sweeps, "synthetic-optuna-trials.csv"),
    three: { name: "synthetic-three-parameters.csv", text: threeParameters() },
  };
  for (const [name, file] of Object.entries(cases)) {
    for (const width of [1400, 390]) {
      const { page, context, problems } = await openIn(session, file, width);
      if (width > 600) await page.locator("#column-panel").evaluate((panel) => (panel.open = true));
      const out = path.join(folder, `${name}-${width}.png`);
      await page.screenshot({ path: out, fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(`${out}${overflow > 0 ? ` (wider than the window by ${overflow} px)` : ""}${problems.length ? ` problems: ${problems.join("; ")}` : ""}`);
      await context.close();
    }
  }
}

const session = await startSession();
try {
  if (process.argv[2] === "--readme") await readmeShot(session);
  else await allShots(session, process.argv[2] ?? "/tmp/shots-tables");
} finally {
  await session.close();
}
