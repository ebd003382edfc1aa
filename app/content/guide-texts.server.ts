import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Guide } from "#common/guides.ts";

// The Resources guides (common/guides.ts, English: the sitemap and the API name them so) as a
// page in another language shows them: their titles, summaries, readers and section headings are
// messages of the catalogue, looked up by their English text. The guides' text stays on the server
// (the loaders translate it), so no page downloads this table. A text the table lacks is shown in
// English: a guide's body paragraphs are, until they are translated.

/** Each is its own English text (read back from the compiled message), as in app/i18n/texts.ts. */
const TEXTS: MessageDescriptor[] = [
  // How donors hire consultants
  msg`How donors hire consultants: UNDP, ADB, the World Bank and the EU`,
  msg`Where each of the four largest funders in the region advertises individual consultancies, who signs your contract, how offers are compared and what you must send.`,
  msg`First question: who is contracting?`,
  msg`UNDP: the Individual Contract`,
  msg`ADB: the Consultant Management System`,
  msg`The World Bank: borrowers' rules and the Bank's own`,
  msg`The European Union: firms, tenders and framework contracts`,
  msg`Other funders you will meet`,
  msg`Before you submit`,
  // Writing an expression of interest
  msg`Writing an expression of interest that gets you shortlisted`,
  msg`How to read a consultancy notice the way its evaluators will, and a one-page structure for the letter that goes with your CV.`,
  msg`What an expression of interest is for`,
  msg`Read the notice like an evaluator`,
  msg`A one-page structure`,
  msg`Tailor the CV, not only the letter`,
  msg`Why good candidates are not shortlisted`,
  msg`For organizations writing the notice`,
  // Daily rates
  msg`Daily rates: how donors set, cap and compare consultants' fees`,
  msg`What a daily fee covers, how each major funder decides what it will pay, and a method for working out your own rate before you quote it.`,
  msg`Fee, reimbursables, all-inclusive`,
  msg`How the main funders decide`,
  msg`Working out your own rate`,
  msg`Showing your rate in the directory`,
  // The P11 and the EU CV
  msg`The UN P11 and the EU CV format, explained`,
  msg`What the two forms most often required in the region ask for, section by section, and how to fill them in so an evaluator can count your experience.`,
  msg`The UN Personal History Form (P11)`,
  msg`The EU CV format`,
  msg`The banks' formats`,
  msg`Keep one record, export many formats`,
];

/** Who a guide is for: on its card, and in a sentence on its page. */
const AUDIENCES: Record<Guide["audience"], { label: MessageDescriptor; sentence: MessageDescriptor }> = {
  Consultants: { label: msg`Consultants`, sentence: msg`For consultants` },
  Organizations: { label: msg`Organizations`, sentence: msg`For organizations` },
  "Consultants and organizations": {
    label: msg`Consultants and organizations`,
    sentence: msg`For consultants and organizations`,
  },
};

const englishOf = (descriptor: MessageDescriptor) => (descriptor.message as unknown as string[])[0] as string;
let table: Map<string, MessageDescriptor> | undefined;

/** A guide's text in the language of `i18n` where the table has it, else as written. */
export function guideText(i18n: I18n, text: string): string {
  table ??= new Map(TEXTS.map((descriptor) => [englishOf(descriptor), descriptor]));
  const descriptor = table.get(text);
  return descriptor ? i18n._(descriptor) : text;
}

/** Who the guide is for, as its card labels it and as its page says it. */
export function guideAudience(i18n: I18n, audience: Guide["audience"]) {
  return { label: i18n._(AUDIENCES[audience].label), sentence: i18n._(AUDIENCES[audience].sentence) };
}

/** The guide as a page in that language shows it (the sources keep their own titles: documents in English). */
export function translatedGuide(i18n: I18n, guide: Guide) {
  const say = (text: string) => guideText(i18n, text);
  return {
    ...guide,
    title: say(guide.title),
    summary: say(guide.summary),
    sections: guide.sections.map((section) => ({
      heading: say(section.heading),
      blocks: section.blocks.map((block) => {
        if (typeof block === "string") return say(block);
        if ("list" in block) return { list: block.list.map(say) };
        if ("steps" in block) return { steps: block.steps.map(say) };
        return block;
      }),
    })),
  };
}
