// Generated from the view settings (src/view/) by src/view/typescript.rs: do not edit.
// Written again with `SWEEPMAP_WRITE_TYPES=1 cargo test --lib typescript`.

/**
 * The attributes of <sweep-map> that shape the figure: each view setting's own attribute (the
 * core reads its older spellings and its option name too: viewOptions in element.js), in the
 * order links write the settings. Each is reflected as a property (model-b as modelB).
 */
export const VIEW_ATTRIBUTES = [
  "roles",
  "metric",
  "direction",
  "x",
  "y",
  "others",
  "binned",
  "layout",
  "model",
  "model-b",
  "benchmark",
  "order",
  "models",
  "group",
  "bins",
  "by",
  "log",
  "colormap",
  "reverse",
  "color-scale",
  "range",
  "min",
  "max",
  "center",
  "annotate",
  "decimals",
  "uncertainty",
  "marginals",
  "chart",
  "along",
  "across",
  "theme",
];

/** The attributes that are on or off (present, "", "true" or "false"), with what an absent one means. */
export const FLAG_ATTRIBUTES = new Map([
  ["log", false],
  ["reverse", false],
  ["annotate", true],
]);

/** The attributes that are numbers (absent, "" or a word such as "auto" for the default). */
export const NUMBER_ATTRIBUTES = new Set([
  "bins",
  "min",
  "max",
  "center",
  "decimals",
  "uncertainty",
]);
