// Generated from the Rust types by src/typescript.rs: do not edit. Written again with
// `SWEEPMAP_WRITE_TYPES=1 cargo test --lib typescript`.

export type Layout = "model" | "benchmark" | "grid" | "difference" | "reconcile";

export type ColorRange = "panel" | "shared" | "fixed" | "centered";

export type PairwiseColorRange = "panel" | "shared" | "fixed";

export type BinValue = "count" | "share";

export type Theme = "auto" | "light" | "dark" | "print";

export type ColorScale = "linear" | "log" | "symlog";

export type PanelOrder = "data" | "mean" | "best";

export type MarginalStrips = "auto" | "on" | "off";

export type Chart = "heatmap" | "slice";

export type SliceAxis = "x" | "y";

export type SliceAcross = "auto" | "each" | "best" | "mean";

export type Direction = "higher" | "lower";

export type CellPosition = {
  /**
   * Column index: position on the x axis.
   */
  x: number,
  /**
   * Row index: position on the y axis, 0 = smallest y.
   */
  y: number,
};

export type Extreme = {
  /**
   * The extreme value.
   */
  value: number,
  /**
   * All cells tied at that value, row-major from the smallest y.
   */
  cells: Array<CellPosition>,
};

export type Summary = {
  /**
   * The direction the peak and worst cells were chosen by.
   */
  direction: Direction,
  /**
   * The best value (largest for `Higher`, smallest for `Lower`) and all cells tied at it.
   */
  peak: Extreme,
  /**
   * The worst value (the opposite extreme) and all cells tied at it.
   */
  worst: Extreme,
  /**
   * Mean of the present cells.
   */
  mean: number,
  /**
   * Median of the present cells (mean of the two middle values for an even count).
   */
  median: number,
  /**
   * Sample standard deviation of the present cells (`n - 1` in the denominator); null when
   * only one cell is present.
   */
  sampleStandardDeviation: number | null,
  /**
   * Largest minus smallest present value.
   */
  range: number,
  /**
   * Number of present cells.
   */
  present: number,
  /**
   * Number of missing cells.
   */
  missing: number,
};

export type TrendStrength = "none" | "weak" | "moderate" | "strong";

export type TrendDirection = "increasing" | "decreasing";

export type Trend = {
  /**
   * Spearman's rho between value and axis position over all present cells; null with fewer
   * than three cells or no variation.
   */
  rankCorrelation: number | null,
  /**
   * Number of present cells the correlation is over.
   */
  count: number,
  /**
   * Strength class of the correlation.
   */
  strength: TrendStrength,
  /**
   * Direction of the trend; null when there is no consistent trend.
   */
  direction: TrendDirection | null,
  /**
   * Number of lines checked on their own: rows for the trend along x, columns along y.
   */
  lines: number,
  /**
   * Lines whose own Spearman correlation is positive.
   */
  linesIncreasing: number,
  /**
   * Lines whose own Spearman correlation is negative.
   */
  linesDecreasing: number,
  /**
   * Lines with a zero or undefined correlation (fewer than three cells, or no variation).
   */
  linesWithoutTrend: number,
  /**
   * One sentence, e.g. "weak increasing trend (Spearman rho = 0.27, n = 20); rows: 3 up,
   * 1 down, 0 without trend".
   */
  description: string,
};

export type Trends = {
  /**
   * Value against column (x) position; lines are rows.
   */
  alongX: Trend,
  /**
   * Value against row (y) position; lines are columns.
   */
  alongY: Trend,
};

export type LineMean = {
  /**
   * Mean of the line's present cells; null when the whole line is missing.
   */
  mean: number | null,
  /**
   * How many present cells the mean is over.
   */
  present: number,
};

export type Marginals = {
  /**
   * One entry per row (y value), row 0 = smallest y.
   */
  rows: Array<LineMean>,
  /**
   * One entry per column (x value).
   */
  columns: Array<LineMean>,
};

export type GridCell = {
  /**
   * Mean of the measurements (the value shown).
   */
  mean: number,
  /**
   * How many measurements (replicates) the mean is over; at least 1.
   */
  count: number,
  /**
   * Sample standard deviation of the replicates (n - 1 in the denominator); null for one.
   */
  stdDev: number | null,
};

