// Globals of the explorer page, for tsc --checkJs over www/ (tsconfig.json); not shipped.

interface Window {
  /** The explorer's test and console hook (www/main.js): the live figure, dataset and state. */
  sweepmap: unknown;
}
