// Builds the standalone page templates (README "One file"): the explorer as one HTML file that
// needs nothing else, to be filled with one figure's data and view.
//
//   node .ci/standalone.mjs            after the wasm packages are built (.ci/build runs it)
//   import { buildTemplates } from "./standalone.mjs"
//
// Writes
//   www/pkg/standalone.html            the explorer with the default package (sweeps, run tables)
//   www/pkg/pairwise/standalone.html   the same with the pairwise package too (per-item scores)
// each made from www/index.html with
//   - its stylesheet (www/style.css) inlined as one <style>;
//   - its JavaScript (www/standalone/page.js: the wasm from the file, then www/main.js and all it
//     imports, the wasm-bindgen glue and the pairwise glue included) bundled by rolldown into one
//     inline module script, minified as .ci/build minifies the glue (names kept: the glue's
//     messages use them);
//   - each wasm package gzipped, as base64, in a <script type="application/gzip"> (a data block:
//     never run, so the policy does not need to allow it). Measured on the default package
//     (613 586 bytes): its base64 is 818 116 bytes (319 607 gzipped), its gzip's base64 327 384
//     (246 561 gzipped), so the file is half the size on disk and smaller sent gzipped too; the
//     page unzips it with the browser's own DecompressionStream;
//   - the figure slot, <script type="application/json" id="sweepmap-figure"> holding
//     FIGURE_SLOT (www/lib/standalone.js) once;
//   - a Content-Security-Policy <meta> that allows that one script and that one style by their
//     SHA-256 hashes, wasm compilation ('wasm-unsafe-eval'), images from data: and blob: (the
//     icon, exports), and nothing else: no address is fetched, whatever the data say.
// The preload of the wasm and the links to style.css and main.js are left out. The build checks
// that nothing inlined can end its element early ("</script", "</style", "<!--" are written
// so they cannot), that the slot is there once, and prints each template's size.

import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { rolldown } from "rolldown";

import { FIGURE_ELEMENT_ID, FIGURE_SLOT, WASM_ELEMENT_IDS } from "../www/lib/standalone.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const repository = path.resolve(here, "..");
const www = path.join(repository, "www");

/** The templates: where each goes and which wasm packages it holds. */
export const TEMPLATES = [
  { file: path.join(www, "pkg", "standalone.html"), packages: ["sweep"] },
  { file: path.join(www, "pkg", "pairwise", "standalone.html"), packages: ["sweep", "pairwise"] },
];

/** Each package's wasm, by the name the template's elements use. */
const WASM_FILES = {
  sweep: path.join(www, "pkg", "sweepmap_bg.wasm"),
  pairwise: path.join(www, "pkg", "pairwise", "sweepmap_bg.wasm"),
};

