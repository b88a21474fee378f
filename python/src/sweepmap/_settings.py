# Generated from the view settings (src/view/) by src/view/typescript.rs: do not edit.
# Written again with `SWEEPMAP_WRITE_TYPES=1 cargo test --lib typescript`.
# ruff: noqa: E501

"""The view settings of sweepmap's core (src/view/) as the Python package takes them:
each setting's keyword (its <sweep-map> attribute in snake case, or the keyword it declares),
its option name, type, words, doc text and link key, and the values a link holds."""

#: SweepFigure's options: keyword -> option, in the order links write them.
SWEEP: dict[str, str] = {
    "layout": "layout",
    "show_model": "model",
    "show_model_b": "modelB",
    "show_benchmark": "benchmark",
    "order": "order",
    "colormap": "colorMap",
    "reverse": "reversed",
    "color_scale": "colorScale",
    "range": "domain",
    "min": "min",
    "max": "max",
    "center": "center",
    "annotate": "annotate",
    "decimals": "decimals",
    "uncertainty": "uncertainty",
    "marginals": "marginals",
    "chart": "chart",
    "along": "along",
    "across": "across",
    "theme": "theme",
    "pixel_ratio": "pixelRatio",
}

#: SweepPairwiseFigure's options: keyword -> option, in the order links write them.
PAIRWISE: dict[str, str] = {
    "models": "models",
    "group": "group",
    "bins": "bins",
    "by": "value",
    "log": "logarithmic",
    "colormap": "colorMap",
    "reverse": "reversed",
    "range": "domain",
    "min": "min",
    "max": "max",
    "annotate": "annotate",
    "decimals": "decimals",
    "theme": "theme",
    "pixel_ratio": "pixelRatio",
}

#: The keywords of sweeps alone, and of per-item scores alone.
SWEEP_ONLY: tuple[str, ...] = (
    "layout",
    "show_model",
    "show_model_b",
    "show_benchmark",
    "order",
    "color_scale",
    "center",
    "uncertainty",
    "marginals",
    "chart",
    "along",
    "across",
)
PAIRWISE_ONLY: tuple[str, ...] = (
    "models",
    "group",
    "bins",
    "by",
    "log",
)

#: Each keyword's type: "word" (one of WORDS), "text", "flag", "number", "whole" (0 to
#: MAX_DECIMALS) or "names" (a list of names).
KINDS: dict[str, str] = {
    "layout": "word",
    "show_model": "text",
    "show_model_b": "text",
    "show_benchmark": "text",
    "order": "word",
    "colormap": "text",
    "reverse": "flag",
    "color_scale": "word",
    "range": "word",
    "min": "number",
    "max": "number",
    "center": "number",
    "annotate": "flag",
    "decimals": "whole",
    "uncertainty": "number",
    "marginals": "word",
    "chart": "word",
    "along": "word",
    "across": "word",
    "theme": "word",
    "pixel_ratio": "number",
    "models": "names",
    "group": "text",
    "bins": "number",
    "by": "word",
    "log": "flag",
}

#: The words a word setting takes, in the order the page lists them.
WORDS: dict[str, tuple[str, ...]] = {
    "layout": ("model", "benchmark", "grid", "difference", "reconcile"),
    "order": ("data", "mean", "best"),
    "color_scale": ("linear", "log", "symlog"),
    "range": ("panel", "shared", "fixed", "centered"),
    "marginals": ("auto", "on", "off"),
    "chart": ("heatmap", "slice"),
    "along": ("x", "y"),
    "across": ("auto", "each", "best", "mean"),
    "theme": ("auto", "light", "dark", "print"),
    "by": ("count", "share"),
}

