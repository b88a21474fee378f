// Export of the shown figure: PNG at twice the on-screen resolution, SVG (true vector: one shape
// per cell, drawn by the figure), and the shown data as CSV. File names come from the figure
// (fileStem(), e.g. "r1-qwen_aime24"). Everything is made in the browser and saved through an
// <a download> with an object URL.

/** Saves a blob under a file name. */
export function download(blob, fileName) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; give it a moment before letting go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The pixel ratio of a PNG export: twice the screen's. */
export function exportPixelRatio() {
  return 2 * (window.devicePixelRatio || 1);
}

export async function exportPng(figure) {
  const canvas = document.createElement("canvas");
  figure.renderTo(canvas, exportPixelRatio());
  const blob = await new Promise((resolve, reject) => {
    canvas.toBlob((result) => (result ? resolve(result) : reject(new Error("the browser could not encode the PNG"))), "image/png");
  });
  download(blob, `${figure.fileStem()}.png`);
}

export function exportSvg(figure) {
  download(new Blob([figure.toSvg()], { type: "image/svg+xml" }), `${figure.fileStem()}.svg`);
}

export function exportCsv(figure) {
  download(new Blob([figure.shownCsv()], { type: "text/csv" }), `${figure.fileStem()}.csv`);
}
