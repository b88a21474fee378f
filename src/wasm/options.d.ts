// Generated from the view settings (src/view/) by src/view/typescript.rs: do not edit.
// Written again with `SWEEPMAP_WRITE_TYPES=1 cargo test --lib typescript`.

/**
 * Options of a sweep figure (`SweepFigure`); every field is optional. In `update` and `setDataset`,
 * a field left out (or `undefined`) keeps its current value and `null` resets it to its default.
 */
export interface FigureOptions {
  /**
   * Which panels: a model's benchmarks ("model"), a benchmark's models ("benchmark"), every model
   * and benchmark ("grid"), two models' difference on a benchmark ("difference"), or a reported
   * aggregate beside the one recomputed from its benchmarks ("reconcile"). Default "model".
   */
  layout?: Layout | null;
  /** The model of layout "model", and model A of "difference". Default: the first model. */
  model?: string | null;
  /** Model B of "difference". Default: the first model other than `model`. */
  modelB?: string | null;
  /**
   * The benchmark of layouts "benchmark" and "difference" (":mean" for the mean across benchmarks),
   * and the reported aggregate of "reconcile". Default: the first benchmark (for "reconcile", the
   * first reported aggregate).
   */
  benchmark?: string | null;
  /**
   * Layouts "model", "benchmark" and "grid": panels in the data's order, or by each panel's mean or
   * best cell, best first, each panel saying its rank. Default "data".
   */
  order?: PanelOrder | null;
  /** A colour map's name, one of `colorMaps()`. Default "viridis". */
  colorMap?: string | null;
  /** Run the colour map the other way. Default false. */
  reversed?: boolean | null;
  /**
   * How values are spaced along the colour map: "log" needs values above 0 (else the figure is
   * refused); "symlog" works across 0. Default "linear".
   */
  colorScale?: ColorScale | null;
  /**
   * The colour range: each panel's own, one shared by every panel, fixed from `min` to `max`, or
   * centred on `center`. Default "panel".
   */
  domain?: ColorRange | null;
  /** The low end of a fixed colour range (`domain: "fixed"`). */
  min?: number | null;
  /** The high end of a fixed colour range (`domain: "fixed"`). */
  max?: number | null;
  /** The value a "centered" colour range is centred on. Default 0. */
  center?: number | null;
  /** Write each cell's value in it (a pairwise bin's count or share). Default true. */
  annotate?: boolean | null;
  /**
   * Decimals of the value labels, 0 to 12; null (the default) for automatic: as few as tell the
   * shown values apart, never more than the noise supports (pairwise: 0 for counts, 1 for shares).
   */
  decimals?: number | null;
  /**
   * A confidence level between 0 and 1 (the page offers `linkSchema().levels`) at which to mark the
   * cells the peak cannot be told apart from (for "difference": the cells ahead beyond noise); 0
   * for no marks. Default: marks when the data carry a noise estimate (replicates, item counts,
   * reported standard errors), at `linkSchema().defaultLevel`.
   */
  uncertainty?: number | null;
  /**
   * Layouts "model", "benchmark" and "grid": a strip of each row's and column's mean (or best cell,
   * with `order: "best"`) beside each panel, on its colour scale, the best outlined; "auto" draws
   * them when the panels are larger than 6 x 6 (more than 6 columns or rows, at least 2 of each).
   * Default "auto".
   */
  marginals?: MarginalStrips | null;
  /**
   * What the figure draws: "heatmap", or "slice", the metric along one axis as a line with its
   * interval band per series (drawn by the slice package, fetched when asked for). Default
   * "heatmap".
   */
  chart?: Chart | null;
  /** The axis a slice runs along. Default "x". */
  along?: SliceAxis | null;
  /**
   * What a slice does with the other axis: a line per value ("each"), each point's best over it
   * ("best") or its mean over every value ("mean"); "auto" is "each" when one panel is shown and
   * the other axis has at most 10 values, else "best". Default "auto".
   */
  across?: SliceAcross | null;
  /**
   * The colours around the cells: "print" has black text, a transparent background and thin lines,
   * for exports; "auto" is dark when the reader prefers a dark colour scheme, else light. Default
   * "auto".
   */
  theme?: Theme | null;
  /**
   * The figure's width in CSS pixels, 1 to 20000. Default: the width of the canvas' parent, else
   * 800.
   */
  width?: number | null;
  /** Device pixels per CSS pixel, clamped to 1 to 4. Default: the screen's devicePixelRatio. */
  pixelRatio?: number | null;
}

/**
 * Options of a pairwise figure (`SweepPairwiseFigure`); every field is optional. In `update` and
 * `setData`, a field left out (or `undefined`) keeps its current value and `null` resets it to its
 * default.
 */
export interface PairwiseFigureOptions {
  /**
   * The models to compare, every pair among them: at least two. Default: the first models in the
   * data's order (`linkSchema().pairwiseDefaultModels` of them; every model when there are no
   * more).
   */
  models?: string[] | null;
  /** Only the items of this group; null (the default) for all items. */
  group?: string | null;
  /**
   * Bins of both score axes, 1 to 200; clears `binsX` and `binsY` unless they are given too. The
   * bins shape the histogram, not the statistics. Default 10.
   */
  bins?: number | null;
  /** Bins along x (model A). Default: `bins`. */
  binsX?: number | null;
  /** Bins along y (model B). Default: `bins`. */
  binsY?: number | null;
  /**
   * Colour each bin by its item count, or by its share of the pair's paired items (in %). Default
   * "count".
   */
  value?: BinValue | null;
  /** Colour by ln(1 + value). Default false. */
  logarithmic?: boolean | null;
  /** A colour map's name, one of `colorMaps()`. Default "viridis". */
  colorMap?: string | null;
  /** Run the colour map the other way. Default false. */
  reversed?: boolean | null;
  /**
   * The colour range: each panel's own, one shared by every panel, or fixed from `min` to `max`.
   * Default "shared".
   */
  domain?: PairwiseColorRange | null;
  /** The low end of a fixed colour range (`domain: "fixed"`). */
  min?: number | null;
  /** The high end of a fixed colour range (`domain: "fixed"`). */
  max?: number | null;
  /** Write each cell's value in it (a pairwise bin's count or share). Default true. */
  annotate?: boolean | null;
  /**
   * Decimals of the value labels, 0 to 12; null (the default) for automatic: as few as tell the
   * shown values apart, never more than the noise supports (pairwise: 0 for counts, 1 for shares).
   */
  decimals?: number | null;
  /**
   * The colours around the cells: "print" has black text, a transparent background and thin lines,
   * for exports; "auto" is dark when the reader prefers a dark colour scheme, else light. Default
   * "auto".
   */
  theme?: Theme | null;
  /**
   * The figure's width in CSS pixels, 1 to 20000. Default: the width of the canvas' parent, else
   * 800.
   */
  width?: number | null;
  /** Device pixels per CSS pixel, clamped to 1 to 4. Default: the screen's devicePixelRatio. */
  pixelRatio?: number | null;
}

/** Options of `SweepPairwise.comparePair`; every field is optional. */
export interface ComparePairOptions {
  /**
   * Bins of both score axes, 1 to 200; clears `binsX` and `binsY` unless they are given too. The
   * bins shape the histogram, not the statistics. Default 10.
   */
  bins?: number | null;
  /** Bins along x (model A). Default: `bins`. */
  binsX?: number | null;
  /** Bins along y (model B). Default: `bins`. */
  binsY?: number | null;
  /** Only the items of this group; null (the default) for all items. */
  group?: string | null;
}
