// A fixed set of values, in order, each with the words a person reads for it. Written once as a
// table of labels, so that the list of values and the labels cannot disagree.

/**
 * The values (for schemas and loops, in the table's order), the labels by value, and the
 * `{ value, label }` options a select or a radio group shows.
 */
export function choices<const Labels extends Record<string, string>>(labels: Labels) {
  type Value = keyof Labels & string;
  const values = Object.keys(labels) as [Value, ...Value[]];
  const options = values.map((value) => ({ value, label: labels[value] as string }));
  return { values, labels, options };
}
