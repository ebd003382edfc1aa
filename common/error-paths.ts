// How a field error names its field: list items by index (`assignments[2].endDate`), and the
// message names the item for people ("Assignment 3: End month must not be before the start month").

const ITEM_NOUNS: Record<string, string> = { assignments: "Assignment", education: "Education entry" };

/** `assignments[2].endDate` for the path ["assignments", 2, "endDate"]. */
export function errorPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else text += text ? `.${String(segment)}` : String(segment);
  }
  return text || "(body)";
}

/** A message that names the item it is about: "Assignment 3: End month must not be before the start month". */
export function itemMessage(path: readonly PropertyKey[], message: string): string {
  const [list, index] = path;
  const noun = typeof list === "string" ? ITEM_NOUNS[list] : undefined;
  return noun && typeof index === "number" ? `${noun} ${index + 1}: ${message}` : message;
}
