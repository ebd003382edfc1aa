import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

// The words people read for the directory's fixed values (common/constants.ts,
// common/track-record-lists.ts). The values stay English everywhere they are stored or sent (the
// database, URLs, the API); only what a page shows goes through the catalogue. A value not in
// this table (a city from a shared link, a future value) is shown as it is.

const LABELS: Record<string, MessageDescriptor> = {
  // Countries
  Indonesia: msg`Indonesia`,
  Thailand: msg`Thailand`,
  Vietnam: msg`Vietnam`,
  Philippines: msg`Philippines`,
  Malaysia: msg`Malaysia`,
  Singapore: msg`Singapore`,
  Myanmar: msg({ message: "Myanmar", context: "country" }),
  Cambodia: msg`Cambodia`,
  Laos: msg`Laos`,
  Brunei: msg`Brunei`,
  // Specializations
  "Project Management": msg`Project Management`,
  Healthcare: msg`Healthcare`,
  Education: msg`Education`,
  Agriculture: msg`Agriculture`,
  Infrastructure: msg`Infrastructure`,
  Environmental: msg`Environmental`,
  Governance: msg`Governance`,
  Finance: msg`Finance`,
  Technology: msg`Technology`,
  "Gender & Social Inclusion": msg`Gender & Social Inclusion`,
  // Languages of the search filter
  English: msg`English`,
  Thai: msg`Thai`,
  Vietnamese: msg`Vietnamese`,
  Indonesian: msg`Indonesian`,
  Malay: msg`Malay`,
  Mandarin: msg`Mandarin`,
  Filipino: msg`Filipino`,
  "Myanmar language": msg({ message: "Myanmar", context: "language" }),
  Khmer: msg`Khmer`,
  Lao: msg`Lao`,
  // Experience levels
  "1-3 years": msg`1-3 years`,
  "4-7 years": msg`4-7 years`,
  "8-15 years": msg`8-15 years`,
  "15+ years": msg`15+ years`,
  // Sort orders
  Relevance: msg`Relevance`,
  Experience: msg`Experience`,
  Location: msg`Location`,
  "Recently joined": msg`Recently joined`,
  // Donors: acronyms stay as they are; names have their usual form in each language.
  "World Bank": msg`World Bank`,
  "Asian Development Bank": msg`Asian Development Bank`,
  "European Union": msg`European Union`,
  "UN Women": msg`UN Women`,
  "Global Fund": msg`Global Fund`,
  "Gates Foundation": msg`Gates Foundation`,
  Other: msg({ message: "Other", context: "donor" }),
};

/** What a page shows for a fixed value of the directory. */
export function valueLabel(i18n: I18n, value: string, kind?: "language"): string {
  const descriptor = LABELS[kind === "language" && value === "Myanmar" ? "Myanmar language" : value];
  return descriptor ? i18n._(descriptor) : value;
}
