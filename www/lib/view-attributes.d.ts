// Generated from the view settings (src/view/) by src/view/typescript.rs: do not edit.
// Written again with `SWEEPMAP_WRITE_TYPES=1 cargo test --lib typescript`.

import type { BinPick, BinValue, Chart, ColorRange, ColorScale, Direction, Layout, MarginalStrips, PanelOrder, SliceAcross, SliceAxis, Theme } from "../pkg/sweepmap.js";

export declare const VIEW_ATTRIBUTES: string[];
export declare const FLAG_ATTRIBUTES: Map<string, boolean>;
export declare const NUMBER_ATTRIBUTES: Set<string>;

/** The properties of <sweep-map> that reflect its view attributes (model-b as modelB). */
export interface ViewAttributeProperties {
  /** A run table: the role of each column named, `column,role,...` as share links write them. */
  roles: string | null;
  /** A run table: the metric drawn. */
  metric: string | null;
  /** A run table: whether higher or lower values of the metric are better. */
  direction: Direction | null;
  /** A run table: the parameter along x. */
  x: string | null;
  /** A run table: the parameter along y. */
  y: string | null;
  /**
   * A run table: every other parameter's choice, `parameter,best`, `parameter,mean`,
   * `parameter,facet` or `parameter,fixed,value`, one after another.
   */
  others: string | null;
  /** A run table: what a cell of a binned axis shows. */
  binned: BinPick | null;
  /**
   * Which panels: a model's benchmarks ("model"), a benchmark's models ("benchmark"), every model
   * and benchmark ("grid"), two models' difference on a benchmark ("difference"), or a reported
   * aggregate beside the one recomputed from its benchmarks ("reconcile").
   */
  layout: Layout | null;
  /** The model of layout "model", and model A of "difference". Default: the first model. */
  model: string | null;
  /** Model B of "difference". Default: the first model other than `model`. */
  modelB: string | null;
  /**
   * The benchmark of layouts "benchmark" and "difference" (":mean" for the mean across benchmarks),
   * and the reported aggregate of "reconcile". Default: the first benchmark (for "reconcile", the
   * first reported aggregate).
   */
  benchmark: string | null;
  /**
   * Layouts "model", "benchmark" and "grid": panels in the data's order, or by each panel's mean or
   * best cell, best first, each panel saying its rank.
   */
  order: PanelOrder | null;
  /**
   * The models to compare, every pair among them: at least two. Default: the first models in the
   * data's order (`linkSchema().pairwiseDefaultModels` of them; every model when there are no
   * more). Comma-separated (`\,` for a comma inside a name).
   */
  models: string | null;
  /** Only the items of this group; null (the default) for all items. */
  group: string | null;
  /**
   * Bins of both score axes, 1 to 200; clears `binsX` and `binsY` unless they are given too. The
   * bins shape the histogram, not the statistics.
   */
  bins: number | null;
  /** Colour each bin by its item count, or by its share of the pair's paired items (in %). */
  by: BinValue | null;
  /** Colour by ln(1 + value). */
  log: boolean;
  /** A colour map's name, one of `colorMaps()`. */
  colormap: string | null;
  /** Run the colour map the other way. */
  reverse: boolean;
  /**
   * How values are spaced along the colour map: "log" needs values above 0 (else the figure is
   * refused); "symlog" works across 0.
   */
  colorScale: ColorScale | null;
  /**
   * The colour range: each panel's own, one shared by every panel, fixed from `min` to `max`, or
   * centred on `center`.
   */
  range: ColorRange | null;
  /** The low end of a fixed colour range (`domain: "fixed"`). */
  min: number | null;
  /** The high end of a fixed colour range (`domain: "fixed"`). */
  max: number | null;
  /** The value a "centered" colour range is centred on. */
  center: number | null;
  /** Write each cell's value in it (a pairwise bin's count or share). */
  annotate: boolean;
  /**
   * Decimals of the value labels, 0 to 12; null (the default) for automatic: as few as tell the
   * shown values apart, never more than the noise supports (pairwise: 0 for counts, 1 for shares).
   */
  decimals: number | null;
  /**
   * A confidence level between 0 and 1 (the page offers `linkSchema().levels`) at which to mark the
   * cells the peak cannot be told apart from (for "difference": the cells ahead beyond noise); 0
   * for no marks. Default: marks when the data carry a noise estimate (replicates, item counts,
   * reported standard errors), at `linkSchema().defaultLevel`.
   */
  uncertainty: number | null;
  /**
   * Layouts "model", "benchmark" and "grid": a strip of each row's and column's mean (or best cell,
   * with `order: "best"`) beside each panel, on its colour scale, the best outlined; "auto" draws
   * them when the panels are larger than 6 x 6 (more than 6 columns or rows, at least 2 of each).
   */
  marginals: MarginalStrips | null;
  /**
   * What the figure draws: "heatmap", or "slice", the metric along one axis as a line with its
   * interval band per series (drawn by the slice package, fetched when asked for).
   */
  chart: Chart | null;
  /** The axis a slice runs along. */
  along: SliceAxis | null;
  /**
   * What a slice does with the other axis: a line per value ("each"), each point's best over it
   * ("best") or its mean over every value ("mean"); "auto" is "each" when one panel is shown and
   * the other axis has at most 10 values, else "best".
   */
  across: SliceAcross | null;
  /**
   * The colours around the cells: "print" has black text, a transparent background and thin lines,
   * for exports; "auto" is dark when the reader prefers a dark colour scheme, else light.
   */
  theme: Theme | null;
}
