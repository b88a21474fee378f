// The browser benchmark: sweepmap against Plotly, ECharts, Vega-Lite and Observable Plot.
//
//   npm run bench                      builds the wasm package and the pages, then runs
//   node bench/run.mjs [--reps N] [--cases seed,recolor,...] [--libs sweepmap,plotly,...]
//                      [--screenshots DIR] [--no-build] [--no-write]
//   node bench/run.mjs --report        writes bench/results.md again from bench/results.json
//
// One run in Debian's headless Chromium (playwright-core, the flags of tests/e2e/browser.mjs),
// the libraries interleaved: for each repetition, for each case, every library in turn
// (A B C D E A B C D E ...), each measurement on a fresh page in a fresh browser context. Cases:
// the seed figure, the colour-map change on it, a 100 x 100 and a 1000 x 1000 synthetic grid,
// the cold load (cache disabled, navigation start to the first painted seed figure) and the
// payload (every JS and wasm file the cold page requested, raw and gzipped at level 9). Medians
// with min and max, ratios to the fastest peer, written to bench/results.md and
// bench/results.json. This is a benchmark, not a test: nothing here fails on a slow result.

import { readFile, writeFile, mkdir } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { build } from "vite";
import { startServer } from "../.ci/serve.mjs";
import { chromiumArgs } from "../tests/e2e/browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..");

const LIBRARIES = [
  { id: "sweepmap", label: "sweepmap", packages: [] },
  { id: "plotly", label: "Plotly", packages: ["plotly.js-dist-min"] },
  { id: "echarts", label: "ECharts", packages: ["echarts"] },
  { id: "vega", label: "Vega-Lite", packages: ["vega", "vega-lite", "vega-embed"] },
  { id: "plot", label: "Observable Plot", packages: ["@observablehq/plot", "d3"] },
];

const CASES = [
  { id: "seed", label: "seed figure (4 panels of 4 x 5, annotated)", target: 5 },
  { id: "recolor", label: "colour-map change on the seed figure", target: 3 },
  { id: "grid100", label: "100 x 100 grid (synthetic)", target: 10 },
  { id: "grid1000", label: "1000 x 1000 grid (synthetic)", target: 10 },
  { id: "cold", label: "cold load to the painted seed figure", target: 2 },
];

const { values: args } = parseArgs({
  options: {
    reps: { type: "string", default: "7" },
    cases: { type: "string", default: CASES.map((c) => c.id).join(",") },
    libs: { type: "string", default: LIBRARIES.map((l) => l.id).join(",") },
    screenshots: { type: "string" },
    "no-build": { type: "boolean", default: false },
    "no-write": { type: "boolean", default: false },
    report: { type: "boolean", default: false },
  },
});
const reps = Number.parseInt(args.reps, 10);
const cases = CASES.filter((c) => args.cases.split(",").includes(c.id));
const libraries = LIBRARIES.filter((l) => args.libs.split(",").includes(l.id));
if (!(reps >= 1) || cases.length === 0 || libraries.length === 0) {
  console.error("bench: --reps must be at least 1 and --cases and --libs must name known ones");
  process.exit(2);
}

const VIEWPORT = { width: 1280, height: 1000 };
const TIMEOUT = 180_000;

/** Opens a page of a library in a fresh context; the caller closes the context. */
async function openPage(browser, library, { cold = false, onResponse } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  if (cold) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  }
  if (onResponse) page.on("response", onResponse);
  await page.goto(`${baseUrl}${library.id}.html${cold ? "?cold" : ""}`);
  await page.waitForFunction(() => window.bench && (window.bench.ready || window.bench.error), null, { timeout: TIMEOUT });
  const failure = await page.evaluate(() => window.bench.error);
  if (failure || errors.length) throw new Error(`${library.id}: ${failure ?? errors.join("; ")}`);
  return { context, page };
}

/**
 * One measurement on a fresh page: the case run twice, the first run being the page's first
 * render and the second the render with the library's code warm. { first, warm }, each
 * { script, painted } in milliseconds.
 */
async function warm(browser, library, caseId) {
  const { context, page } = await openPage(browser, library);
  try {
    const first = await page.evaluate((name) => window.bench.run(name), caseId);
    const timing = await page.evaluate((name) => window.bench.run(name), caseId);
    if (args.screenshots) await shoot(page, `${library.id}-${caseId}`);
    return { first, warm: timing };
  } finally {
    await context.close();
  }
}

