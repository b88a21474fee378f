// Types of the package's entry (lib/sweepmap.js): the whole wasm API, typed by wasm-bindgen's
// own declarations, plus load().

import type * as api from "../pkg/sweepmap.js";
import type { InitInput } from "../pkg/sweepmap.js";

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
