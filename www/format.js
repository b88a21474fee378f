// Number formatting for the page, matching the figure's value labels: a fixed number of
// decimals, exact ties rounded to the even digit, a true minus sign (U+2212) and never "-0".

/**
 * A number's magnitude with a fixed number of decimals, rounded as the figure rounds (Rust's
 * formatting): to the nearest, and an exact tie to the even digit. toFixed alone rounds exact
 * ties away from zero, so 51.125 would read 51.13 here and 51.12 in the figure.
 */
function fixedMagnitude(value, decimals) {
  const magnitude = Math.abs(value);
  const text = magnitude.toFixed(decimals);
  if (magnitude >= 1e21) return text;
  // Every double below 1e21 that is an exact tie at 20 or fewer decimals is written out in
  // full by toFixed(100).
  const full = magnitude.toFixed(100);
  const cut = full.indexOf(".") + 1 + decimals;
  if (!/^50*$/.test(full.slice(cut))) return text;
  const down = full.slice(0, cut).replace(/\.$/, "");
  return Number(down[down.length - 1]) % 2 === 0 ? down : text;
}

/** Formats a number with a fixed number of decimals, as the figure labels its cells. */
export function formatNumber(value, decimals) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "–";
  const text = fixedMagnitude(value, Math.max(0, Math.min(20, decimals)));
  if (value < 0 && /[1-9]/.test(text)) return `−${text}`;
  return text;
}

/** Like formatNumber, with a plus sign on positive values (for differences). */
export function formatSigned(value, decimals) {
  const text = formatNumber(value, decimals);
  return typeof value === "number" && value > 0 && /[1-9]/.test(text) ? `+${text}` : text;
}

/** The decimals a value label was written with ("49.3" -> 1, "−2" -> 0). */
export function decimalsOf(label) {
  const match = /[.,](\d+)$/.exec(String(label ?? ""));
  return match ? match[1].length : 0;
}

/** The number as JavaScript writes it in full, when it says more than the label; else null. */
export function exactBeyondLabel(value, label) {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  const exact = String(value).replace(/^-/, "−");
  return exact === label || Number(String(label).replace("−", "-")) === value ? null : exact;
}

/** "1 cell", "2 cells". */
export function plural(count, singular, pluralForm = `${singular}s`) {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
