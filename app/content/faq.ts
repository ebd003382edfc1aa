import { APPROVAL_TIME } from "#common/site-info.ts";

// The Help Center's questions (spec: four groups of three) and the search that filters them.

export type FaqItem = { id: string; question: string; answer: string[] };
export type FaqGroup = { id: string; title: string; items: FaqItem[] };

export const FAQ_GROUPS: FaqGroup[] = [
  {
    id: "getting-started",
    title: "Getting Started",
    items: [
      {
        id: "what-is",
        question: "What is DevConsult SEA?",
        answer: [
          "A free public directory of international development consultants working in Southeast Asia. Organizations such as NGOs, UN agencies, donors and implementing firms use it to find consultants; consultants use it to be found for the work they do.",
          "Searching, reading profiles, messaging and listing a profile are all free, and we take no commission on assignments.",
        ],
      },
      {
        id: "need-account",
        question: "Do I need an account to search for consultants?",
        answer: [
          "No. Anyone can search the directory and read consultant profiles without signing in.",
          "You need a free account to send a message to a consultant or to create your own consultant profile.",
        ],
      },
      {
        id: "create-account",
        question: "How do I create an account?",
        answer: [
          "Select Sign In at the top of any page and choose the Sign Up tab. Enter your full name, your e-mail address and a password of at least 6 characters, then select Create Account.",
          "We send you an e-mail with a link to confirm your address. You can use the site straight away.",
        ],
      },
    ],
  },
  {
    id: "for-consultants",
    title: "For Consultants",
    items: [
      {
        id: "create-profile",
        question: "How do I create my consultant profile?",
        answer: [
          "Sign in and select Join Database. Fill in your name, professional title, e-mail, country, full location, years of experience, primary specialization and a professional summary; languages, secondary specializations, phone and a photo are optional.",
          "Write the summary for the people who hire: the sectors, countries and kinds of assignments you know best.",
        ],
      },
      {
        id: "approval",
        question: "How long does it take for my profile to be approved?",
        answer: [
          `An administrator reviews every new profile, usually within ${APPROVAL_TIME}. You receive an e-mail as soon as it is approved, and from then on it appears in search results.`,
          "Until then you can see the review status on My Consultant Profile.",
        ],
      },
      {
        id: "contact-visibility",
        question: "Who can see my e-mail address and phone number?",
        answer: [
          "Only the people you choose. Your e-mail address and phone number appear on your public profile only if you switch on Show email or Show phone in your profile.",
          "With both switched off, organizations reach you through messages, which arrive in your inbox and are announced by e-mail.",
        ],
      },
    ],
  },
  {
    id: "for-organizations",
    title: "For Organizations",
    items: [
      {
        id: "find-consultant",
        question: "How do I find the right consultant?",
        answer: [
          "Start from the search on the home page: type keywords such as 'impact evaluation' or 'WASH', and choose a location and an area of expertise.",
          "Narrow the results by years of experience, language and availability, then open a profile to read the consultant's full experience.",
        ],
      },
      {
        id: "contact-consultant",
        question: "How do I contact a consultant?",
        answer: [
          "Sign in, open the consultant's profile and select Send Message. Give your name, e-mail, organization, a subject and your message; terms of reference, dates and a budget range help the consultant answer quickly.",
          "The consultant is notified by e-mail and replies to your e-mail address. If they made their e-mail or phone public, Direct Contact shows it too.",
        ],
      },
      {
        id: "verification",
        question: "Are consultants' qualifications checked?",
        answer: [
          "Every profile is reviewed by an administrator before it is listed, to make sure it is complete, plausible and describes a real professional.",
          "Review is not a background or reference check. Before contracting, ask for a CV, references and examples of past work, as your organization normally would.",
        ],
      },
    ],
  },
  {
    id: "technical-support",
    title: "Technical Support",
    items: [
      {
        id: "forgot-password",
        question: "I forgot my password. What can I do?",
        answer: [
          "Select Sign In, then Forgot password?, and enter your e-mail address. We send you a link to choose a new password; it works once and expires after one hour.",
        ],
      },
      {
        id: "photo-upload",
        question: "Why won't my profile photo upload?",
        answer: [
          "Photos must be JPEG, PNG or GIF files of at most 1.5 MB. A photo taken with a phone is often larger: crop it or export it at a smaller size, then try again.",
        ],
      },
      {
        id: "missing-email",
        question: "I did not receive an e-mail from you.",
        answer: [
          "Check your spam or junk folder, and add our address to your contacts. You can send the confirmation e-mail again from Manage Account.",
          "If it still does not arrive, contact support and tell us the address you used.",
        ],
      },
    ],
  },
];

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
