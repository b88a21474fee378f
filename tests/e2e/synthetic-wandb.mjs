// A big synthetic W&B runs export for the big run-table test: 40,960 runs, about 6.5 MB, past
// the 4 MB from which the explorer loads a local file in slices. Made up: the run names, notes,
// user and sweep say "synthetic" in every row. Deterministic: a fixed-seed generator, so every
// run writes the same bytes.
//
//   node tests/e2e/synthetic-wandb.mjs OUT.csv     writes the file, prints its size
//   import { writeSyntheticWandb } from "./synthetic-wandb.mjs"
//
// Shape: a grid of lr (4) x weight_decay (4) x batch_size (4) x warmup_steps (4) with 160 seeds
// each: 4 * 4 * 4 * 4 * 160 = 40,960 runs; every 64th run crashed (640 runs), which the run
// table leaves out and counts. val/acc is a smooth function of the four parameters (lr moves it
// most) plus seeded noise; train/loss falls as it rises.

import path from "node:path";
import { pathToFileURL } from "node:url";

import { generator, writePieces } from "./synthetic-csv.mjs";

export const LRS = ["0.0001", "0.0003", "0.001", "0.003"];
export const WEIGHT_DECAYS = ["0", "0.01", "0.05", "0.1"];
export const BATCH_SIZES = ["16", "32", "64", "128"];
export const WARMUPS = ["0", "100", "500", "1000"];
export const SEEDS = 160;

/** Runs written, and of them the crashed ones (every 64th). */
export const RUNS = LRS.length * WEIGHT_DECAYS.length * BATCH_SIZES.length * WARMUPS.length * SEEDS;
export const CRASHED = RUNS / 64;

export const HEADER =
  "Name,State,Notes,User,Tags,Created,Runtime,Sweep,batch_size,lr,weight_decay,seed,warmup_steps,train/loss,val/acc,_runtime,_step,_timestamp";

/** Yields the CSV text in pieces of about `pieceRows` runs: the header, then one row per run. */
export function* syntheticWandb({ pieceRows = 5_000, seed = 20261127 } = {}) {
  const random = generator(seed);
  let lines = [HEADER];
  let run = 0;
  const start = Date.UTC(2026, 2, 1, 9) / 1000;
  for (const [i, lr] of LRS.entries()) {
    for (const [j, wd] of WEIGHT_DECAYS.entries()) {
      for (const [k, bs] of BATCH_SIZES.entries()) {
        for (const [w, warmup] of WARMUPS.entries()) {
          for (let s = 1; s <= SEEDS; s += 1) {
            run += 1;
            const state = run % 64 === 0 ? "crashed" : "finished";
            const accuracy = 0.62 + 0.07 * i - 0.015 * Math.abs(j - 1) + 0.008 * k + 0.004 * w + 0.02 * (random() - 0.5);
            const loss = 1.2 - accuracy + 0.01 * random();
            const runtime = 600 + Math.floor(60 * random());
            const created = new Date((start + 420 * run) * 1000).toISOString();
            lines.push(
              `synthetic-run-${run},${state},synthetic,sweepmap,synthetic,${created},${runtime},synthetic-sweep,` +
                `${bs},${lr},${wd},${s},${warmup},${loss.toFixed(4)},${accuracy.toFixed(4)},${runtime},2999,${start + 420 * run}`,
            );
            if (lines.length >= pieceRows) {
              yield `${lines.join("\n")}\n`;
              lines = [];
            }
          }
        }
      }
    }
  }
  yield lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

/** Writes the export to a file; resolves to its size in bytes. */
export function writeSyntheticWandb(file, options = {}) {
  return writePieces(file, syntheticWandb(options));
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node tests/e2e/synthetic-wandb.mjs OUT.csv");
    process.exit(1);
  }
  const bytes = await writeSyntheticWandb(file);
  console.log(`${path.relative(process.cwd(), file)}: ${bytes} bytes`);
}
