// Links that carry their data: a file's text compressed with deflate-raw (the browser's own
// CompressionStream, so no library) and written as base64url, the data= value of a share link
// (see state.js). Works in browsers and in node 20. How long a link may be to carry the data,
// and what it says when it leaves them out, is the core's (linkDataNote, src/link/share.rs).

async function pipe(bytes, transform) {
  const stream = new Blob([bytes]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function toBase64Url(bytes) {
  let binary = "";
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk) {
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const bad = /[^A-Za-z0-9_-]/.exec(text);
  if (bad) {
    throw new Error(`data= is not base64url text: ${JSON.stringify(bad[0])} at character ${bad.index + 1} (expected only A-Z, a-z, 0-9, - and _)`);
  }
  if (text.length === 0 || text.length % 4 === 1) {
    throw new Error(`data= is not base64url text of whole bytes (${text.length} characters); was the link cut short?`);
  }
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The data= value for a file's text. */
export async function encodeData(text) {
  const bytes = new TextEncoder().encode(text);
  return toBase64Url(await pipe(bytes, new CompressionStream("deflate-raw")));
}

/**
 * The file text of a data= value; throws an Error in plain words when it is damaged. The share
 * link parser (parseLink) has already checked that the value is base64url of whole bytes; what
 * only decompressing can tell is checked here: that the bytes are deflate-raw data, complete,
 * of UTF-8 text. The messages are pinned by tests/malformed/links/*.page.
 */
export async function decodeData(data) {
  const bytes = fromBase64Url(data);
  let inflated;
  try {
    inflated = await pipe(bytes, new DecompressionStream("deflate-raw"));
  } catch {
    throw new Error("data= does not decompress: expected deflate-raw compressed data, but they are corrupt or cut short (was the link cut short?)");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(inflated);
  } catch {
    throw new Error("data= decompresses, but not to UTF-8 text: expected a CSV or JSON file");
  }
}
