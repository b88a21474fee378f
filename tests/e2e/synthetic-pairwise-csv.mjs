// A big synthetic per-item scores CSV for the big-file test: a million rows, about 49 MB, made
// up (the model and benchmark names say so; CSV has no place for a source note). Deterministic:
// a fixed-seed generator, so every run writes the same bytes.
//
//   node tests/e2e/synthetic-pairwise-csv.mjs OUT.csv [rows]    writes the file, prints its size
//   import { writeSyntheticScores } from "./synthetic-pairwise-csv.mjs"
//
// Shape: 200,000 items (5 benchmarks of 40,000 tasks each) scored by 5 models, one row per item
// and model: 1,000,000 rows, item by item as an evaluation harness writes them. Few models and
// many items: the explorer then draws every pair, and its figure costs pairs x items (780 pairs
// of 40 models over 25,000 items take about a second to draw, 45 pairs over 100,000 items about
// 0.35 s), which would hide what this file tests, the loading. A score is a
// progress ratio with two decimals: the model's skill against the item's difficulty plus seeded
// noise, clipped to [0, 1]; one score in fifty is left empty (the model has no score there).

import path from "node:path";
import { pathToFileURL } from "node:url";

import { generator, writePieces } from "./synthetic-csv.mjs";

export const SHAPE = { models: 5, benchmarks: 5, itemsPerBenchmark: 40_000 };

/** Rows the default shape writes. */
export const ROWS = SHAPE.models * SHAPE.benchmarks * SHAPE.itemsPerBenchmark;

/** The synthetic names. */
export const modelName = (index) => `synthetic-model-${String(index + 1).padStart(2, "0")}`;
export const benchmarkName = (index) => `synthetic-suite-${index + 1}`;
export const itemName = (index) => `t${String(index + 1).padStart(5, "0")}`;

/** A model's skill: spread evenly from 0.2 to 0.8 over the models. */
const skill = (model) => 0.2 + (0.6 * model) / (SHAPE.models - 1);

/**
 * Yields the CSV text in pieces of about `pieceRows` rows: the header, then for each benchmark
 * and item one row per model. `limit` stops after that many data rows.
 */
export function* syntheticScores({ limit = ROWS, pieceRows = 20_000, seed = 20261122 } = {}) {
  const random = generator(seed);
  let lines = ["task_id,benchmark,model,progress_ratio"];
  let written = 0;
  for (let b = 0; b < SHAPE.benchmarks; b += 1) {
    for (let i = 0; i < SHAPE.itemsPerBenchmark; i += 1) {
      const difficulty = random() - 0.5;
      for (let m = 0; m < SHAPE.models; m += 1) {
        if (written >= limit) {
          yield `${lines.join("\n")}\n`;
          return;
        }
        const missing = random() < 0.02;
        const raw = skill(m) - difficulty + 0.3 * (random() - 0.5);
        const score = missing ? "" : Math.min(1, Math.max(0, raw)).toFixed(2);
        lines.push(`${itemName(i)},${benchmarkName(b)},${modelName(m)},${score}`);
        written += 1;
        if (lines.length >= pieceRows) {
          yield `${lines.join("\n")}\n`;
          lines = [];
        }
      }
    }
  }
  yield lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

/** Writes the CSV to a file; resolves to its size in bytes. */
export function writeSyntheticScores(file, options = {}) {
  return writePieces(file, syntheticScores(options));
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const [file, rows] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node tests/e2e/synthetic-pairwise-csv.mjs OUT.csv [rows]");
    process.exit(1);
  }
  const bytes = await writeSyntheticScores(file, rows ? { limit: Number(rows) } : {});
  console.log(`${path.relative(process.cwd(), file)}: ${bytes} bytes`);
}
