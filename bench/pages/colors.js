// Colour stops (eleven, evenly spaced, from d3-scale-chromatic) for the libraries that take a
// colour list rather than a scheme name (ECharts, Plotly), so that every library shows the same
// viridis and YlGnBu (light for low values, dark for high).
export const colors = {
  viridis: ["#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c", "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725"],
  ylgnbu: ["#ffffd9", "#eff9bd", "#d5eeb3", "#a9ddb7", "#73c9bd", "#45b4c2", "#2897bf", "#2073b2", "#234ea0", "#1c3185", "#081d58"],
};

/** A colour list as a Plotly colour scale: [[0, first], ..., [1, last]]. */
export function plotlyScale(name) {
  const list = colors[name];
  return list.map((color, i) => [i / (list.length - 1), color]);
}