/** One cold load: navigation start to painted, and the JS and wasm files the page requested. */
async function cold(browser, library) {
  const pending = [];
  const files = [];
  const onResponse = (response) => {
    const url = new URL(response.url());
    if (!/\.(m?js|wasm)$/.test(url.pathname)) return;
    pending.push(response.body().then((body) => files.push({ file: url.pathname.split("/").pop(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length })));
  };
  const { context, page } = await openPage(browser, library, { cold: true, onResponse });
  try {
    const painted = await page.evaluate(() => window.bench.cold);
    await Promise.all(pending);
    if (args.screenshots) await shoot(page, `${library.id}-cold`);
    return { painted, files: files.sort((a, b) => a.file.localeCompare(b.file)) };
  } finally {
    await context.close();
  }
}

async function shoot(page, name) {
  await mkdir(args.screenshots, { recursive: true });
  await page.screenshot({ path: path.join(args.screenshots, `${name}.png`), fullPage: true });
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], samples };
}

async function machine(browser) {
  const cpuinfo = await readFile("/proc/cpuinfo", "utf8").catch(() => "");
  const cpu = cpuinfo.match(/^model name\s*:\s*(.*)$/m)?.[1] ?? os.cpus()[0]?.model ?? "unknown";
  const versions = {};
  for (const library of LIBRARIES) {
    for (const name of library.packages) {
      const manifest = JSON.parse(await readFile(path.join(root, "node_modules", name, "package.json"), "utf8"));
      versions[name] = manifest.version;
    }
  }
  return { cpu, cores: os.cpus().length, chromium: browser.version(), node: process.version, versions };
}

// ---- run ------------------------------------------------------------------------------------

if (args.report) {
  const report = JSON.parse(await readFile(path.join(here, "results.json"), "utf8"));
  await writeFile(path.join(here, "results.md"), renderMarkdown(report));
  console.log("bench: wrote bench/results.md from bench/results.json");
  process.exit(0);
}

if (!args["no-build"]) {
  console.log("bench: building the pages (Vite production build) into bench/dist/");
  await build({ configFile: path.join(here, "vite.config.mjs"), logLevel: "warn" });
}
const server = await startServer({ root: path.join(here, "dist") });
const baseUrl = server.url;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: chromiumArgs,
  headless: true,
});

