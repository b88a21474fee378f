// A synthetic run table for the scrub benchmark (bench/scrub.mjs): 10 000 runs over 10
// hyperparameters, drawn by a seeded generator, so every run of the benchmark opens the same
// file. Made up, not measured: its first column, `data`, says "synthetic" in every row (a
// constant column, which the run table ignores). p0 and p1 (10 values each) move the metric
// most, so the default view draws them; p2 has 8 values (the explorer gives it a slider);
// p3 to p9 have 2 to 5 values each and move it little.
//
//   node bench/scrub-table.mjs > table.csv    writes the table

import { generator as random } from "../tests/e2e/synthetic-csv.mjs";

/** The parameters: name and values. */
export const SCRUB_PARAMETERS = [
  ["p0", [0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1]],
  ["p1", [16, 32, 48, 64, 96, 128, 192, 256, 384, 512]],
  ["p2", [0, 100, 200, 300, 400, 500, 600, 700]],
  ["p3", [0, 0.1]],
  ["p4", [1, 2, 3]],
  ["p5", ["adam", "adamw", "sgd"]],
  ["p6", [0, 0.01, 0.05, 0.1]],
  ["p7", [2, 4, 6, 8, 12]],
  ["p8", ["cosine", "linear"]],
  ["p9", [1, 2, 4, 8]],
];

/** How much each step of a parameter's value adds to the metric (p0 most). */
const WEIGHTS = [0.03, 0.02, 0.004, 0.003, 0.002, 0.002, 0.001, 0.001, 0.001, 0.0005];

/** The table as CSV text: `runs` runs, each parameter's value drawn uniformly. */
export function scrubTableCsv(runs = 10_000, seed = 20261125) {
  const next = random(seed);
  const lines = [["data", ...SCRUB_PARAMETERS.map(([name]) => name), "val_acc"].join(",")];
  for (let run = 0; run < runs; run += 1) {
    let metric = 0.4;
    const fields = ["synthetic"];
    SCRUB_PARAMETERS.forEach(([, values], index) => {
      const level = Math.floor(next() * values.length);
      fields.push(String(values[level]));
      metric += WEIGHTS[index] * level;
    });
    metric += 0.01 * (next() - 0.5);
    fields.push(metric.toFixed(4));
    lines.push(fields.join(","));
  }
  return `${lines.join("\n")}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(scrubTableCsv());
