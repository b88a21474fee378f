// Builds the standalone page templates (README "One file"): the explorer as one HTML file that
// needs nothing else, to be filled with one figure's data and view.
//
//   node .ci/standalone.mjs            after the wasm packages are built (.ci/build runs it)
//   import { buildTemplates } from "./standalone.mjs"
//
// Writes
//   www/pkg/standalone.html            the explorer with the default package (sweeps, run tables)
//                                      and the pairwise package, which writes a sweep figure's
//                                      exports (SVG, CSV, LaTeX, Markdown: lib/sweepmap.js
//                                      withExports) and draws per-item scores
//   www/pkg/pairwise/standalone.html   the same (the name files of per-item scores are filled in)
// and both with the slice package (www/pkg/slice/: the slice view, `chart=slice`), so that the
// explorer's Chart control and a view link to a slice work in the file as they do on a server
// (it adds about 228 KB gzipped to each file: README "One file");
// each made from www/index.html with
//   - each stylesheet it links (www/style.css, ...) inlined as a <style>, in order, keeping the
//     link's media and id (which the explorer's script may change);
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
//   - a Content-Security-Policy <meta> that allows that one script and those styles by their
//     SHA-256 hashes, wasm compilation ('wasm-unsafe-eval'), images from data: and blob: (the
//     icon, exports), and nothing else: no address is fetched, whatever the data say.
// Preloads are left out. The build checks that nothing inlined can end its element early
// ("</script", "</style", "<!--" are written so they cannot), that no other address is left in
// the markup or the stylesheets, that the slot is there once, and prints each template's size.

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
  { file: path.join(www, "pkg", "standalone.html"), packages: ["sweep", "pairwise", "slice"] },
  { file: path.join(www, "pkg", "pairwise", "standalone.html"), packages: ["sweep", "pairwise", "slice"] },
];

/** Each package's wasm, by the name the template's elements use. */
const WASM_FILES = {
  sweep: path.join(www, "pkg", "sweepmap_bg.wasm"),
  pairwise: path.join(www, "pkg", "pairwise", "sweepmap_bg.wasm"),
  slice: path.join(www, "pkg", "slice", "sweepmap_bg.wasm"),
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
    // The paper package (PDF and outlined SVG exports) is not in the file, nor its font: the
    // explorer hides those buttons in a standalone file, so its glue stays out of the bundle
    // (an import left unresolved, never run: 6 989 bytes raw, 789 gzipped less).
    external: [/\/pkg\/paper\//],
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

/** A `<link rel="stylesheet">` of the markup: the tag, the file it names, and its media and id. */
const STYLESHEET_LINK = /^[ \t]*<link rel="stylesheet" href="([^"]+)"((?: [a-z-]+="[^"]*")*)>\n/gm;

/**
 * The stylesheets the explorer links, in order: [{ tag, href, attributes }], where attributes
 * (media, id: what the explorer's script may read or change) are written again on the <style>
 * that replaces the link. Any other attribute fails the build, as it may not mean the same there.
 */
export function stylesheetLinks(markup) {
  return [...markup.matchAll(STYLESHEET_LINK)].map(([tag, href, attributeText]) => {
    const attributes = [...attributeText.matchAll(/ ([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => ({ name, value }));
    const other = attributes.find(({ name }) => name !== "media" && name !== "id");
    if (other) throw new Error(`standalone: the stylesheet link to ${href} has the attribute ${other.name}, which a <style> would not keep`);
    return { tag, href, attributes: attributes.map(({ name, value }) => ` ${name}="${value}"`).join("") };
  });
}

/**
 * The template's text for a set of packages, from the explorer's markup, its stylesheets (the
 * text of each file a <link rel="stylesheet"> names, by href), the bundled script and the wasm
 * files: { html, csp }. Fails when the markup still refers to an address once its stylesheets,
 * its script and the preloads are inlined or left out: the file must need nothing else.
 */
export function templateText({ markup, stylesheets, script, wasm }) {
  checkInline(script, "script", "the bundled script");
  if (script.includes(FIGURE_SLOT)) throw new Error("standalone: the bundled script holds the figure slot");
  // The markup with placeholders where the contents go, so that only the markup is checked.
  let html = markup.replace(/^[ \t]*<link rel="preload"[^>]*>\n/gm, "");
  const styles = [];
  for (const { tag, href, attributes } of stylesheetLinks(markup)) {
    const css = stylesheets[href];
    if (typeof css !== "string") throw new Error(`standalone: no text given for the stylesheet ${href}`);
    checkInline(css, "style", `www/${href}`);
    const reference = /url\(\s*["']?(?!data:)[^)]*\)|@import[^;]*/i.exec(css);
    if (reference) throw new Error(`standalone: www/${href} refers to another file, ${reference[0]}, which a standalone file cannot load`);
    html = html.replace(tag, () => `    <style${attributes}>\u0000style${styles.length}\u0000</style>\n`);
    styles.push(css);
  }
  html = replaceOnce(html, '<script type="module" src="main.js"></script>', '<script type="module">\u0000script\u0000</script>');
  const addresses = [...html.matchAll(/\b(?:src|href)="(?!data:)([^"]*)"/g)].map((match) => match[1]);
  if (addresses.length > 0) throw new Error(`standalone: www/index.html refers to ${addresses.join(", ")}, which a standalone file cannot load`);
  const csp = [
    "default-src 'none'",
    `script-src ${cspHash(script)} 'wasm-unsafe-eval'`,
    `style-src ${styles.map(cspHash).join(" ")}`,
    "img-src data: blob:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
  html = replaceOnce(html, '<meta charset="utf-8">', `<meta charset="utf-8">\n    <meta http-equiv="Content-Security-Policy" content="${csp}">`);
  const blocks = [
    `    <script type="application/json" id="${FIGURE_ELEMENT_ID}">${FIGURE_SLOT}</script>`,
    ...Object.entries(wasm).map(
      ([name, bytes]) =>
        `    <script type="application/gzip" id="${WASM_ELEMENT_IDS[name]}">${gzipSync(bytes, { level: 9 }).toString("base64")}</script>`,
    ),
  ];
  html = replaceOnce(html, "  </body>", `${blocks.join("\n")}\n  </body>`);
  html = html.replace(/\u0000(style(\d+)|script)\u0000/g, (_, what, index) => (what === "script" ? script : styles[Number(index)]));
  const slots = html.split(FIGURE_SLOT).length - 1;
  if (slots !== 1) throw new Error(`standalone: the template holds the figure slot ${slots} times; expected once`);
  return { html, csp };
}

/** Builds every template; resolves to [{ file, raw, gzipped }] (sizes in bytes). */
export async function buildTemplates() {
  const [markup, script] = await Promise.all([readFile(path.join(www, "index.html"), "utf8"), bundleScript()]);
  const stylesheets = {};
  for (const { href } of stylesheetLinks(markup)) {
    const file = path.resolve(www, href);
    if (path.relative(www, file).startsWith("..")) throw new Error(`standalone: the stylesheet ${href} is outside www/`);
    stylesheets[href] = await readFile(file, "utf8");
  }
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
    const { html } = templateText({ markup, stylesheets, script, wasm });
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
