// Types of the package's entry (lib/sweepmap.js): the default package's wasm API, typed by
// wasm-bindgen's own declarations, plus load(), loadPairwiseApi() (the pairwise package),
// loadImportersApi() (the importers package) and loadSliceApi() (the slice package).

import type * as api from "../pkg/sweepmap.js";
import type { InitInput } from "../pkg/sweepmap.js";
import type * as pairwiseApi from "../pkg/pairwise/sweepmap.js";
import type * as importersApi from "../pkg/importers/sweepmap.js";
import type * as sliceApi from "../pkg/slice/sweepmap.js";

export * from "../pkg/sweepmap.js";

/** The wasm API once instantiated: every export of the wasm-bindgen module. */
export type SweepmapApi = typeof api;

/** Where the wasm is: beside the wasm-bindgen glue, relative to this module. */
export declare const wasmUrl: URL;

/**
 * Fetches and instantiates the wasm once per page; every call returns the same promise. `source`
 * overrides where the wasm comes from; only the first call's counts.
 */
export declare function load(source?: InitInput | Promise<InitInput>): Promise<SweepmapApi>;

/** True once load() has finished. */
export declare function isLoaded(): boolean;

/** The pairwise package's API: everything in SweepmapApi plus per-item scores and their figure. */
export type SweepmapPairwiseApi = typeof pairwiseApi;

/** Where the pairwise package's wasm is. */
export declare const pairwiseWasmUrl: URL;

/**
 * Fetches and instantiates the pairwise package (glue and wasm) once per page; every call returns
 * the same promise. `source` as for load().
 */
export declare function loadPairwiseApi(source?: InitInput | Promise<InitInput>): Promise<SweepmapPairwiseApi>;

/**
 * Calls `use` with a figure or dataset that has the exports and analyses (a figure's toSvg, latex,
 * observationsMarkdown, shownCsv, reports, observations, differenceSummary, reconciliation; a
 * dataset's toCsv, analysis, reconcile, rankConfigurations): `item` itself when it has them,
 * else the same figure or dataset in the pairwise package (fetched on the first call), freed
 * once `use` has returned. Resolves to what `use` returns.
 */
export declare function withExports<
  I extends api.SweepFigure | api.SweepDataset | pairwiseApi.SweepFigure | pairwiseApi.SweepPairwiseFigure | pairwiseApi.SweepDataset,
  T,
>(item: I, use: (item: WithExports<I>) => T): Promise<Awaited<T>>;

/** What withExports hands `use` for an item: the pairwise package's figure or dataset (`any` for an untyped item). */
export type WithExports<I> = 0 extends 1 & I
  ? any
  : I extends pairwiseApi.SweepPairwiseFigure
  ? pairwiseApi.SweepPairwiseFigure
  : I extends api.SweepDataset | pairwiseApi.SweepDataset
    ? pairwiseApi.SweepDataset
    : pairwiseApi.SweepFigure;

/** The paper package's fonts, loaded: converts a figure's SVG. */
export type PaperFonts = import("../pkg/paper/sweepmap_paper.js").PaperFonts;

/** Where the paper package's wasm is. */
export declare const paperWasmUrl: URL;

/** The fonts the paper package lays text out with: Liberation Sans, regular then bold. */
export declare const paperFontUrls: URL[];

/**
 * Fetches and instantiates the paper package (PDF and SVG with text as paths) and its fonts once
 * per page; every call returns the same promise. `source` as for load(); `fonts`: URLs to fetch
 * or the bytes of .ttf/.otf files (default paperFontUrls). Only the first call's arguments count.
 */
export declare function loadPaperApi(
  source?: import("../pkg/paper/sweepmap_paper.js").InitInput | Promise<import("../pkg/paper/sweepmap_paper.js").InitInput>,
  fonts?: (URL | string | Uint8Array | ArrayBuffer)[],
): Promise<PaperFonts>;

/** A figure's SVG as a one-page PDF with real text; `missing`: characters the font lacks; `note`: what the page says of them (null when none). */
export declare function svgToPdf(svg: string): Promise<{ pdf: Uint8Array<ArrayBuffer>; missing: string[]; note: string | null }>;

/** A figure's SVG with its text as paths; `missing` and `note` as for svgToPdf. */
export declare function svgTextAsPaths(svg: string): Promise<{ svg: string; missing: string[]; note: string | null }>;

/** The importers package's API: conversions of other tools' files (no figure code). */
export type SweepmapImportersApi = typeof importersApi;

/** Where the importers package's wasm is. */
export declare const importersWasmUrl: URL;

/**
 * Fetches and instantiates the importers package (glue and wasm) once per page; every call
 * returns the same promise. `source` as for load().
 */
export declare function loadImportersApi(source?: InitInput | Promise<InitInput>): Promise<SweepmapImportersApi>;

/** The importers package's API once loadImportersApi() has finished, else null. */
export declare function loadedImporters(): SweepmapImportersApi | null;

/** The slice package's API: the sweep figure API with its exports and the slice view. */
export type SweepmapSliceApi = typeof sliceApi;

/** Where the slice package's wasm is. */
export declare const sliceWasmUrl: URL;

/**
 * Sets where loadSliceApi() takes the slice package from when called without a source: `make()`
 * is called then, once (a standalone file points it at the bytes it holds).
 */
export declare function sliceSource(make: () => InitInput | Promise<InitInput>): void;

/**
 * Fetches and instantiates the slice package (glue and wasm) once per page; every call returns
 * the same promise. `source` as for load() (by default www/pkg/slice/, or what sliceSource set).
 */
export declare function loadSliceApi(source?: InitInput | Promise<InitInput>): Promise<SweepmapSliceApi>;

/** The slice package's API once loadSliceApi() has finished, else null. */
export declare function loadedSlice(): SweepmapSliceApi | null;

/**
 * The slice package's copy of a dataset of any package (itself when it is the slice package's),
 * read once from its JSON; throws when the slice package is not loaded.
 */
export declare function sliceDataset(dataset: { toJson(): string }): sliceApi.SweepDataset;

/** Frees the slice package's copy of `dataset`, if sliceDataset made one. */
export declare function freeSliceDataset(dataset: object): void;
