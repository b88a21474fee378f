// Reading single cells of the figure (or bins of a pairwise one): the tooltip under the pointer,
// and stepping through cells with the keyboard while the canvas has focus (an outline drawn over
// the canvas, never a redraw, and the cell's description announced in a polite live region).
// Geometry and cell contents come from the figure (hitTest, cellRect, cellInfo); everything is
// written with textContent. The explorer and the <sweep-map> element both use it; the element
// passes callbacks to turn what a reader points at or activates into events. It works inside a
// shadow root: focus is read from the canvas' own root, not from the document.
// A slice (`chart: "slice"`) is read the same way point by point: slicePoint, slicePointOf and
// sliceSeries give its points, the arrow keys step along a line (left, right) and between lines
// (up, down), and a point's text is the core's.

import { binTooltipContent, tooltipRow } from "./bins.js";

/** How far the keyboard's ring reaches outside its cell, in CSS px (the margin in style.css). */
const OUTLINE_SPREAD = 4;

const KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Escape"]);
/** Keys that activate the focused cell, as a click does, when an onActivate callback is given. */
const ACTIVATE_KEYS = new Set(["Enter", " "]);

export class CellInspector {
  /**
   * elements: { canvas, frame, tooltip, outline, announcer }. The frame is the positioned
   * container of the canvas, the tooltip and the outline.
   * callbacks (optional): onCell(info | null, how) when the cell pointed at or reached with the
   * keyboard changes (how: "pointer" or "keyboard"; null when the pointer leaves the cells);
   * onActivate(info, how) when a cell is clicked, or Enter or Space is pressed on the focused one.
   * rows(info) (optional) gives more [name, text] rows for a cell's tooltip and announcement
   * (a run table's configuration: SweepProjection.cellRuns's rows).
   * @param {{ canvas: HTMLCanvasElement, frame: HTMLElement, tooltip: HTMLElement, outline: HTMLElement,
   *   announcer: HTMLElement }} elements
   * @param {{ onCell?: (info: any, how: string) => void, onActivate?: (info: any, how: string) => void,
   *   rows?: (info: any) => [string, string][] }} [callbacks]
   */
  constructor(elements, { onCell, onActivate, rows } = {}) {
    this.elements = elements;
    this.onCell = onCell ?? null;
    this.onActivate = onActivate ?? null;
    this.rows = rows ?? null;
    /** The last cell reported to onCell, as "panel,x,y", so a move within it reports nothing. */
    this.reported = null;
    this.figure = null;
    /** The keyboard's cell: { panel, x, y }, kept while focus is away so it returns there. */
    this.focused = null;
    /** True while the pointer is over a cell. */
    this.pointing = false;
    /** The cell a pointer was pressed on, so that the focus this gives the canvas starts there. */
    this.pressed = null;
    const { canvas } = elements;
    canvas.addEventListener("pointermove", (event) => this.onPointerMove(event));
    canvas.addEventListener("pointerleave", () => this.onPointerLeave());
    canvas.addEventListener("pointerdown", (event) => this.onPointerDown(event));
    canvas.addEventListener("keydown", (event) => this.onKeyDown(event));
    canvas.addEventListener("focus", () => this.onFocus());
    canvas.addEventListener("blur", () => this.onBlur());
    if (this.onActivate) canvas.addEventListener("click", (event) => this.onClick(event));
  }

  /** True while the canvas has focus (in the document or in the shadow root it lives in). */
  hasFocus() {
    const { canvas } = this.elements;
    return /** @type {Document | ShadowRoot} */ (canvas.getRootNode()).activeElement === canvas;
  }

  /** Tells onCell about a cell (or null) unless it was the last one told. */
  reportCell(info, how) {
    const key = info ? (isPoint(info) ? `s${info.series},${info.position}` : `${info.panel},${info.x},${info.y}`) : null;
    if (key === this.reported) return;
    this.reported = key;
    this.onCell?.(info ?? null, how);
  }

  /** The cell under a pointer event, or undefined. */
  cellAt(event) {
    const point = this.figurePoint(event);
    try {
      if (this.series.length > 0) return this.figure.slicePoint(point.x, point.y) ?? undefined;
      return this.figure.hitTest(point.x, point.y) ?? undefined;
    } catch {
      return undefined;
    }
  }

  onClick(event) {
    if (!this.figure) return;
    const info = this.cellAt(event);
    if (info) this.onActivate(info, "pointer");
  }

  /** Call after every redraw: a new figure, other options, another size. */
  setFigure(figure) {
    this.figure = figure;
    this.panels = figure ? figure.panels() : [];
    /** A slice's series (names), empty for a heatmap. */
    this.series = figure && typeof figure.sliceSeries === "function" ? figure.sliceSeries() : [];
    /** How many positions a slice's axis has. */
    this.positions = this.series.length > 0 ? figure.slicePositions() : 0;
    this.pointing = false;
    this.reported = null;
    this.hideTooltip();
    if (this.focused && !this.validCell(this.focused)) this.focused = null;
    if (this.hasFocus() && this.focused) {
      this.showFocused({ announce: false });
    } else {
      this.elements.outline.hidden = true;
    }
  }

