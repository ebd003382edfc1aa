import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { APPROVAL_TIME } from "#common/site-info.ts";

// The Help Center's questions (spec: four groups of three), as messages of the catalogue, and the
// search that filters them in the page's language.

export type FaqItem = { id: string; question: string; answer: string[] };
export type FaqGroup = { id: string; title: string; items: FaqItem[] };
type FaqGroupMessages = {
  id: string;
  title: MessageDescriptor;
  items: readonly { id: string; question: MessageDescriptor; answer: readonly MessageDescriptor[] }[];
};

/** How long a review takes (APPROVAL_TIME), in the page's language: `{approvalTime}` in an answer. */
const APPROVAL_TIME_TEXT: MessageDescriptor = msg`1-2 business days`;
const approvalTime = APPROVAL_TIME;

const FAQ_MESSAGES: readonly FaqGroupMessages[] = [
  {
    id: "getting-started",
    title: msg`Getting Started`,
    items: [
      {
        id: "what-is",
        question: msg`What is DevConsult SEA?`,
        answer: [
          msg`A free public directory of international development consultants working in Southeast Asia. Organizations such as NGOs, UN agencies, donors and implementing firms use it to find consultants; consultants use it to be found for the work they do.`,
          msg`Searching, reading profiles, messaging and listing a profile are all free, and we take no commission on assignments.`,
        ],
      },
      {
        id: "need-account",
        question: msg`Do I need an account to search for consultants?`,
        answer: [
          msg`No. Anyone can search the directory and read consultant profiles without signing in.`,
          msg`You need a free account to send a message to a consultant or to create your own consultant profile.`,
        ],
      },
      {
        id: "create-account",
        question: msg`How do I create an account?`,
        answer: [
          msg`Select Sign In at the top of any page and choose the Sign Up tab. Enter your full name, your e-mail address and a password of at least 6 characters, then select Create Account.`,
          msg`We send you an e-mail with a link to confirm your address. You can use the site straight away.`,
        ],
      },
    ],
  },
  {
    id: "for-consultants",
    title: msg`For Consultants`,
    items: [
      {
        id: "create-profile",
        question: msg`How do I create my consultant profile?`,
        answer: [
          msg`Sign in and select Join Database. Fill in your name, professional title, e-mail, country, full location, years of experience, primary specialization and a professional summary; languages, secondary specializations, phone and a photo are optional.`,
          msg`Write the summary for the people who hire: the sectors, countries and kinds of assignments you know best.`,
        ],
      },
      {
        id: "approval",
        question: msg`How long does it take for my profile to be approved?`,
        answer: [
          msg`An administrator reviews every new profile, usually within ${approvalTime}. You receive an e-mail as soon as it is approved, and from then on it appears in search results.`,
          msg`Until then you can see the review status on My Consultant Profile.`,
        ],
      },
      {
        id: "contact-visibility",
        question: msg`Who can see my e-mail address and phone number?`,
        answer: [
          msg`Only the people you choose. Your e-mail address and phone number appear on your public profile only if you switch on Show email or Show phone in your profile.`,
          msg`With both switched off, organizations reach you through messages, which arrive in your inbox and are announced by e-mail.`,
        ],
      },
    ],
  },
  {
    id: "for-organizations",
    title: msg`For Organizations`,
    items: [
      {
        id: "find-consultant",
        question: msg`How do I find the right consultant?`,
        answer: [
          msg`Start from the search on the home page: type keywords such as 'impact evaluation' or 'WASH', and choose a location and an area of expertise.`,
          msg`Narrow the results by years of experience, language and availability, then open a profile to read the consultant's full experience.`,
        ],
      },
      {
        id: "contact-consultant",
        question: msg`How do I contact a consultant?`,
        answer: [
          msg`Sign in, open the consultant's profile and select Send Message. Give your name, e-mail, organization, a subject and your message; terms of reference, dates and a budget range help the consultant answer quickly.`,
          msg`The consultant is notified by e-mail and replies to your e-mail address. If they made their e-mail or phone public, Direct Contact shows it too.`,
        ],
      },
      {
        id: "verification",
        question: msg`Are consultants' qualifications checked?`,
        answer: [
          msg`Every profile is reviewed by an administrator before it is listed, to make sure it is complete, plausible and describes a real professional.`,
          msg`Review is not a background or reference check. Before contracting, ask for a CV, references and examples of past work, as your organization normally would.`,
        ],
      },
    ],
  },
  {
    id: "technical-support",
    title: msg`Technical Support`,
    items: [
      {
        id: "forgot-password",
        question: msg`I forgot my password. What can I do?`,
        answer: [
          msg`Select Sign In, then Forgot password?, and enter your e-mail address. We send you a link to choose a new password; it works once and expires after one hour.`,
        ],
      },
      {
        id: "photo-upload",
        question: msg`Why won't my profile photo upload?`,
        answer: [
          msg`Photos must be JPEG, PNG or GIF files of at most 1.5 MB. A photo taken with a phone is often larger: crop it or export it at a smaller size, then try again.`,
        ],
      },
      {
        id: "missing-email",
        question: msg`I did not receive an e-mail from you.`,
        answer: [
          msg`Check your spam or junk folder, and add our address to your contacts. You can send the confirmation e-mail again from Manage Account.`,
          msg`If it still does not arrive, contact support and tell us the address you used.`,
        ],
      },
    ],
  },
];

/** The questions in a language (the i18n of the page). */
export function faqGroups(i18n: I18n): FaqGroup[] {
  const say = (text: MessageDescriptor) =>
    i18n._({ ...text, values: { ...text.values, approvalTime: i18n._(APPROVAL_TIME_TEXT) } });
  return FAQ_MESSAGES.map((group) => ({
    id: group.id,
    title: say(group.title),
    items: group.items.map((item) => ({ id: item.id, question: say(item.question), answer: item.answer.map(say) })),
  }));
}

/** Lower case without accents, so "evaluacion" finds "evaluación" and "Viet" finds "Việt". */
function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** The groups and questions that contain every word of the query (in the question or its answer). */
export function filterFaq(groups: FaqGroup[], query: string): FaqGroup[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => {
        const haystack = normalize(`${item.question} ${item.answer.join(" ")}`);
        return words.every((word) => haystack.includes(word));
      }),
    }))
    .filter((group) => group.items.length > 0);
}

export function countFaqItems(groups: FaqGroup[]): number {
  return groups.reduce((count, group) => count + group.items.length, 0);
}