export type GridValues = {
  columns: number,
  rows: number,
  cells: Array<GridCell | null>,
};

export type Mismatch = {
  /**
   * The cell (column and row index).
   */
  position: CellPosition,
  /**
   * The reported value.
   */
  reported: number,
  /**
   * The mean of the parts.
   */
  recomputed: number,
  /**
   * `reported - recomputed`.
   */
  difference: number,
};

export type Reconciliation = {
  /**
   * Cell-wise mean of the parts (present only where every part is).
   */
  recomputed: GridValues,
  /**
   * `reported - recomputed` where both are present.
   */
  difference: GridValues,
  /**
   * Cells whose difference exceeds the tolerance, row-major from the smallest y.
   */
  mismatches: Array<Mismatch>,
  /**
   * The largest difference explained by rounding.
   */
  tolerance: number,
  /**
   * Decimals the reported values were printed with (inferred).
   */
  reportedDecimals: number,
  /**
   * Decimals the parts were printed with (inferred).
   */
  partsDecimals: number,
  /**
   * Largest `|reported - recomputed|`; null when no cell could be compared.
   */
  maxAbsDifference: number | null,
  /**
   * Cells where both a reported and a recomputed value exist.
   */
  compared: number,
  /**
   * Compared cells within the tolerance.
   */
  withinTolerance: number,
  /**
   * Cells reported but not recomputable (some part is missing there).
   */
  onlyReported: number,
  /**
   * Cells recomputable but not reported.
   */
  onlyRecomputed: number,
};

export type BenchmarkSelection = {
  /**
   * Benchmark indices used: measured, not reported aggregates, at least one present cell.
   */
  included: Array<number>,
  /**
   * Benchmark indices left out because they are reported aggregates.
   */
  reportedAggregates: Array<number>,
  /**
   * Benchmark indices left out because the model has no present cell on them.
   */
  unmeasured: Array<number>,
};

export type ConfigurationRank = {
  /**
   * The configuration (column and row index).
   */
  position: CellPosition,
  /**
   * Mean of its per-benchmark ranks (1 = best), over the benchmarks where it is present.
   */
  meanRank: number,
  /**
   * Number of benchmarks where it is present (what the mean is over).
   */
  benchmarksPresent: number,
  /**
   * Number of those benchmarks where fewer than three cells are strictly better.
   */
  topThree: number,
};

export type ConfigurationRanking = {
  /**
   * The model index.
   */
  model: number,
  /**
   * The metric direction the ranks follow.
   */
  direction: Direction,
  /**
   * The benchmarks ranked over and those left out.
   */
  selection: BenchmarkSelection,
  /**
   * Every configuration present on at least one benchmark, best first.
   */
  configurations: Array<ConfigurationRank>,
};

export type ColorMapInfo = {
  name: string,
  label: string,
  diverging: boolean,
};

export type MetricInfo = {
  name: string,
  direction: Direction,
  unit: string | null,
};

export type AxisInfo = {
  name: string,
  labels: Array<string>,
  /**
   * The numeric value of each label, or null when the axis is categorical.
   */
  values: Array<number> | null,
};

export type PanelInfo = {
  model: string,
  benchmark: string,
  /**
   * "Model | Benchmark", leaving out facets the data do not have.
   */
  title: string,
  present: number,
  missing: number,
};

export type BenchmarkInfo = {
  name: string,
  /**
   * Items (problems) in the benchmark, e.g. 30 for AIME24.
   */
  items: number | null,
  /**
   * Samples per item when a score averages several.
   */
  samplesPerItem: number | null,
  /**
   * For a reported aggregate (a paper's average), the benchmarks it averages.
   */
  aggregateOf: Array<string> | null,
};

export type PanelAnalysis = {
  /**
   * null when the panel has no present cell.
   */
  summary: Summary | null,
  trends: Trends,
  marginals: Marginals,
};

