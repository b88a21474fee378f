// The reader's colour scheme, for the `theme` view setting. A figure's theme ("auto", "light",
// "dark", "print") is the wasm core's setting; "auto" is drawn dark when
// matchMedia("(prefers-color-scheme: dark)") matches, which the core's binding asks when it draws.
// What is left to the page and to <sweep-map>: drawing again when the reader's scheme changes, and
// (the explorer) giving the page the scheme of its figure.

/** The media query of a dark colour scheme. */
export const DARK_SCHEME = "(prefers-color-scheme: dark)";

/**
 * Calls `redraw` each time the reader's colour scheme changes (a figure with theme "auto" then
 * looks different). Returns the function that stops listening.
 */
export function onSchemeChange(redraw) {
  const query = window.matchMedia(DARK_SCHEME);
  query.addEventListener("change", redraw);
  return () => query.removeEventListener("change", redraw);
}

/**
 * When a page's dark stylesheet (a <link rel="stylesheet" media="(prefers-color-scheme: dark)">)
 * applies, for a figure theme: under the reader's dark scheme for "auto", always for "dark", never
 * for "light" and "print" (black text on a transparent figure needs a light page).
 */
export function darkStyleMedia(theme) {
  if (theme === "dark") return "all";
  return theme === "light" || theme === "print" ? "not all" : DARK_SCHEME;
}
