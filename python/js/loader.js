// The module anywidget imports for each figure (Figure._esm): a few lines that import the
// widget's front end (widget.js, bundled by python/build.sh, about 87 kB) once per page and
// hand it the figure. The front end is not each figure's: `_module` refers ("IPY_MODEL_<id>")
// to the kernel's one model of it (sweepmap._figure.Asset: name, sha256, value), as `_wasm`
// refers to the wasm's, so a page receives it once however many figures it shows, a notebook
// saved with its widget state holds it once, and every figure of the page runs the same module
// (one instance of the wasm). Imported from a blob: URL, as anywidget imports modules; once per
// page per SHA-256 (globalThis, since anywidget imports this loader once per figure). A host
// whose widget manager cannot give the model (no widget_manager.get_model) asks the kernel
// with a "module" message, naming what the page has, and gets the text when the page lacks it.
// Not bundled: python/build.sh copies it as it is.

const shared = (globalThis[Symbol.for("sweepmap.widget.shared")] ??= { modules: new Map(), paper: new Map() });
shared.frontEnds ??= new Map();

const REFERENCE = "IPY_MODEL_";

function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

/** The kernel's answer to a "module" question: { message, buffers }. */
function askKernel(model, have) {
  const id = `${Math.random().toString(36).slice(2)}-module`;
  return new Promise((resolve) => {
    const listener = (message, buffers) => {
      if (message?.type !== "module" || message.ask !== id) return;
      model.off("msg:custom", listener);
      resolve({ message, buffers });
    };
    model.on("msg:custom", listener);
    model.send({ type: "module", ask: id, have });
  });
}

/** The front end's module, imported once per page per SHA-256. */
async function frontEnd(model) {
  const reference = model.get("_module");
  if (typeof reference !== "string" || !reference.startsWith(REFERENCE)) {
    throw new Error("the figure names no front end: run the cell again");
  }
  let asset = null;
  try {
    asset = (await model.widget_manager?.get_model?.(reference.slice(REFERENCE.length))) ?? null;
  } catch {
    asset = null;
  }
  let key;
  let text;
  if (asset) {
    key = asset.get("sha256");
    text = () => asset.get("value");
  } else {
    const { message, buffers } = await askKernel(model, [...shared.frontEnds.keys()]);
    key = message.sha256;
    text = () => {
      if (!buffers?.length) throw new Error("the kernel sent no front end");
      return buffers[0];
    };
  }
  let pending = shared.frontEnds.get(key);
  if (!pending) {
    pending = (async () => {
      const url = URL.createObjectURL(new Blob([text()], { type: "text/javascript" }));
      try {
        return await import(/* webpackIgnore: true */ /* @vite-ignore */ url);
      } finally {
        URL.revokeObjectURL(url);
      }
    })();
    shared.frontEnds.set(key, pending);
    pending.catch(() => {
      if (shared.frontEnds.get(key) === pending) shared.frontEnds.delete(key);
    });
  }
  return pending;
}

async function render({ model, el }) {
  let module;
  try {
    module = await frontEnd(model);
  } catch (error) {
    const message = `could not load sweepmap's front end: ${messageOf(error)}`;
    const note = document.createElement("p");
    note.setAttribute("role", "alert");
    note.textContent = message;
    el.append(note);
    model.set("error", message);
    model.save_changes();
    return () => note.remove();
  }
  return module.default.render({ model, el });
}

export default { render };