export type ResolvedFigureOptions = {
  layout: Layout,
  model: string,
  /**
   * null when the dataset has a single model and `modelB` was not given.
   */
  modelB: string | null,
  benchmark: string,
  order: PanelOrder,
  colorMap: string,
  reversed: boolean,
  colorScale: ColorScale,
  domain: ColorRange,
  /**
   * The fixed bounds as given (kept while another domain mode is in use).
   */
  min: number | null,
  max: number | null,
  center: number,
  annotate: boolean,
  /**
   * null for automatic.
   */
  decimals: number | null,
  /**
   * The level of the uncertainty marks; null when off.
   */
  uncertainty: number | null,
  /**
   * Whether strips are drawn: `auto` resolved against the dataset's axes (`"on"` or
   * `"off"`), and `"off"` for the layouts without strips (difference, reconcile).
   */
  marginals: MarginalStrips,
  /**
   * The heatmap, or a slice along `along` with `across` deciding the other axis (`auto` is
   * resolved against the figure's panels: `SliceFigure::across` says what it became).
   */
  chart: Chart,
  along: SliceAxis,
  across: SliceAcross,
  /**
   * The theme drawn: `auto` resolved to light or dark.
   */
  theme: Theme,
  /**
   * The width asked for, in CSS pixels (the layout draws narrower ones at its minimum).
   */
  width: number,
  pixelRatio: number,
};

export type ResolvedPairwiseFigureOptions = {
  /**
   * The models compared, every pair among them.
   */
  models: Array<string>,
  /**
   * The group the items are restricted to; null for all items.
   */
  group: string | null,
  binsX: number,
  binsY: number,
  value: BinValue,
  logarithmic: boolean,
  colorMap: string,
  reversed: boolean,
  domain: PairwiseColorRange,
  /**
   * The fixed bounds as given (kept while another domain mode is in use).
   */
  min: number | null,
  max: number | null,
  annotate: boolean,
  /**
   * null for automatic.
   */
  decimals: number | null,
  /**
   * The theme drawn: `auto` resolved to light or dark.
   */
  theme: Theme,
  /**
   * The width asked for, in CSS pixels.
   */
  width: number,
  pixelRatio: number,
};

export type FigureNotes = {
  /**
   * Under the colour controls: the map a difference is drawn with instead of a sequential
   * one, and that its range is centred on 0.
   */
  colour: string | null,
  /**
   * Under the uncertainty controls: the panels that cannot have marks (no noise estimate).
   */
  uncertainty: string | null,
  /**
   * Under the figure: the figure is larger than a browser canvas at full resolution, and at
   * which resolution it is drawn and a PNG export comes out.
   */
  canvas: string | null,
  /**
   * After a PNG export's file name: the resolution the PNG came out at, when less than asked.
   */
  export: string | null,
  /**
   * Under the figure: how to read it by pointer and keyboard, when that is not the page's
   * own line about cells (a slice's points and lines).
   */
  help: string | null,
};

export type TooltipRow = {
  term: string,
  text: string,
  /**
   * True for the value's row (shown emphasised).
   */
  value: boolean,
};

export type CellInfo = {
  panel: number,
  title: string,
  model: string | null,
  benchmark: string | null,
  xName: string,
  xLabel: string,
  yName: string,
  yLabel: string,
  x: number,
  y: number,
  /**
   * null for a missing cell.
   */
  value: number | null,
  /**
   * The value as labelled in the figure.
   */
  valueLabel: string,
  /**
   * The value written in full (as JavaScript writes numbers, with a true minus) when the label
   * reads back as another number: "49.333333333333336" beside the label "49".
   */
  exactLabel: string | null,
  /**
   * Replicates the value is the mean of, and their standard deviation (and it written with one
   * decimal more than the label).
   */
  count: number | null,
  stdDev: number | null,
  stdDevLabel: string | null,
  /**
   * Competition rank in the panel (1 = best; ties share a rank) out of `present` cells.
   */
  rank: number | null,
  present: number,
  /**
   * Best value of the panel minus this one (positive when below a higher-is-better peak), and
   * it written as the labels are.
   */
  belowPeak: number | null,
  belowPeakLabel: string | null,
  /**
   * For a cell of a marginal strip: `"row"` (the row strip's cell of row `y`, with `x` =
   * columns) or `"column"` (with `y` = rows); null for a cell of the grid. The axis the
   * strip reduces says how (`xLabel` of a row's cell: "mean of 12 cells"), `rank` and
   * `present` count lines, and `belowPeak` is below the best line.
   */
  strip: string | null,
  /**
   * A strip cell's confidence interval, "41 to 51 (95 %)", when every cell of its line has a
   * standard error.
   */
  intervalLabel: string | null,
  /**
   * One line for screen readers and tooltips.
   */
  text: string,
  /**
   * The tooltip's rows, in order: the two axes, the value, then what the value has (interval,
   * rank, distance below the peak, replicates); names and texts as from the data (the page
   * shows each through `displayLabel`).
   */
  tooltip: Array<TooltipRow>,
};

