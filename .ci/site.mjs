// Builds the static site: one folder holding the explorer, the example project page, the
// package (the JS layer and the wasm) and the bundled data, that works from any static host
// and under any sub-path, because every URL in it is relative.
//
//   node .ci/site.mjs [OUT]        writes OUT (default: site/ in the repository); npm run site
//                                  builds the wasm first
//   import { buildSite } from "./site.mjs"
//   await buildSite({ out })        the same from a test; resolves to { files, bytes }
//
// It copies www/ except what only development needs (TypeScript declarations, the generator of
// the synthetic data), after checking that the wasm package is built and that no page, script
// or stylesheet refers to a root-absolute path ("/..."), which would break under a sub-path.
// OUT is replaced only when it is absent, empty, or a site this script built (it leaves a
// marker file), so a mistyped path never deletes anything else.

import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repository = path.resolve(here, "..");

/** The folder the site is made from. */
export const sourceRoot = path.join(repository, "www");
/** Where `node .ci/site.mjs` writes without an argument. */
export const defaultOut = path.join(repository, "site");
/** The file that marks a folder as built by this script. */
const MARKER = ".sweepmap-site";

/**
 * Files the site does not need: declarations for TypeScript, scripts that make data, the stamp
 * .ci/build keeps beside DuckDB-wasm, and the entry of the standalone page's bundle (the built
 * templates in pkg/ hold it).
 */
function excluded(relative) {
  return (
    relative.endsWith(".d.ts") ||
    (relative.startsWith(`data${path.sep}`) && relative.endsWith(".mjs")) ||
    relative === path.join("duckdb", ".version") ||
    relative.startsWith(`standalone${path.sep}`)
  );
}

/** Every file under `directory`, as paths relative to it. */
async function listFiles(directory, prefix = "") {
  const files = [];
  for (const entry of await readdir(path.join(directory, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(directory, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}

/** Patterns of root-absolute references, by file type: each would leave a sub-path. */
const ABSOLUTE_REFERENCES = {
  ".html": [/\b(?:src|href|action|poster)\s*=\s*["']\/(?!\/)/gi],
  ".css": [/url\(\s*["']?\/(?!\/)/gi, /@import\s+["']\/(?!\/)/gi],
  ".js": [/\b(?:from|import)\s*\(?\s*["']\/(?!\/)/g, /\bfetch\(\s*["'`]\/(?!\/)/g, /new URL\(\s*["'`]\/(?!\/)/g],
};

/** Lines of `text` that refer to a root-absolute path: ["file:line: text"]. */
export function absoluteReferences(relative, text) {
  const patterns = ABSOLUTE_REFERENCES[path.extname(relative)] ?? [];
  const found = [];
  text.split("\n").forEach((line, index) => {
    if (patterns.some((pattern) => line.match(pattern))) found.push(`${relative}:${index + 1}: ${line.trim()}`);
  });
  return found;
}

/** Empties `out` for a new build, unless it holds something this script did not make. */
async function prepareOut(out) {
  let entries;
  try {
    entries = await readdir(out);
  } catch (error) {
    if (error.code === "ENOENT") return mkdir(out, { recursive: true });
    throw error;
  }
  if (entries.length > 0 && !entries.includes(MARKER)) {
    throw new Error(`site: ${out} is not empty and was not built by .ci/site.mjs; remove it or choose another folder`);
  }
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
}

/** Builds the site from `root` (www/) into `out`. Resolves to { files: [relative paths], bytes }. */
export async function buildSite({ root = sourceRoot, out = defaultOut } = {}) {
  const absoluteOut = path.resolve(out);
  const absoluteRoot = path.resolve(root);
  if (absoluteOut === absoluteRoot || absoluteOut.startsWith(absoluteRoot + path.sep)) {
    throw new Error(`site: the output folder ${absoluteOut} must lie outside ${absoluteRoot}`);
  }
  const packages = ["pkg", "pkg/pairwise", "pkg/importers", "pkg/slice"];
  // DuckDB-wasm and the reduction SQL, which the explorer fetches when a Parquet file is opened
  // (.ci/build copies them into duckdb/: README "Parquet in the page").
  const duckdb = ["duckdb/duckdb-browser.js", "duckdb/duckdb-browser-eh.worker.js", "duckdb/duckdb-eh.wasm", "duckdb/reduction.sql"];
  for (const needed of [...packages.flatMap((pkg) => [`${pkg}/sweepmap.js`, `${pkg}/sweepmap_bg.wasm`]), ...duckdb]) {
    try {
      await stat(path.join(absoluteRoot, needed));
    } catch {
      throw new Error(`site: ${path.join(absoluteRoot, needed)} is missing; build the wasm package first (bash .ci/build)`);
    }
  }
  const files = (await listFiles(absoluteRoot)).filter((relative) => !excluded(relative));
  const problems = [];
  for (const relative of files) {
    if (!/\.(html|css|js)$/.test(relative)) continue;
    problems.push(...absoluteReferences(relative, await readFile(path.join(absoluteRoot, relative), "utf8")));
  }
  if (problems.length > 0) {
    throw new Error(`site: these references are root-absolute and would break under a sub-path:\n  ${problems.join("\n  ")}`);
  }
  await prepareOut(absoluteOut);
  let bytes = 0;
  for (const relative of files) {
    const target = path.join(absoluteOut, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await cp(path.join(absoluteRoot, relative), target);
    bytes += (await stat(target)).size;
  }
  await writeFile(path.join(absoluteOut, MARKER), "Built by .ci/site.mjs; the whole folder is replaced by the next build.\n");
  return { files, bytes };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const out = path.resolve(process.argv[2] ?? defaultOut);
  try {
    const { files, bytes } = await buildSite({ out });
    console.log(`site: ${files.length} files, ${bytes} bytes, in ${out}`);
    console.log("site: serve the folder from any static host, at any path: index.html is the explorer, example.html the example page");
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