  validCell(cell) {
    if (this.series.length > 0) return isPoint(cell) && Boolean(this.figure.slicePointOf(cell.series, cell.position));
    if (isPoint(cell)) return false;
    const { panel, x, y } = cell;
    const info = this.panels[panel];
    if (!info || x < 0 || y < 0) return false;
    // A panel's strips are the column past the last (one cell per row) and the row past the
    // top (one per column); not both at once.
    const strip = info.strips && (x === info.columns) !== (y === info.rows);
    return (x < info.columns && y < info.rows) || (strip && x <= info.columns && y <= info.rows);
  }

  /** Pointer position in the figure's CSS pixels. */
  figurePoint(event) {
    const rect = this.elements.canvas.getBoundingClientRect();
    const size = this.figure.size();
    const scaleX = rect.width > 0 ? size.width / rect.width : 1;
    const scaleY = rect.height > 0 ? size.height / rect.height : 1;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  }

  onPointerMove(event) {
    if (!this.figure) return;
    const info = this.cellAt(event);
    if (!info) {
      this.onPointerLeave();
      return;
    }
    this.pointing = true;
    this.reportCell(info, "pointer");
    const frameRect = this.elements.frame.getBoundingClientRect();
    this.showTooltip(info, {
      x: event.clientX - frameRect.left + this.elements.frame.scrollLeft,
      y: event.clientY - frameRect.top + this.elements.frame.scrollTop,
      offset: 14,
    });
  }

  onPointerLeave() {
    if (this.pointing) this.reportCell(null, "pointer");
    this.pointing = false;
    if (this.hasFocus() && this.focused) {
      this.showFocused({ announce: false });
    } else {
      this.hideTooltip();
    }
  }

  onPointerDown(event) {
    const info = this.figure ? this.cellAt(event) : undefined;
    if (info && isPoint(info)) this.pressed = { series: info.series, position: info.position };
    else this.pressed = info ? { panel: info.panel, x: info.x, y: info.y } : null;
  }

  onFocus() {
    if (!this.figure || this.panels.length === 0) return;
    // Focus by a click starts at the cell clicked; by the keyboard, where it last was.
    if (this.pressed) this.focused = this.pressed;
    this.pressed = null;
    if (!this.focused) this.focused = this.startCell();
    this.showFocused({ announce: true });
  }

  onBlur() {
    this.elements.outline.hidden = true;
    if (!this.pointing) this.hideTooltip();
  }

  /** The top-left cell of the first panel, as drawn (a slice: the first line's first point). */
  startCell() {
    if (this.series.length > 0) return this.stepPoint({ series: 0, position: -1 }, "ArrowRight");
    const panel = this.panels[0];
    const direction = this.orientation(0);
    return {
      panel: 0,
      x: direction.right > 0 ? 0 : panel.columns - 1,
      y: direction.up > 0 ? panel.rows - 1 : 0,
    };
  }

  /** Which way the indices run on screen: right = +1 when x+1 is further right, up likewise. */
  orientation(panel) {
    const info = this.panels[panel];
    const first = this.figure.cellRect(panel, 0, 0);
    const nextX = info.columns > 1 ? this.figure.cellRect(panel, 1, 0) : null;
    const nextY = info.rows > 1 ? this.figure.cellRect(panel, 0, 1) : null;
    return {
      right: !first || !nextX || nextX.x >= first.x ? 1 : -1,
      up: !first || !nextY || nextY.y <= first.y ? 1 : -1,
    };
  }

  onKeyDown(event) {
    if (!this.figure || event.altKey || event.ctrlKey || event.metaKey) return;
    if (this.onActivate && ACTIVATE_KEYS.has(event.key)) {
      event.preventDefault();
      const info = this.focused ? this.figure.cellInfo(this.focused.panel, this.focused.x, this.focused.y) : null;
      if (info) this.onActivate(info, "keyboard");
      return;
    }
    if (!KEYS.has(event.key)) return;
    event.preventDefault();
    if (event.key === "Escape") {
      this.elements.outline.hidden = true;
      this.hideTooltip();
      return;
    }
    if (!this.focused) this.focused = this.startCell();
    const next = this.step(this.focused, event.key);
    if (next) this.focused = next;
    this.showFocused({ announce: true });
  }