export type CellRect = {
  x: number,
  y: number,
  width: number,
  height: number,
};

export type PanelReport = {
  title: string,
  summary: Summary | null,
  trends: Trends,
  /**
   * Peak cells as "Ratio 0.3, Local Window Size 2000".
   */
  peakCells: Array<string>,
  /**
   * Worst cells likewise.
   */
  worstCells: Array<string>,
  /**
   * The accessible description of the panel.
   */
  description: string,
};

export type PairStatisticText = {
  key: string,
  term: string,
  text: string,
};

export type PairSummary = {
  /**
   * "model-a vs model-b", with " | web" within one group: the panel's title.
   */
  title: string,
  statistics: Array<PairStatisticText>,
  /**
   * One sentence with the pair's title, for the accessible description.
   */
  sentence: string,
};

export type ComparisonsSummary = {
  /**
   * What every pair is compared over; empty without pairs.
   */
  scope: string,
  pairs: Array<PairSummary>,
  /**
   * "Pairwise comparisons." and every pair's sentence; empty without pairs.
   */
  description: string,
};

export type FigureSize = {
  width: number,
  height: number,
};

export type ValueRange = {
  min: number,
  max: number,
};

export type FigurePanelInfo = {
  title: string,
  model: string | null,
  benchmark: string | null,
  /**
   * Cells across (x) and down (y).
   */
  columns: number,
  rows: number,
  /**
   * The accessible description: title, peak and where, colour range.
   */
  description: string,
  /**
   * Decimals of the panel's value labels.
   */
  decimals: number,
  /**
   * Whether the cells carry the noise estimate the uncertainty marks need (standard errors
   * from items or replicates; in a difference, cells where both models have one).
   */
  noiseEstimate: boolean,
  /**
   * Whether the panel has marginal strips: their cells are x = columns (the row strip, one
   * per row) and y = rows (the column strip), for `cellInfo`, `cellRect` and `hitTest`.
   */
  strips: boolean,
};

export type AxisName = "x" | "y";

export type ObservationClaim = {
  "kind": "peak",
  value: number,
  cells: Array<CellPosition>,
} | {
  "kind": "lowest",
  value: number,
  cells: Array<CellPosition>,
} | {
  "kind": "spread",
  min: number,
  max: number,
  mean: number,
  standardDeviation: number | null,
} | {
  "kind": "trend",
  axis: AxisName,
  direction: TrendDirection | null,
  strength: TrendStrength,
  rankCorrelation: number | null,
  linesWith: number,
  lines: number,
} | {
  "kind": "missing",
  present: number,
  missing: number,
} | {
  "kind": "uncertainty",
  level: number,
  indistinguishable: number,
  others: number,
} | {
  "kind": "comparison",
  a: string,
  b: string,
  aAhead: number,
  bAhead: number,
  equal: number,
  meanDifference: number,
} | {
  "kind": "beyond_noise",
  level: number,
  aAhead: number,
  bAhead: number,
  withinNoise: number,
  untestable: number,
} | {
  "kind": "reconciliation",
  mismatches: number,
  compared: number,
  tolerance: number,
  maxAbsDifference: number | null,
} | {
  "kind": "best_configuration",
  cell: CellPosition,
  meanRank: number,
  topThree: number,
  benchmarks: number,
};

