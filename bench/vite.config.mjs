// Builds the benchmark's pages the way a project would ship each library: a Vite production
// build (minified, tree-shaken ES modules), one page per library, into bench/dist/. The bundled
// KV-cache sweep is copied beside the pages. The shared harness is its own chunk, so the payload
// of each library can be told apart from it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = path.dirname(fileURLToPath(import.meta.url));
export const libraries = ["sweepmap", "plotly", "echarts", "vega", "plot"];

export default defineConfig({
  root: path.join(here, "pages"),
  base: "./",
  publicDir: path.join(here, "..", "www", "data"),
  logLevel: "warn",
  build: {
    outDir: path.join(here, "dist"),
    emptyOutDir: true,
    target: "es2022",
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    chunkSizeWarningLimit: 1 << 30,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: Object.fromEntries(libraries.map((name) => [name, path.join(here, "pages", `${name}.html`)])),
      output: {
        manualChunks(id) {
          return id.endsWith(path.join("pages", "harness.js")) ? "harness" : undefined;
        },
      },
    },
  },
});
