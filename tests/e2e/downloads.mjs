// What the end-to-end tests read from the files a page exports: the download a button starts,
// a PNG's size and an SVG's rectangles.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";

/** Clicks a button and returns the download it starts: its file name and bytes. */
export async function download(page, selector, { timeout } = {}) {
  const [started] = await Promise.all([page.waitForEvent("download", { timeout }), page.click(selector)]);
  return { name: started.suggestedFilename(), bytes: await readFile(await started.path()) };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The width and height of a PNG file, after checking that it is one. */
export function pngSize(bytes) {
  assert.deepEqual(bytes.subarray(0, 8), PNG_SIGNATURE, "PNG signature");
  assert.equal(bytes.subarray(12, 16).toString("latin1"), "IHDR", "the first chunk is IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The rect elements of an SVG text with their numeric geometry and fill. */
export function rects(svg) {
  return [...svg.matchAll(/<rect\b([^>]*)\/?>/g)].map(([, attributes]) => {
    const attribute = (name) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? null;
    return {
      x: Number(attribute("x")),
      y: Number(attribute("y")),
      width: Number(attribute("width")),
      height: Number(attribute("height")),
      fill: attribute("fill"),
    };
  });
}
