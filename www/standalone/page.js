// The entry of a standalone file's one inline script (.ci/standalone.mjs bundles it): first the
// wasm from the file itself, then the explorer, which finds the figure the file holds
// (lib/standalone.js readStandaloneFigure) and shows it instead of the bundled datasets.
// Modules run in the order they are imported, so ./wasm.js has started the packages before the
// explorer asks for them.

import "./wasm.js";
import "../main.js";