const results = {};
const payloads = {};
try {
  const started = Date.now();
  for (let rep = 0; rep < reps; rep += 1) {
    for (const benchCase of cases) {
      for (const library of libraries) {
        const slot = ((results[benchCase.id] ??= {})[library.id] ??= { script: [], painted: [], first: [], blank: [] });
        if (benchCase.id === "cold") {
          const { painted, files } = await cold(browser, library);
          slot.painted.push(painted);
          payloads[library.id] ??= files;
        } else {
          const { first, warm: timing } = await warm(browser, library, benchCase.id);
          slot.script.push(timing.script);
          slot.painted.push(timing.painted);
          slot.first.push(first.painted);
          if (typeof timing.blankCanvas === "number") slot.blank.push(timing.blankCanvas);
        }
      }
    }
    console.log(`bench: repetition ${rep + 1} of ${reps} done (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  const report = {
    date: new Date().toISOString(),
    reps,
    machine: await machine(browser),
    cases: cases.map((c) => ({
      ...c,
      libraries: Object.fromEntries(
        libraries.map((l) => {
          const slot = results[c.id][l.id];
          const some = (samples) => (samples.length ? summary(samples) : null);
          return [
            l.id,
            { script: some(slot.script), painted: summary(slot.painted), first: some(slot.first), blank: some(slot.blank) },
          ];
        }),
      ),
    })),
    payload: Object.fromEntries(
      Object.entries(payloads).map(([id, files]) => {
        const library = files.filter((f) => !f.file.startsWith("harness-"));
        const total = (list, key) => list.reduce((sum, f) => sum + f[key], 0);
        return [id, { raw: total(library, "raw"), gzip: total(library, "gzip"), files }];
      }),
    ),
  };
  const markdown = renderMarkdown(report);
  console.log("\n" + markdown);
  if (!args["no-write"]) {
    await writeFile(path.join(here, "results.json"), JSON.stringify(report, null, 2) + "\n");
    await writeFile(path.join(here, "results.md"), markdown);
    console.log("bench: wrote bench/results.md and bench/results.json");
  }
} finally {
  await browser.close();
  await server.close();
}

// ---- report ---------------------------------------------------------------------------------

function ms(value) {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

function kib(bytes) {
  return (bytes / 1024).toFixed(1);
}

/** sweepmap's speed-up over the fastest peer (>1: sweepmap faster), by the medians. */
function speedup(byLibrary, key) {
  const own = byLibrary.sweepmap?.[key]?.median;
  const peers = Object.entries(byLibrary).filter(([id, s]) => id !== "sweepmap" && s[key]);
  if (own === undefined || peers.length === 0) return null;
  const [fastest, stats] = peers.reduce((best, entry) => (entry[1][key].median < best[1][key].median ? entry : best));
  return { fastest, ratio: stats[key].median / own };
}

function renderMarkdown(report) {
  const label = (id) => LIBRARIES.find((l) => l.id === id)?.label ?? id;
  const lines = [];
  const m = report.machine;
  lines.push(`Run ${report.date.slice(0, 16).replace("T", " ")} UTC, ${report.reps} repetitions, libraries interleaved, ` +
    `${m.cpu} (${m.cores} cores), Chromium ${m.chromium} headless, node ${m.node}. ` +
    `Versions: ${Object.entries(m.versions).map(([n, v]) => `${n} ${v}`).join(", ")}.`);
  lines.push("");
  lines.push("Times in ms: median (min-max). Each measurement is a fresh page that runs the case twice: \"script\" and \"painted\" time the second run (the library's code warm), \"first painted\" the first (the page's first render). The cold load times navigation start to the painted seed figure. \"x peer\" is the library's median over the fastest peer's median for that column (below 1 is faster). \"blank canvas\" is the floor for a figure drawn on canvas: making blank canvases of the figure's canvas sizes and drawing one pixel on each (the browser allocates a canvas's pixels on its first draw call); \"-\" for SVG figures and for the colour-map change, which reuses its canvases.");
  lines.push("");
  lines.push("| case | library | script | painted | first painted | blank canvas | script x peer | painted x peer | first x peer |");
  lines.push("|---|---|---:|---:|---:|---:|---:|---:|---:|");
  const keys = ["script", "painted", "first"];
  for (const c of report.cases) {
    const fastestPeer = Object.fromEntries(
      keys.map((key) => [key, Math.min(...Object.entries(c.libraries).filter(([id, s]) => id !== "sweepmap" && s[key]).map(([, s]) => s[key].median))]),
    );
    for (const [id, stats] of Object.entries(c.libraries)) {
      const cell = (s) => (s ? `${ms(s.median)} (${ms(s.min)}-${ms(s.max)})` : "-");
      const ratio = (key) => (stats[key] && Number.isFinite(fastestPeer[key]) ? `${(stats[key].median / fastestPeer[key]).toFixed(3)}` : "-");
      const cells = [...keys.map((key) => cell(stats[key])), cell(stats.blank)];
      lines.push(`| ${c.label} | ${label(id)} | ${cells.join(" | ")} | ${keys.map(ratio).join(" | ")} |`);
    }
  }
  lines.push("");
  lines.push("Payload: every JS and wasm file the cold page requested, without the benchmark's own harness chunk (the same for all), gzipped at level 9.");
  lines.push("");
  lines.push("| library | raw KiB | gzipped KiB | files |");
  lines.push("|---|---:|---:|---|");
  for (const [id, p] of Object.entries(report.payload)) {
    lines.push(`| ${label(id)} | ${kib(p.raw)} | ${kib(p.gzip)} | ${p.files.filter((f) => !f.file.startsWith("harness-")).map((f) => f.file).join(", ")} |`);
  }
  lines.push("");
  lines.push("Targets: sweepmap's speed-up over the fastest peer, the peer's median over sweepmap's (above 1: sweepmap is faster):");
  lines.push("");
  for (const c of report.cases) {
    for (const key of ["script", "painted", "first"]) {
      const s = speedup(c.libraries, key);
      if (!s) continue;
      const met = s.ratio >= c.target ? "met" : "NOT met";
      const what = key === "first" ? "first painted" : key;
      lines.push(`- ${c.label}, ${what}: ${s.ratio.toFixed(2)}x against ${label(s.fastest)} (target ${c.target}x): ${met}`);
    }
  }
  const peersPayload = Object.entries(report.payload).filter(([id]) => id !== "sweepmap");
  if (report.payload.sweepmap && peersPayload.length) {
    const [smallest, p] = peersPayload.reduce((best, entry) => (entry[1].gzip < best[1].gzip ? entry : best));
    const own = report.payload.sweepmap.gzip;
    lines.push(`- payload, gzipped: ${kib(own)} KiB against ${label(smallest)}'s ${kib(p.gzip)} KiB (target: smaller, and under 120 KiB): ${own < p.gzip && own < 120 * 1024 ? "met" : "NOT met"}`);
  }
  return lines.join("\n") + "\n";
}
