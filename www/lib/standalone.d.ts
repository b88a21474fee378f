// Types of the standalone file's template contract (lib/standalone.js; README "One file").

/** A figure to fill a template with. Only `data` is required. */
export interface StandaloneFigure {
  /** The dataset's text, CSV or JSON, as a file holds it. */
  data: string;
  /** Its file name: the extension tells the format; shown as the title when there is no other. */
  name?: string;
  /** Default "auto": from `name`, else from the text. */
  format?: "auto" | "csv" | "json";
  /** Default "auto"; "pairwise" (per-item scores) needs the pairwise template. */
  kind?: "auto" | "sweep" | "pairwise";
  /** The heading and the tab's title, unless the data have their own. */
  title?: string;
  /** The view as share-link text without a source ("layout=grid&cmap=magma"). */
  view?: string;
}

/** The one slot of a template: `<!--sweepmap:figure-->`. */
export declare const FIGURE_SLOT: string;
/** The id of the script element that holds the figure's JSON. */
export declare const FIGURE_ELEMENT_ID: string;
/** The ids of the elements that hold each wasm package, gzipped, as base64. */
export declare const WASM_ELEMENT_IDS: { readonly sweep: string; readonly pairwise: string; readonly slice: string };
/** The id of the one dataset a standalone file offers (its links say dataset=figure). */
export declare const FIGURE_DATASET_ID: string;
/** Where the templates are, beside the wasm packages. */
export declare const templateUrls: { readonly sweep: URL; readonly pairwise: URL };

/** The text that fills the slot: the figure as JSON, every "<" written \u003c. Throws on a bad field. */
export declare function figureJson(figure: StandaloneFigure): string;
/** A template with its slot filled; throws when it does not have exactly one slot. */
export declare function fillTemplate(template: string, figure: StandaloneFigure): string;
/** The figure a filled template's document holds, with its defaults; null in any other page. */
export declare function readStandaloneFigure(document: Document): Required<StandaloneFigure> | null;
/** The explorer's catalog of one entry for a standalone file's figure, its text and view link. */
export declare function standaloneCatalog(
  figure: Required<StandaloneFigure>,
  document: Document,
): {
  catalog: { id: string; file: string; format: string; title: string; kind: string }[];
  text: string;
  link: string;
};
/** Fetches the template for a kind of data as text. */
export declare function fetchTemplate(kind: "sweep" | "pairwise"): Promise<string>;