  /**
   * A slice's point one step from `point`: along its line to the next point there is (a gap
   * skipped; Home and End: its first and last), or to the nearest point of the next line up or
   * down; null when there is none.
   */
  stepPoint(point, key) {
    const count = this.positions;
    const has = (series, position) => position >= 0 && position < count && Boolean(this.figure.slicePointOf(series, position));
    if (key === "Home" || key === "End") {
      const order = [...Array(count).keys()];
      if (key === "End") order.reverse();
      const position = order.find((p) => has(point.series, p));
      return position === undefined ? null : { series: point.series, position };
    }
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const sign = key === "ArrowRight" ? 1 : -1;
      for (let position = point.position + sign; position >= 0 && position < count; position += sign) {
        if (has(point.series, position)) return { series: point.series, position };
      }
      return null;
    }
    const sign = key === "ArrowDown" ? 1 : -1;
    for (let series = point.series + sign; series >= 0 && series < this.series.length; series += sign) {
      for (let distance = 0; distance < count; distance += 1) {
        const near = [point.position - distance, point.position + distance].find((p) => has(series, p));
        if (near !== undefined) return { series, position: near };
      }
    }
    return null;
  }

  /** The cell one step from `cell` in the key's direction, crossing into neighbouring panels. */
  step(cell, key) {
    if (this.series.length > 0) return this.stepPoint(cell, key);
    const { panel, x, y } = cell;
    const info = this.panels[panel];
    const direction = this.orientation(panel);
    if (key === "Home" || key === "End") {
      const leftEnd = direction.right > 0 ? 0 : info.columns - 1;
      const rightEnd = info.columns - 1 - leftEnd;
      return { panel, x: key === "Home" ? leftEnd : rightEnd, y };
    }
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const sign = (key === "ArrowRight" ? 1 : -1) * direction.right;
      const next = { panel, x: x + sign, y };
      if (this.validCell(next)) return next;
      return this.neighbourPanel(cell, key);
    }
    const sign = (key === "ArrowUp" ? 1 : -1) * direction.up;
    const next = { panel, x, y: y + sign };
    if (this.validCell(next)) return next;
    return this.neighbourPanel(cell, key);
  }

  /**
   * The nearest cell in another panel in the key's direction, at the same row (left, right) or
   * column (up, down) index; null when the figure has none there.
   */
  neighbourPanel(cell, key) {
    const here = this.figure.cellRect(cell.panel, cell.x, cell.y);
    if (!here) return null;
    const centre = { x: here.x + here.width / 2, y: here.y + here.height / 2 };
    let best = null;
    for (let panel = 0; panel < this.panels.length; panel += 1) {
      if (panel === cell.panel) continue;
      const info = this.panels[panel];
      const direction = this.orientation(panel);
      let candidate;
      if (key === "ArrowLeft" || key === "ArrowRight") {
        const towardsRight = key === "ArrowRight";
        const x = towardsRight === direction.right > 0 ? 0 : info.columns - 1;
        candidate = { panel, x, y: Math.min(cell.y, info.rows - 1) };
      } else {
        const towardsUp = key === "ArrowUp";
        const y = towardsUp === direction.up > 0 ? 0 : info.rows - 1;
        candidate = { panel, x: Math.min(cell.x, info.columns - 1), y };
      }
      const rect = this.figure.cellRect(candidate.panel, candidate.x, candidate.y);
      if (!rect) continue;
      const point = { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
      const along = { ArrowRight: point.x - centre.x, ArrowLeft: centre.x - point.x, ArrowDown: point.y - centre.y, ArrowUp: centre.y - point.y }[key];
      const across = key === "ArrowLeft" || key === "ArrowRight" ? Math.abs(point.y - centre.y) : Math.abs(point.x - centre.x);
      // Only panels ahead; of those, the one most in line (offset across counts four times).
      if (along <= 0) continue;
      const score = across * 4 + along;
      if (!best || score < best.score) best = { score, candidate };
    }
    return best ? best.candidate : null;
  }

  showFocused({ announce }) {
    if (!this.figure || !this.focused) return;
    if (this.series.length > 0) {
      this.showFocusedPoint({ announce });
      return;
    }
    const { panel, x, y } = this.focused;
    const rect = this.figure.cellRect(panel, x, y);
    const info = this.figure.cellInfo(panel, x, y);
    if (!rect || !info) {
      this.elements.outline.hidden = true;
      return;
    }
    const { canvas, outline } = this.elements;
    const scale = this.displayScale();
    const left = canvas.offsetLeft + rect.x * scale.x;
    const top = canvas.offsetTop + rect.y * scale.y;
    // The ring is drawn OUTLINE_SPREAD px outside the cell on every side (see .cell-outline).
    outline.style.left = `${left}px`;
    outline.style.top = `${top}px`;
    outline.style.width = `${rect.width * scale.x + 2 * OUTLINE_SPREAD}px`;
    outline.style.height = `${rect.height * scale.y + 2 * OUTLINE_SPREAD}px`;
    outline.hidden = false;
    if (!this.pointing) {
      const cellHeight = rect.height * scale.y;
      this.showTooltip(info, { x: left + (rect.width * scale.x) / 2, y: top + cellHeight, offset: 6, below: true, cellHeight });
    }
    if (announce) {
      const more = isBin(info) ? [] : (this.rows?.(info) ?? []);
      this.elements.announcer.textContent = isBin(info)
        ? info.announcement
        : [info.text, ...more.map(([name, text]) => `${name}: ${text}.`)].join(" ");
      this.reportCell(info, "keyboard");
    }
  }

  /** The keyboard's point of a slice: a ring around it, its text shown and announced. */
  showFocusedPoint({ announce }) {
    const info = isPoint(this.focused) ? this.figure.slicePointOf(this.focused.series, this.focused.position) : null;
    if (!info) {
      this.elements.outline.hidden = true;
      return;
    }
    const { canvas, outline } = this.elements;
    const scale = this.displayScale();
    const ring = 10;
    const left = canvas.offsetLeft + info.x * scale.x - ring / 2;
    const top = canvas.offsetTop + info.y * scale.y - ring / 2;
    outline.style.left = `${left}px`;
    outline.style.top = `${top}px`;
    outline.style.width = `${ring + 2 * OUTLINE_SPREAD}px`;
    outline.style.height = `${ring + 2 * OUTLINE_SPREAD}px`;
    outline.hidden = false;
    if (!this.pointing) this.showTooltip(info, { x: left + ring / 2, y: top + ring, offset: 6, below: true, cellHeight: ring });
    if (announce) {
      this.elements.announcer.textContent = info.text;
      this.reportCell(info, "keyboard");
    }
  }

  /** The ratio of the canvas' displayed size to the figure's CSS size (1 unless CSS shrinks it). */
  displayScale() {
    const size = this.figure.size();
    const { canvas } = this.elements;
    return {
      x: size.width > 0 && canvas.clientWidth > 0 ? canvas.clientWidth / size.width : 1,
      y: size.height > 0 && canvas.clientHeight > 0 ? canvas.clientHeight / size.height : 1,
    };
  }

  showTooltip(info, position) {
    const { tooltip, frame } = this.elements;
    // The frame's height without the tooltip: where it was last (overflowing the frame, which
    // hides what overflows) must not count as room.
    tooltip.hidden = true;
    const frameHeight = Math.max(frame.scrollHeight, frame.clientHeight);
    tooltip.replaceChildren(...(isPoint(info) ? pointTooltipContent(info) : isBin(info) ? binTooltipContent(info) : tooltipContent(info, this.rows?.(info))));
    tooltip.hidden = false;
    // Place it beside the point, flipped to stay inside the frame's visible area.
    const width = tooltip.offsetWidth;
    const height = tooltip.offsetHeight;
    const minX = frame.scrollLeft + 4;
    const maxX = frame.scrollLeft + frame.clientWidth - width - 4;
    let left = position.below ? position.x - width / 2 : position.x + position.offset;
    if (!position.below && left > maxX) left = position.x - position.offset - width;
    left = Math.max(minX, Math.min(left, maxX));
    let top = position.y + position.offset;
    if (top + height > frameHeight - 4) {
      // No room below: above the point (for a focused cell, above the cell); no room there
      // either: as low as it is seen whole.
      top = position.y - (position.cellHeight ?? 0) - position.offset - height;
      if (top < 0) top = frameHeight - 4 - height;
    }
    tooltip.style.left = `${Math.round(left)}px`;
    tooltip.style.top = `${Math.round(Math.max(0, top))}px`;
  }

  hideTooltip() {
    this.elements.tooltip.hidden = true;
  }
}

/** True for a point of a slice (its info names a series and a position). */
function isPoint(info) {
  return typeof info.series === "number" && typeof info.position === "number";
}

/** The tooltip of a slice's point: the core's text (through textContent). */
function pointTooltipContent(info) {
  const text = document.createElement("p");
  text.className = "tooltip-title";
  text.textContent = info.text;
  return [text];
}

/** True for a bin of a pairwise figure (its info carries the score ranges). */
function isBin(info) {
  return Array.isArray(info.xRange) && Array.isArray(info.yRange);
}

/** The tooltip's elements for a CellInfo (its rows are the core's: `info.tooltip`), and `more`
 * [name, text] rows after its own (all text through textContent). */
export function tooltipContent(info, more = []) {
  const title = document.createElement("p");
  title.className = "tooltip-title";
  title.textContent = info.title;
  const list = document.createElement("dl");
  for (const row of info.tooltip) list.append(...tooltipRow(row.term, row.text, row.value ? "tooltip-value" : undefined));
  for (const [name, text] of more) list.append(...tooltipRow(name, text));
  return [title, list];
}
