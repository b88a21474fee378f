// A big synthetic tidy CSV for the big-file test: about a million rows, about 50 MB, made up
// (the model and benchmark names say so, and so does a source comment in no row: CSV has no
// place for one). Deterministic: a fixed-seed generator, so every run writes the same bytes.
//
//   node tests/e2e/synthetic-csv.mjs OUT.csv [rows]    writes the file, prints its size
//   import { writeSyntheticCsv } from "./synthetic-csv.mjs"
//
// Shape: 8 models x 5 benchmarks (40 panels), a 100 x 50 grid (window size x ratio) and 5 seeds
// per cell: 8 * 5 * 100 * 50 * 5 = 1,000,000 rows. Scores are a smooth surface per panel plus
// seeded noise, written with three decimals.

import { createWriteStream } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { mulberry32 } from "./mulberry32.mjs";

export const SHAPE = { models: 8, benchmarks: 5, windows: 100, ratios: 50, seeds: 5 };

/** Rows the default shape writes. */
export const ROWS = SHAPE.models * SHAPE.benchmarks * SHAPE.windows * SHAPE.ratios * SHAPE.seeds;

/** mulberry32 (./mulberry32.mjs): a small, fast, seeded generator of floats in [0, 1). */
export const generator = mulberry32;

/** The synthetic model and benchmark names. */
export const modelName = (index) => `synthetic-model-${String(index + 1).padStart(2, "0")}`;
export const benchmarkName = (index) => `synthetic-bench-${index + 1}`;
export const windowValue = (index) => 250 * (index + 1);
export const ratioValue = (index) => ((index + 1) / 50).toFixed(2);

/**
 * Yields the CSV text in pieces of about `pieceRows` rows: the header, then one row per model,
 * benchmark, window, ratio and seed. `limit` stops after that many data rows.
 */
export function* syntheticCsv({ limit = ROWS, pieceRows = 20_000, seed = 20261122 } = {}) {
  const random = generator(seed);
  let lines = ["model,benchmark,window_size,ratio,seed,score"];
  let written = 0;
  for (let m = 0; m < SHAPE.models; m += 1) {
    for (let b = 0; b < SHAPE.benchmarks; b += 1) {
      const base = 30 + 5 * m + 3 * b;
      for (let w = 0; w < SHAPE.windows; w += 1) {
        for (let r = 0; r < SHAPE.ratios; r += 1) {
          const surface = base + 10 * Math.sin((w + 1) / 17) * Math.cos((r + 1) / 11);
          for (let s = 0; s < SHAPE.seeds; s += 1) {
            if (written >= limit) {
              yield `${lines.join("\n")}\n`;
              return;
            }
            const score = (surface + 4 * (random() - 0.5)).toFixed(3);
            lines.push(`${modelName(m)},${benchmarkName(b)},${windowValue(w)},${ratioValue(r)},${s},${score}`);
            written += 1;
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

/** Writes text pieces to a file as they come; resolves to its size in bytes. */
export async function writePieces(file, pieces) {
  const stream = createWriteStream(file);
  let bytes = 0;
  for (const piece of pieces) {
    bytes += Buffer.byteLength(piece);
    if (!stream.write(piece)) await once(stream, "drain");
  }
  stream.end();
  await once(stream, "finish");
  return bytes;
}

/** Writes the CSV to a file; resolves to its size in bytes. */
export function writeSyntheticCsv(file, options = {}) {
  return writePieces(file, syntheticCsv(options));
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const [file, rows] = process.argv.slice(2);
  if (!file) {
    console.error("usage: node tests/e2e/synthetic-csv.mjs OUT.csv [rows]");
    process.exit(1);
  }
  const bytes = await writeSyntheticCsv(file, rows ? { limit: Number(rows) } : {});
  console.log(`${path.relative(process.cwd(), file)}: ${bytes} bytes`);
}
