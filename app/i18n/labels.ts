import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

// The words people read for the directory's fixed values (common/constants.ts,
// common/track-record-lists.ts). The values stay English everywhere they are stored or sent (the
// database, URLs, the API); only what a page shows goes through the catalogue. A value not in
// this table (a city from a shared link, a future value) is shown as it is.

/**
 * Each label is its own English text (the value it names), so the table is a list: the value is
 * read back from the message (`message[0]`, the compiled text). Two values share the word
 * "Myanmar" (the country, the language) and "Other" is a donor: those have a context, and their own key.
 */
const LABELS: MessageDescriptor[] = [
  // Countries
  msg`Indonesia`,
  msg`Thailand`,
  msg`Vietnam`,
  msg`Philippines`,
  msg`Malaysia`,
  msg`Singapore`,
  msg`Cambodia`,
  msg`Laos`,
  msg`Brunei`,
  // Specializations
  msg`Project Management`,
  msg`Healthcare`,
  msg`Education`,
  msg`Agriculture`,
  msg`Infrastructure`,
  msg`Environmental`,
  msg`Governance`,
  msg`Finance`,
  msg`Technology`,
  msg`Gender & Social Inclusion`,
  // Languages of the search filter
  msg`English`,
  msg`Thai`,
  msg`Vietnamese`,
  msg`Indonesian`,
  msg`Malay`,
  msg`Mandarin`,
  msg`Filipino`,
  msg`Khmer`,
  msg`Lao`,
  // Experience levels
  msg`1-3 years`,
  msg`4-7 years`,
  msg`8-15 years`,
  msg`15+ years`,
  // Language levels
  msg`Native`,
  msg`Fluent`,
  msg`Working knowledge`,
  msg`Basic`,
  // Kinds of engagement of a review
  msg`Short-term consultancy`,
  msg`Long-term assignment`,
  msg`Evaluation or review`,
  msg`Training or workshop`,
  msg`Advisory or technical support`,
  // Sort orders

  msg`Relevance`,
  msg`Experience`,
  msg`Location`,
  msg`Recently joined`,
  // Donors: acronyms stay as they are; names have their usual form in each language.
  msg`World Bank`,
  msg`Asian Development Bank`,
  msg`European Union`,
  msg`UN Women`,
  msg`Global Fund`,
  msg`Gates Foundation`,
];

const WITH_CONTEXT: Record<string, MessageDescriptor> = {
  Myanmar: msg({ message: "Myanmar", context: "country" }),
  "Myanmar language": msg({ message: "Myanmar", context: "language" }),
  Other: msg({ message: "Other", context: "donor" }),
};

let byValue: Map<string, MessageDescriptor> | undefined;

function labelOf(value: string): MessageDescriptor | undefined {
  byValue ??= new Map(LABELS.map((label) => [(label.message as unknown as string[])[0] as string, label]));
  return WITH_CONTEXT[value] ?? byValue.get(value);
}

/** What a page shows for a fixed value of the directory. */
export function valueLabel(i18n: I18n, value: string, kind?: "language"): string {
  const descriptor = labelOf(kind === "language" && value === "Myanmar" ? "Myanmar language" : value);
  return descriptor ? i18n._(descriptor) : value;
}