/** `'sha256-...'`: a CSP source that allows an inline element with exactly this text. */
function cspHash(text) {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * JavaScript that cannot end or confuse the <script> element it is inlined in: "<" before
 * "/script", "script" or "!--" (in any case) is written \x3C, which those sequences can only be
 * inside of a string, template or regular expression literal (in a module, "<!--" is no comment),
 * where \x3C is the same character.
 */
export function inlineScript(code) {
  return code.replace(/<(?=\/script|script|!--)/gi, "\\x3C");
}

/** The explorer's JavaScript as one minified module, dynamic imports included. */
async function bundleScript() {
  const bundle = await rolldown({
    input: path.join(www, "standalone", "page.js"),
    platform: "browser",
    logLevel: "warn",
    // package.json's "sideEffects" is for those who import the package (only element.js runs
    // code on import); here the entry, main.js and the wasm start are all side effects.
    treeshake: { moduleSideEffects: () => true },
  });
  try {
    const { output } = await bundle.generate({ format: "esm", minify: true, keepNames: true, codeSplitting: false });
    const chunks = output.filter((item) => item.type === "chunk");
    if (chunks.length !== 1) throw new Error(`standalone: the bundle has ${chunks.length} chunks; expected one`);
    if (!chunks[0].code.includes("sweepmap-figure")) throw new Error("standalone: the bundle lacks the explorer (was it tree-shaken away?)");
    return inlineScript(chunks[0].code);
  } finally {
    await bundle.close();
  }
}

/** Fails when `text`, inlined in a `tag` element, holds something that would end it early. */
function checkInline(text, tag, what) {
  const ending = new RegExp(`</${tag}|<!--`, "i").exec(text);
  if (ending) throw new Error(`standalone: ${what} holds "${ending[0]}" at ${ending.index}, which would end its <${tag}> early`);
}

/**
 * Replaces `pattern` (a string found exactly once in `html`) with `replacement`: the explorer's
 * markup is the template's, so a change there that moves what is replaced fails the build.
 */
function replaceOnce(html, pattern, replacement) {
  const count = html.split(pattern).length - 1;
  if (count !== 1) throw new Error(`standalone: expected ${JSON.stringify(pattern)} once in www/index.html, found it ${count} times`);
  return html.replace(pattern, () => replacement);
}

/**
 * The template's text for a set of packages, from the explorer's markup, style, bundled script
 * and the wasm files: { html, csp }.
 */
export function templateText({ markup, style, script, wasm }) {
  checkInline(style, "style", "www/style.css");
  checkInline(script, "script", "the bundled script");
  if (script.includes(FIGURE_SLOT)) throw new Error("standalone: the bundled script holds the figure slot");
  const csp = [
    "default-src 'none'",
    `script-src ${cspHash(script)} 'wasm-unsafe-eval'`,
    `style-src ${cspHash(style)}`,
    "img-src data: blob:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  let html = markup;
  html = replaceOnce(html, '<meta charset="utf-8">', `<meta charset="utf-8">\n    <meta http-equiv="Content-Security-Policy" content="${csp}">`);
  html = replaceOnce(html, '    <link rel="stylesheet" href="style.css">\n', `    <style>${style}</style>\n`);
  html = replaceOnce(html, '    <link rel="preload" href="pkg/sweepmap_bg.wasm" as="fetch" type="application/wasm" crossorigin>\n', "");
  html = replaceOnce(html, '<script type="module" src="main.js"></script>', `<script type="module">${script}</script>`);
  const blocks = [
    `    <script type="application/json" id="${FIGURE_ELEMENT_ID}">${FIGURE_SLOT}</script>`,
    ...Object.entries(wasm).map(
      ([name, bytes]) =>
        `    <script type="application/gzip" id="${WASM_ELEMENT_IDS[name]}">${gzipSync(bytes, { level: 9 }).toString("base64")}</script>`,
    ),
  ];
  html = replaceOnce(html, "  </body>", `${blocks.join("\n")}\n  </body>`);
  const slots = html.split(FIGURE_SLOT).length - 1;
  if (slots !== 1) throw new Error(`standalone: the template holds the figure slot ${slots} times; expected once`);
  return { html, csp };
}

/** Builds every template; resolves to [{ file, raw, gzipped }] (sizes in bytes). */
export async function buildTemplates() {
  const [markup, style, script] = await Promise.all([
    readFile(path.join(www, "index.html"), "utf8"),
    readFile(path.join(www, "style.css"), "utf8"),
    bundleScript(),
  ]);
  const written = [];
  for (const template of TEMPLATES) {
    const wasm = {};
    for (const name of template.packages) {
      try {
        wasm[name] = await readFile(WASM_FILES[name]);
      } catch (error) {
        throw new Error(`standalone: ${path.relative(repository, WASM_FILES[name])} is missing (${error.code}); run bash .ci/build`);
      }
    }
    const { html } = templateText({ markup, style, script, wasm });
    await writeFile(template.file, html);
    written.push({ file: template.file, raw: Buffer.byteLength(html), gzipped: gzipSync(html, { level: 9 }).length });
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    for (const { file, raw, gzipped } of await buildTemplates()) {
      console.log(`  ${path.relative(repository, file).padEnd(34)} ${String(raw).padStart(8)} bytes raw  ${String(gzipped).padStart(8)} bytes gzipped`);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
