import type { LucideIcon } from "lucide-react";
import { Building2, Eye, Globe2, MailCheck, MessageSquare, ShieldCheck, UserRound } from "lucide-react";
import { APPROVAL_TIME } from "#common/site-info.ts";

// The About page's copy: principles, audiences and the two step lists.

export type IconText = { icon: LucideIcon; title: string; text: string };
export type Audience = IconText & { points: readonly string[] };
export type Step = { title: string; text: string };

export const PRINCIPLES: readonly IconText[] = [
  {
    icon: Globe2,
    title: "Regional knowledge first",
    text: "Consultants who speak the language, know the ministries and have worked in the provinces make programmes work. We put them in front of the people who hire.",
  },
  {
    icon: Eye,
    title: "Open to everyone who hires",
    text: "Searching and reading profiles is free and needs no account. A small NGO sees the same experts as a multilateral bank.",
  },
  {
    icon: ShieldCheck,
    title: "Trust through review",
    text: "Every new profile is read by an administrator before it is listed, and consultants decide which contact details are public.",
  },
] as const;

export const AUDIENCES: readonly Audience[] = [
  {
    icon: Building2,
    title: "For organizations",
    text: "NGOs, UN agencies, bilateral and multilateral donors, implementing firms, foundations and research institutes that need a consultant for an evaluation, a feasibility study, a baseline survey or technical assistance.",
    points: [
      "Search by keyword, country, specialization, experience, language and availability",
      "Read full profiles with experience, languages and past work",
      "Message consultants directly with a free account",
    ],
  },
  {
    icon: UserRound,
    title: "For consultants",
    text: "Independent national and international experts working in the ten ASEAN countries: evaluators, public health specialists, agronomists, engineers, governance and public finance advisers, gender specialists and more.",
    points: [
      "One free profile that organizations can find by what you actually do",
      "You choose whether your e-mail address and phone number are shown",
      "Show whether you are available for new assignments",
    ],
  },
] as const;

export const REVIEW_STEPS: readonly Step[] = [
  {
    title: "You create an account and a profile",
    text: "Name, professional title, location, years of experience, languages, specializations and a professional summary, plus an optional photo.",
  },
  {
    title: "An administrator reviews it",
    text: `Usually within ${APPROVAL_TIME}. We check that the profile is complete and plausible, describes a real person's professional experience, and contains no advertising or someone else's details.`,
  },
  {
    title: "You receive an e-mail when it is approved",
    text: "From then on the profile appears in search results and on its own public page. If something needs changing, the e-mail says what.",
  },
  {
    title: "You keep it current",
    text: "Edit your profile at any time and switch your availability when you take on work. Profiles that become misleading can be hidden by an administrator.",
  },
] as const;

export const MESSAGE_STEPS: readonly IconText[] = [
  {
    icon: UserRound,
    title: "Sign in with a free account",
    text: "Anyone can browse; sending a message needs an account, which keeps the consultants' inboxes free of anonymous spam.",
  },
  {
    icon: MessageSquare,
    title: "Write from the consultant's profile",
    text: "Use Send Message with your name, e-mail, organization, a subject and your message: terms of reference, dates and budget range help a consultant answer quickly.",
  },
  {
    icon: MailCheck,
    title: "The consultant is notified and replies",
    text: "The consultant gets an e-mail, reads your message in their inbox and replies directly to your e-mail address. Contracts and payments are agreed between you.",
  },
] as const;
