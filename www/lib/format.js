// Words for counts in the page's text. Numbers come written from the core (labels, cell info);
// the page never formats or reads back a number itself.

/** "1 cell", "2 cells". */
export function plural(count, singular, pluralForm = `${singular}s`) {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
