import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { valueLabel } from "#app/i18n/labels.ts";
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
  // …and its text
  msg`The same donor's money reaches consultants by three different doors, and each has its own forms, evaluation and payment rules. Before you answer a notice, find out which door it is.`,
  msg`The agency itself: a UNDP country office, an ADB department or a World Bank task team hires you directly, under its own corporate rules.`,
  msg`The government implementing a loan or grant (the borrower or executing agency): a ministry's project management unit hires you, following the donor's procurement rules for borrowers, and the donor reviews the choice.`,
  msg`A firm or NGO that won a contract: you join its team as an expert. The donor evaluates the firm's offer, including your CV, and the firm pays you.`,
  msg`UNDP engages individual consultants through the Individual Contract (IC). Notices appear on UNDP Jobs and on UNDP's procurement notices site; since January 2023 UNDP runs its procurement in its Quantum system, and many country offices now take submissions through it.`,
  msg`A typical submission has three parts: a CV or the UN Personal History Form (P11), a short note on how you will do the work when the notice asks for one, and a financial proposal. The financial proposal is usually an all-inclusive daily fee or a lump sum that must cover everything the notice lists (often travel, insurance and living costs). Leaving something out does not make you cheaper: it makes your offer non-compliant or loses you money.`,
  msg`The notice states how offers are compared. Most individual consultancies use a cumulative analysis that weights a technical score and a financial score (a 70:30 split is common), and only candidates who reach the technical threshold have their price considered. Some use the lowest price among technically qualified candidates. Payment follows deliverables that the project certifies.`,
  msg`The Asian Development Bank advertises its consulting opportunities as consulting services recruitment notices in the Consultant Management System (CMS). Individuals register once, keep a profile, and submit expressions of interest through it; ADB also uses it to send non-committal inquiries, offers and, later, timesheets and performance evaluations.`,
  msg`For ADB-administered assignments ADB selects and contracts you. For assignments administered by an executing agency (a ministry implementing an ADB loan), the agency does, under ADB's Procurement Policy and the Procurement Regulations for ADB Borrowers. Individual consultants are assessed mainly on their CV (ADB calls it the biodata) against the terms of reference, so the CV does most of the work.`,
  msg`ADB distinguishes national consultants, who work in their own country, from international ones. Read which one a notice asks for: it decides the fee range and whether international travel is paid.`,
  msg`Most consultancies on World Bank-financed projects are hired by the borrower under the Procurement Regulations for IPF Borrowers (first published in July 2016 and revised since; older projects still follow the 2011 Consultant Guidelines). Individual consultants are selected by comparing qualifications and experience, not proposals: the borrower either advertises a request for expressions of interest (open competitive selection), asks individuals it already knows (limited competitive selection), or, in justified cases, selects one directly.`,
  msg`Borrowers publish their notices in the national press, on the project's website and on UN Development Business. Keep a CV that shows, assignment by assignment, the experience the notice asks for: the shortlisting is a paper exercise.`,
  msg`When the World Bank hires a consultant for its own work (analytical studies, project preparation), it does so under its corporate procurement rules, usually after a task team has identified candidates. A current profile that the team can find and a clear record of similar work are what get you that call.`,
  msg`EU-funded technical assistance in the region is mostly contracted with firms, not with individuals. The rules are in the Practical Guide to contract procedures for EU external action (PRAG). Service contracts are either global price contracts, paid for defined outputs, or fee-based contracts, paid for the experts' working days.`,
  msg`Short assignments (evaluations, studies, short technical assistance) often go through framework contracts: consortia selected in advance receive a request for services and have a short time, often two to four weeks, to propose a team. Under the SIEA 2018 framework contract, for example, a specific contract may not exceed EUR 999,999 or three years.`,
  msg`For an individual, the way in is a firm's roster. Firms need your CV in the EU format, a signed statement of exclusivity and availability, and certainty that you are free on the dates. Answer their requests quickly and precisely: they may be assembling a team in days.`,
  msg`Australia (DFAT): most advisers are engaged by managing contractors, with fees set under DFAT's Adviser Remuneration Framework.`,
  msg`Japan (JICA) and Korea (KOICA): technical cooperation is mostly contracted with firms of the donor country, which hire national experts locally.`,
  msg`Germany (GIZ): country offices contract national experts directly for many short assignments, and firms for larger ones.`,
  msg`UN agencies other than UNDP (UNICEF, WHO, FAO, UNFPA, UN Women, ILO) each run their own consultancy rosters and notices, with rules close to UNDP's.`,
  msg`Identify who contracts you and under which rules (the notice says so, sometimes in small print).`,
  msg`List the mandatory requirements (degree, years, languages, country experience) and check each against your CV.`,
  msg`Use the format the notice asks for: P11, EU CV, ADB biodata or a free CV.`,
  msg`Price the whole assignment if the fee is all-inclusive: days, travel, insurance, communications.`,
  msg`Sign and date every declaration, and submit before the deadline in the notice's time zone.`,
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

/**
 * The guide as a page in that language shows it. The sources keep their own titles (documents in
 * English); their publishers are named in the page's language where the directory knows them (a donor).
 */
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
    sources: guide.sources.map((source) => ({ ...source, publisher: valueLabel(i18n, source.publisher) })),
  };
}