export type Observation = {
  text: string,
  claim: ObservationClaim,
};

export type ObservationSection = {
  title: string,
  observations: Array<Observation>,
};

export type DifferenceLines = {
  heading: string,
  lines: Array<string>,
};

export type TableColumn = {
  name: string,
  numeric: boolean,
};

export type MismatchRow = {
  position: CellPosition,
  /**
   * `|reported - recomputed|` at the decimals the difference is shown with: the rows are
   * sorted by it, largest first, equal gaps in the order of the cells.
   */
  gap: number,
  /**
   * The x and y labels, the reported value, the recomputed one and the signed difference
   * ("+1.30", "−2.10"), each written as the figure's panels write them.
   */
  cells: Array<string>,
};

export type MismatchTable = {
  caption: string,
  columns: Array<TableColumn>,
  rows: Array<MismatchRow>,
};

export type KeyObservations = {
  /**
   * What the figure shows of a larger table (a run table's view,
   * `SweepProjection.description`); null otherwise.
   */
  shows: string | null,
  /**
   * One section per panel, in panel order.
   */
  panels: Array<ObservationSection>,
  /**
   * "Across panels", when it has any observation.
   */
  across: Array<ObservationSection>,
  /**
   * For the "difference" layout: who is ahead how often, as lines under a heading.
   */
  difference: DifferenceLines | null,
  /**
   * For the "reconcile" layout: the cells that differ beyond rounding, largest gap first.
   */
  mismatches: MismatchTable | null,
  /**
   * The canvas' accessible description ("Key observations. ..."); "" when there are none.
   */
  description: string,
  /**
   * With a slice shown (the slice package): what the observations are about, the heatmap's
   * cells the slice is read from; absent otherwise.
   */
  scope?: string,
};

export type PairShares = {
  aAhead: number | null,
  tied: number | null,
  bAhead: number | null,
};

export type PairComparison = {
  /**
   * Model A, on x.
   */
  modelA: string,
  /**
   * Model B, on y.
   */
  modelB: string,
  /**
   * The group the comparison is restricted to; null for all items.
   */
  group: string | null,
  /**
   * Items in scope (in the group, or all).
   */
  items: number,
  /**
   * Items scored by both models: the ones in the histogram.
   */
  paired: number,
  /**
   * Items scored by A but not B.
   */
  onlyA: number,
  /**
   * Items scored by B but not A.
   */
  onlyB: number,
  /**
   * Items scored by neither.
   */
  neither: number,
  /**
   * Paired items where A's score is higher.
   */
  aAhead: number,
  /**
   * Paired items where the scores are exactly equal.
   */
  tied: number,
  /**
   * Paired items where B's score is higher.
   */
  bAhead: number,
  /**
   * Mean of A - B over the paired items; null when there are none.
   */
  meanDifference: number | null,
  /**
   * Exact two-sided sign test over the untied paired items; null when every paired item is
   * tied (or there are none), so that there is nothing to test.
   */
  signTestPValue: number | null,
};

export type PairStatistics = PairComparison & {
  shares: PairShares
};

export type PairwisePanelInfo = {
  /**
   * "model-a vs model-b", with " | group" when restricted to one.
   */
  title: string,
  /**
   * Bins across (x) and down (y).
   */
  columns: number,
  rows: number,
  description: string,
  /**
   * Decimals of the bins' labels.
   */
  decimals: number,
  /**
   * The statistics lines under the title.
   */
  subtitle: Array<string>,
};

export type PairwiseBin = {
  /**
   * Model A's scores in the bin, `[low, high)`: the last bin includes 1.
   */
  xRange: [number, number],
  /**
   * Model B's scores in the bin.
   */
  yRange: [number, number],
  /**
   * Items in the bin.
   */
  count: number,
  /**
   * `count` over the pair's paired items; null when there are none.
   */
  share: number | null,
  /**
   * The share in words: "6.3 % of 285 paired items", or "– (no paired items)".
   */
  shareText: string,
  /**
   * The ranges in words: "[0.2, 0.3)", and "[0.9, 1]" for the last bin, which includes 1.
   */
  xRangeText: string,
  yRangeText: string,
  /**
   * One line for the live region: "model-a vs model-b: model-a [0.2, 0.3), ...: 3 items,
   * 6.3 % of 285 paired items."
   */
  announcement: string,
  /**
   * The bin's tooltip rows ([`bin_tooltip`]), in place of a cell's.
   */
  tooltip: TooltipRow[],
};

