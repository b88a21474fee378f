// The look of a sweepmap figure's parts inside a shadow root (frame, canvas, keyboard outline,
// tooltip, status line with its Cancel, error, the Python widget's notes, visually hidden text): one constructable
// stylesheet shared by every <sweep-map> (element.js) and the Python widget
// (python/js/widget.js). No style attributes or <style> elements, so a strict
// Content-Security-Policy with style-src 'self' allows it. --sweep-map-accent,
// --sweep-map-text, --sweep-map-muted and --sweep-map-line set its colours from outside.

const STYLE = `
:host {
  display: block;
  position: relative;
  min-width: 0;
}
:host([hidden]), [hidden] {
  display: none !important;
}
.frame {
  position: relative;
  overflow-x: auto;
  overflow-y: hidden;
}
canvas {
  display: block;
}
canvas:focus {
  outline: none;
}
canvas:focus-visible {
  outline: 2px solid var(--sweep-map-accent, #2a5db0);
  outline-offset: 2px;
}
.outline {
  position: absolute;
  box-sizing: border-box;
  margin: -4px 0 0 -4px;
  border: 3px solid #111;
  border-radius: 3px;
  box-shadow: 0 0 0 2px #fff, inset 0 0 0 2px #fff;
  pointer-events: none;
}
.tooltip {
  position: absolute;
  z-index: 2;
  max-width: 20rem;
  padding: 0.45rem 0.65rem 0.5rem;
  border: 1px solid var(--sweep-map-line, #aab2c0);
  border-radius: 6px;
  background: #fff;
  color: var(--sweep-map-text, #1d2330);
  box-shadow: 0 4px 14px rgba(20, 30, 50, 0.16);
  font-size: 0.8125rem;
  line-height: 1.35;
  pointer-events: none;
}
.tooltip-title {
  margin: 0 0 0.3rem;
  font-weight: 700;
  overflow-wrap: anywhere;
}
.tooltip dl {
  display: grid;
  grid-template-columns: max-content auto;
  gap: 0.1rem 0.75rem;
  margin: 0;
}
.tooltip dt {
  color: var(--sweep-map-muted, #596274);
}
.tooltip dd {
  margin: 0;
  font-variant-numeric: tabular-nums;
  overflow-wrap: anywhere;
}
.tooltip .tooltip-value {
  font-weight: 700;
}
.notes {
  margin: 0 0 0.5rem;
  padding-left: 1.25rem;
  color: var(--sweep-map-muted, #596274);
  font-size: 0.8125rem;
  line-height: 1.35;
  overflow-wrap: anywhere;
}
.status {
  margin: 0;
  padding: 1rem 0;
  color: var(--sweep-map-muted, #596274);
}
.cancel {
  margin-left: 0.5rem;
  font: inherit;
}
.error {
  margin: 0 0 0.5rem;
  padding: 0.5rem 0.75rem;
  border: 1px solid #e3a0a8;
  border-radius: 6px;
  background: #fdecee;
  color: #7a1420;
  overflow-wrap: anywhere;
}
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}
`;

let sharedSheet = null;

/** The one stylesheet every figure's shadow root adopts, made on first use. */
export function figureStyleSheet() {
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(STYLE);
  }
  return sharedSheet;
}
