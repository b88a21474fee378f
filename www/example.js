// The example project page: writes the cell a reader clicks (or selects with Enter) in either
// figure into the "Selected cell" line, from the element's sweepmap-click event. Text only.

const readout = document.getElementById("readout");

document.addEventListener("sweepmap-click", (event) => {
  readout.textContent = event.detail.text;
});

document.addEventListener("sweepmap-error", (event) => {
  readout.textContent = `A figure could not be drawn: ${event.detail.message}`;
});
