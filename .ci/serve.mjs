// A small static file server for www/, on 127.0.0.1 only.
//
//   node .ci/serve.mjs            serves on http://127.0.0.1:8080/ (or $PORT), with hostHeaders
//   import { startServer } from "./serve.mjs"
//   const { url, close } = await startServer({ port: 0 });   // an ephemeral port, for tests
//   startServer({ prefix: "/project/sweepmap/" })   // serve root under a sub-path, 404 elsewhere
//   startServer({ headers: { "Content-Security-Policy": strictCsp } })   // extra response headers
//
// GET and HEAD only, with single byte ranges (`Range: bytes=a-b`, answered 206; readers of
// Parquet such as DuckDB-wasm fetch only the parts they need); correct MIME types (application/wasm for .wasm, so that
// WebAssembly.instantiateStreaming works) and X-Content-Type-Options: nosniff on every response;
// paths that would leave www/ (.., encoded slashes, symlinks pointing out) are refused; anything
// not found is a 404. Every response must be revalidated (Cache-Control: no-cache, and no
// validators, so the browser fetches again), so a rebuild shows on reload. no-cache rather than
// no-store: with no-store, Chromium reports a fetch read as a stream to its end as aborted
// (microsoft/playwright#42742), which the tests would count as a failed request.
//
// `npm start` serves with hostHeaders: the headers the README recommends to hosts, so what is
// seen locally is what a careful host serves. They are written here only.

import { createServer } from "node:http";
import { createReadStream } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The directory served by default: the repository's www/. */
export const defaultRoot = path.resolve(here, "..", "www");

const mimeTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".csv": "text/csv; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".sql": "text/plain; charset=utf-8",
  ".ico": "image/x-icon",
};

/** The MIME type for a file name. */
export function mimeType(fileName) {
  return mimeTypes[path.extname(fileName).toLowerCase()] ?? "application/octet-stream";
}

function isInside(root, candidate) {
  return candidate === root || candidate.startsWith(root + path.sep);
}

/**
 * Maps a request path to a file under root, or returns null when it is not allowed or absent.
 * Directories map to their index.html.
 */
async function resolveFile(root, requestUrl) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(requestUrl, "http://localhost").pathname);
  } catch {
    return null; // malformed percent-encoding
  }
  if (pathname.includes("\0") || pathname.includes("\\")) {
    return null;
  }
  let candidate = path.resolve(root, "." + pathname);
  if (!isInside(root, candidate)) {
    return null;
  }
  try {
    let info = await stat(candidate);
    if (info.isDirectory()) {
      candidate = path.join(candidate, "index.html");
      info = await stat(candidate);
    }
    if (!info.isFile()) {
      return null;
    }
    // A symlink inside www/ must not lead out of it.
    const real = await realpath(candidate);
    if (!isInside(await realpath(root), real)) {
      return null;
    }
    return { file: real, size: info.size };
  } catch {
    return null;
  }
}

function sendText(response, status, text, headers = {}) {
  response.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
  response.end(text + "\n");
}

/**
 * The strict Content-Security-Policy the page and the element must work under: scripts only from
 * the page's own origin (no inline script, no eval; 'wasm-unsafe-eval' to compile the module),
 * styles only from files (no style attributes or <style> elements), nothing framed or posted.
 */
export const strictCsp = cspWith("connect-src 'self'");

/**
 * The policy for hosting the explorer: strictCsp, except that data may be fetched from any
 * http(s) site, so `src=` links to data elsewhere work (the data still need that site's CORS).
 * A host that serves its own data only can use strictCsp.
 */
export const hostCsp = cspWith("connect-src 'self' https: http:");

/** strictCsp's directives with `connect` as the connect-src one. */
function cspWith(connect) {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    connect,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * The headers a careful host serves the explorer and the example page with (and `npm start`
 * does): hostCsp (which also forbids framing by other sites: frame-ancestors 'none') and
 * nosniff (every response here has it anyway).
 */
export const hostHeaders = {
  "Content-Security-Policy": hostCsp,
  "X-Content-Type-Options": "nosniff",
};

/**
 * The bytes a `Range` header asks of a file of `size` bytes: { start, end } (inclusive), null for
 * no header or one this server answers with the whole file (several ranges, another unit, a
 * malformed value: RFC 9110 lets a server ignore them), or "unsatisfiable" for a range that
 * starts past the end. One range only, which is what readers of Parquet (DuckDB-wasm) send.
 */
export function byteRange(header, size) {
  const match = /^bytes=(\d*)-(\d*)$/.exec(String(header ?? "").trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    // The last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}

/**
 * Creates (without starting) an http.Server that serves root, under `prefix` (a path that starts
 * and ends with "/"; requests outside it are 404s), adding `headers` to every file response.
 */
export function createStaticServer(root = defaultRoot, { prefix = "/", headers = {} } = {}) {
  const absoluteRoot = path.resolve(root);
  if (!prefix.startsWith("/") || !prefix.endsWith("/")) {
    throw new Error(`serve: prefix must start and end with "/", not "${prefix}"`);
  }
  return createServer(async (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      sendText(response, 405, "method not allowed", { Allow: "GET, HEAD" });
      return;
    }
    const requestUrl = request.url ?? "/";
    if (!requestUrl.startsWith(prefix)) {
      sendText(response, 404, "not found");
      return;
    }
    const found = await resolveFile(absoluteRoot, "/" + requestUrl.slice(prefix.length));
    if (!found) {
      sendText(response, 404, "not found");
      return;
    }
    const common = {
      "Content-Type": mimeType(found.file),
      "Accept-Ranges": "bytes",
      "Cache-Control": "no-cache",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    };
    const range = byteRange(request.headers.range, found.size);
    if (range === "unsatisfiable") {
      response.writeHead(416, { ...common, "Content-Range": `bytes */${found.size}`, "Content-Length": 0 });
      response.end();
      return;
    }
    if (range) {
      response.writeHead(206, {
        ...common,
        "Content-Range": `bytes ${range.start}-${range.end}/${found.size}`,
        "Content-Length": range.end - range.start + 1,
      });
    } else {
      response.writeHead(200, { ...common, "Content-Length": found.size });
    }
    if (request.method === "HEAD") {
      response.end();
      return;
    }
    const stream = createReadStream(found.file, range ? { start: range.start, end: range.end } : {});
    stream.on("error", () => response.destroy());
    stream.pipe(response);
  });
}

/**
 * Starts serving root on 127.0.0.1. Port 0 (the default) picks a free ephemeral port.
 * Resolves to { server, port, url, close() }, where url is the prefix's address (ends with "/").
 */
export function startServer({ port = 0, root = defaultRoot, host = "127.0.0.1", prefix = "/", headers = {} } = {}) {
  const server = createStaticServer(root, { prefix, headers });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const address = server.address();
      const url = `http://${host}:${address.port}${prefix}`;
      const close = () =>
        new Promise((done) => {
          server.closeAllConnections?.();
          server.close(() => done());
        });
      resolve({ server, port: address.port, url, close });
    });
  });
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const port = Number.parseInt(process.env.PORT ?? "8080", 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: PORT must be a port number, not "${process.env.PORT}"`);
    process.exit(1);
  }
  try {
    const { url } = await startServer({ port, headers: hostHeaders });
    console.log(`sweepmap: serving www/ at ${url}  (Ctrl+C to stop)`);
  } catch (error) {
    if (error.code === "EADDRINUSE") {
      console.error(`serve: port ${port} is already in use; try PORT=8081 npm start`);
    } else {
      console.error(`serve: ${error.message}`);
    }
    process.exit(1);
  }
}
