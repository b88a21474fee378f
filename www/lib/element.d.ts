// Types of the <sweep-map> element (lib/element.js). Importing the module defines the element.

import type { CellInfo, PairwiseCellInfo, SweepDataset, SweepFigure } from "../pkg/sweepmap.js";
// The pairwise package (fetched when the element opens per-item scores) declares these.
import type { SweepPairwise, SweepPairwiseFigure } from "../pkg/pairwise/sweepmap.js";
// The properties that reflect the view attributes, generated from the core's settings.
import type { ViewAttributeProperties } from "./view-attributes.js";

/** The detail of sweepmap-hover (null when the pointer leaves the cells) and sweepmap-click. */
export interface SweepMapCellDetail {
  /** Panel index, and the cell's x (column) and y (row) indices in the data's axis order. */
  panel: number;
  x: number;
  y: number;
  /** The cell's value (a bin's count or share); null for a missing cell. */
  value: number | null;
  /** The panel's title, and the cell's axis labels. */
  title: string;
  xLabel: string;
  yLabel: string;
  /** One line describing the cell, as the live region announces it. */
  text: string;
  /** How the cell was reached. */
  via: "pointer" | "keyboard";
  /** Everything the figure says about the cell. */
  info: CellInfo | PairwiseCellInfo;
}

/** The detail of sweepmap-render, sent after every drawing. */
export interface SweepMapRenderDetail {
  kind: "sweep" | "pairwise";
  /** The panels' titles, in drawing order. */
  panels: string[];
  /**
   * For CSV data loadDataset refuses (more than two parameters, several metrics, a W&B or Optuna
   * export), opened as a run table at its default view: how the file was read, what is drawn
   * and why, what the figure shows, what to check (SweepProjection.inferred()); [] otherwise.
   */
  inferred: string[];
  /**
   * What the run-table attributes (metric, x, y, others, roles, ...) name that the file does not
   * have, each with the default view's choice drawn instead; why a slice asked for is drawn as
   * the heatmap (its package did not load); a `rename` the data have no use for (no importer
   * named their models). Also shown in the element; [] otherwise.
   */
  notices: string[];
  /**
   * For a Parquet `src` reduced in DuckDB-wasm: the rows read, the rows of the table drawn
   * (configurations or item scores) and the sentence saying so; null otherwise.
   */
  reduced: { rows: number; configurations: number; note: string } | null;
  /** The figure's size in CSS pixels. */
  width: number;
  height: number;
}

/** The detail of sweepmap-progress, fired as a fetched `src` arrives. */
export interface SweepMapProgressDetail {
  /** Bytes received so far. */
  received: number;
  /** The size the server announced (Content-Length), or null when it did not say. */
  total: number | null;
}

/** The detail of sweepmap-error; the message is also shown inside the element. */
export interface SweepMapErrorDetail {
  message: string;
}

export interface SweepMapEventMap extends HTMLElementEventMap {
  "sweepmap-hover": CustomEvent<SweepMapCellDetail | null>;
  "sweepmap-click": CustomEvent<SweepMapCellDetail>;
  "sweepmap-render": CustomEvent<SweepMapRenderDetail>;
  "sweepmap-progress": CustomEvent<SweepMapProgressDetail>;
  "sweepmap-error": CustomEvent<SweepMapErrorDetail>;
}

/** <sweep-map>: properties reflect the attributes of the same name (model-b as modelB). */
export declare class SweepMapElement extends HTMLElement {
  static readonly observedAttributes: string[];

  /** The data as CSV or JSON text, or a JSON object; null to read `src` or the inline data. */
  data: string | object | null;
  /** The live figure, or null before the first drawing. */
  readonly figure: SweepFigure | SweepPairwiseFigure | null;
  /** The data the figure shows, or null (not `dataset`: that is the map of data-* attributes). */
  readonly loadedData: SweepDataset | SweepPairwise | null;
  /** What the shown data are, or null before the first drawing. */
  readonly dataKind: "sweep" | "pairwise" | null;

  src: string | null;
  format: "auto" | "csv" | "json" | null;
  kind: "auto" | "sweep" | "pairwise" | null;
  /**
   * The `rename` attribute: models of lm-evaluation-harness files renamed, `old=new` pairs
   * separated by commas (`\,` and `\=` inside a name, as links write lists).
   */
  rename: string | null;
  // The view attributes' properties: SweepMapElement's interface below.

  /** Fetches `src` (or reads the inline data) again and redraws. */
  reload(): void;

  addEventListener<K extends keyof SweepMapEventMap>(
    type: K,
    listener: (this: SweepMapElement, event: SweepMapEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof SweepMapEventMap>(
    type: K,
    listener: (this: SweepMapElement, event: SweepMapEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/**
 * One property per view attribute (lib/view-attributes.js: one per view setting with an
 * attribute), typed and documented from the core's settings (src/view/typescript.rs).
 */
export interface SweepMapElement extends ViewAttributeProperties {}

declare global {
  interface HTMLElementTagNameMap {
    "sweep-map": SweepMapElement;
  }
  interface DocumentEventMap {
    "sweepmap-hover": CustomEvent<SweepMapCellDetail | null>;
    "sweepmap-click": CustomEvent<SweepMapCellDetail>;
    "sweepmap-render": CustomEvent<SweepMapRenderDetail>;
    "sweepmap-progress": CustomEvent<SweepMapProgressDetail>;
    "sweepmap-error": CustomEvent<SweepMapErrorDetail>;
  }
}
