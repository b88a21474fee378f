// Number formatting for the page, matching the figure's value labels: a fixed number of
// decimals, exact halves rounded away from zero (as the figure and toFixed both do), a true
// minus sign (U+2212) and never "-0".

/** A number's magnitude with a fixed number of decimals. */
function fixedMagnitude(value, decimals) {
  return Math.abs(value).toFixed(decimals);
}

/** Formats a number with a fixed number of decimals, as the figure labels its cells. */
export function formatNumber(value, decimals) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "–";
  const text = fixedMagnitude(value, Math.max(0, Math.min(20, decimals)));
  if (value < 0 && /[1-9]/.test(text)) return `−${text}`;
  return text;
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