export type PairwiseCellInfo = CellInfo & PairwiseBin;

export type LinkNotice = {
  /**
   * The key (or keys, comma-separated) the notice is about.
   */
  key: string,
  /**
   * The value as written, when the notice is about one.
   */
  value: string | null,
  message: string,
};

export type MergedSweepFiles = {
  text: string,
  /**
   * What was merged ("Merged 3 files into one table of 48 runs: ..."), then the columns some
   * files lack.
   */
  notices: Array<string>,
  /**
   * The page's title for the files together: "a.csv + b.csv", "a.csv + 2 more files".
   */
  title: string,
};

export type ColumnRoleName = "parameter" | "metric" | "facet" | "replicate" | "ignore";

export type SweepColumn = {
  /**
   * The column's name in the header.
   */
  column: string,
  /**
   * The name it is shown by (an Optuna `params_lr` is `lr`).
   */
  label: string,
  /**
   * The role.
   */
  role: ColumnRoleName,
  /**
   * The reason as a phrase: "numbers with 12 values".
   */
  because: string,
  /**
   * What to check, when inference is unsure of this column.
   */
  check: string | null,
  /**
   * Distinct present values.
   */
  values: number,
  /**
   * Runs with the field missing.
   */
  missing: number,
  /**
   * True when every present value is a number.
   */
  numeric: boolean,
};

export type ParameterChoice = {
  "fixed": string
} | "best" | "mean" | "facet";

export type BinPick = "mean" | "best";

export type SweepView = {
  /**
   * The metric column (name or shown label).
   */
  metric: string,
  /**
   * Whether larger or smaller is better; inferred from the name when left out (an Optuna
   * objective is minimised).
   */
  direction: Direction | null,
  /**
   * The x parameter (columns, drawn left to right).
   */
  x: string,
  /**
   * The y parameter (rows).
   */
  y: string,
  /**
   * Every other parameter's choice, by name or label; parameters left out get the default
   * view's choice.
   */
  others: {
    [key in string]: ParameterChoice
  },
  /**
   * What a cell of a binned axis shows of its runs.
   */
  bins: BinPick,
};

export type TableChoices = {
  /**
   * A column's roles ([`Role`]).
   */
  roles: Array<[string, string]>,
  /**
   * What a view does with a parameter that is not an axis ([`Choice`]): `"fixed"` (written
   * `{ fixed: value }` in a view), `"best"`, `"mean"`, `"facet"`.
   */
  others: Array<[string, string]>,
  /**
   * The metric's directions.
   */
  directions: Array<[string, string]>,
  /**
   * What a cell of a binned axis shows ([`BinPick`]).
   */
  bins: Array<[string, string]>,
  /**
   * The direction's hint once the user picked it.
   */
  directionChosen: string,
  /**
   * The direction's hint until then (the core inferred it).
   */
  directionInferred: string,
};

export type MainEffect = {
  /**
   * The parameter's column.
   */
  parameter: string,
  /**
   * The name it is shown by.
   */
  label: string,
  /**
   * Largest minus smallest mean of the metric over the parameter's values (or bins).
   */
  spread: number,
  /**
   * Share of the metric's variance between the parameter's values (eta squared, 0 to 1).
   */
  share: number,
  /**
   * The share as a page shows it: "62 %".
   */
  shareLabel: string,
  /**
   * What the page writes under the parameter's control: "Main effect: 62 % of the variance".
   */
  hint: string,
  /**
   * What it writes beside the column in the column panel: "main effect 62 %".
   */
  brief: string,
  /**
   * Values (or bins) with at least one run measured.
   */
  values: number,
  /**
   * True when the parameter is binned.
   */
  binned: boolean,
};
