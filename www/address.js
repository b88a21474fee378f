// The explorer's address: the share link of what it shows, in the page address's fragment
// (state.js reads and writes links with the wasm core), written as the view changes, and an
// older link's query string moved to the fragment before anything loads.

import { app } from "./app.js";
import { holdsView, queryString, tableLink } from "./state.js";

/**
 * The address of a state: this page with the state's link in its fragment, and no query. The
 * link carries the view of the run table `shown` (by default what the page shows), if it is one.
 */
export function addressOf(state, shown = app.shown) {
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = queryString(state, tableLink(shown));
  return url;
}

/**
 * How long (ms) after the last live draw (a slider scrubbed) the address is written: writing it
 * costs Chromium about 9 ms a time when it carries a file (data=), more than half of a frame.
 */
const SETTLE_MS = 400;

/** The address write waiting for scrubbing to stop (a timer), or 0. */
let settling = 0;

/**
 * Writes the state's address: "push" a new history entry, "replace" this one, "none" nothing,
 * or "later" replace it once the view has not changed for SETTLE_MS (with what is shown then),
 * so that scrubbing a slider redraws within a frame. Any other write cancels a later one.
 */
export function writeAddress(state, mode) {
  if (mode === "none") return;
  clearTimeout(settling);
  settling = 0;
  if (mode === "later") {
    settling = setTimeout(() => {
      settling = 0;
      if (app.state) writeAddress(app.state, "replace");
    }, SETTLE_MS);
    return;
  }
  const url = addressOf(state);
  const historyState = state.source.kind === "local" ? { localKey: state.source.key } : null;
  if (mode === "push" && url.href !== window.location.href) {
    window.history.pushState(historyState, "", url);
  } else {
    window.history.replaceState(historyState, "", url);
  }
  app.address = window.location.href;
}

/**
 * The share link in the page address: its fragment when that holds a view (an in-page anchor
 * such as #top does not), else nothing, which opens the default view. With its leading #, which
 * the link parser takes off. A link in the query string has been moved here by
 * moveQueryToFragment when the page started.
 */
export function addressLink() {
  const { hash } = window.location;
  return holdsView(hash) ? hash : (app.standalone?.link ?? "");
}

/**
 * Rewrites a link from before views moved to the fragment (?dataset=...) to the fragment form
 * (#dataset=...) in place, before anything loads, so that its data ride in no later request
 * (a reload, a Referer). The text moves as written, damaged percent-encoding and all, so the
 * notices are those of the link as given. When the fragment holds a view too, the fragment wins
 * and the query is dropped.
 */
export function moveQueryToFragment() {
  const url = new URL(window.location.href);
  if (url.search === "") return;
  if (!holdsView(url.hash)) url.hash = url.search.slice(1);
  url.search = "";
  window.history.replaceState(window.history.state, "", url);
}