#: What each setting does (the doc text of its option in the TypeScript declarations).
DOCS: dict[str, str] = {
    "layout": 'Which panels: a model\'s benchmarks ("model"), a benchmark\'s models ("benchmark"), every model and benchmark ("grid"), two models\' difference on a benchmark ("difference"), or a reported aggregate beside the one recomputed from its benchmarks ("reconcile").',
    "show_model": 'The model of layout "model", and model A of "difference". Default: the first model.',
    "show_model_b": 'Model B of "difference". Default: the first model other than `model`.',
    "show_benchmark": 'The benchmark of layouts "benchmark" and "difference" (":mean" for the mean across benchmarks), and the reported aggregate of "reconcile". Default: the first benchmark (for "reconcile", the first reported aggregate).',
    "order": 'Layouts "model", "benchmark" and "grid": panels in the data\'s order, or by each panel\'s mean or best cell, best first, each panel saying its rank.',
    "colormap": "A colour map's name, one of `colorMaps()`.",
    "reverse": "Run the colour map the other way.",
    "color_scale": 'How values are spaced along the colour map: "log" needs values above 0 (else the figure is refused); "symlog" works across 0.',
    "range": "The colour range: each panel's own, one shared by every panel, fixed from `min` to `max`, or centred on `center`.",
    "min": 'The low end of a fixed colour range (`domain: "fixed"`).',
    "max": 'The high end of a fixed colour range (`domain: "fixed"`).',
    "center": 'The value a "centered" colour range is centred on.',
    "annotate": "Write each cell's value in it (a pairwise bin's count or share).",
    "decimals": "Decimals of the value labels, 0 to 12; null (the default) for automatic: as few as tell the shown values apart, never more than the noise supports (pairwise: 0 for counts, 1 for shares).",
    "uncertainty": 'A confidence level between 0 and 1 (the page offers `linkSchema().levels`) at which to mark the cells the peak cannot be told apart from (for "difference": the cells ahead beyond noise); 0 for no marks. Default: marks when the data carry a noise estimate (replicates, item counts, reported standard errors), at `linkSchema().defaultLevel`.',
    "marginals": 'Layouts "model", "benchmark" and "grid": a strip of each row\'s and column\'s mean (or best cell, with `order: "best"`) beside each panel, on its colour scale, the best outlined; "auto" draws them when the panels are larger than 6 x 6 (more than 6 columns or rows, at least 2 of each).',
    "chart": 'What the figure draws: "heatmap", or "slice", the metric along one axis as a line with its interval band per series (drawn by the slice package, fetched when asked for).',
    "along": "The axis a slice runs along.",
    "across": 'What a slice does with the other axis: a line per value ("each"), each point\'s best over it ("best") or its mean over every value ("mean"); "auto" is "each" when one panel is shown and the other axis has at most 10 values, else "best".',
    "theme": 'The colours around the cells: "print" has black text, a transparent background and thin lines, for exports; "auto" is dark when the reader prefers a dark colour scheme, else light.',
    "pixel_ratio": "Device pixels per CSS pixel, clamped to 1 to 4. Default: the screen's devicePixelRatio.",
    "models": "The models to compare, every pair among them: at least two. Default: the first models in the data's order (`linkSchema().pairwiseDefaultModels` of them; every model when there are no more).",
    "group": "Only the items of this group; null (the default) for all items.",
    "bins": "Bins of both score axes, 1 to 200; clears `binsX` and `binsY` unless they are given too. The bins shape the histogram, not the statistics.",
    "by": "Colour each bin by its item count, or by its share of the pair's paired items (in %).",
    "log": "Colour by ln(1 + value).",
}

#: Each setting's share-link key (README "Share links").
LINK_KEYS: dict[str, str] = {
    "layout": "layout",
    "show_model": "model",
    "show_model_b": "b",
    "show_benchmark": "bench",
    "order": "order",
    "colormap": "cmap",
    "reverse": "rev",
    "color_scale": "scale",
    "range": "range",
    "min": "min",
    "max": "max",
    "center": "center",
    "annotate": "annot",
    "decimals": "dec",
    "uncertainty": "unc",
    "marginals": "marginals",
    "chart": "chart",
    "along": "along",
    "across": "across",
    "theme": "theme",
    "models": "models",
    "group": "group",
    "bins": "bins",
    "by": "by",
    "log": "log",
}

#: The most decimals of a value label.
MAX_DECIMALS = 12
#: What a link holds of the settings that are numbers here but a short list there.
LINK_BINS = (5, 10, 20)
LINK_DECIMALS = range(7)
LINK_LEVELS = (0.0, 0.9, 0.95, 0.99)
