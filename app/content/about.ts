import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { LucideIcon } from "lucide-react";
import { Building2, Eye, Globe2, MailCheck, MessageSquare, ShieldCheck, UserRound } from "lucide-react";
import { APPROVAL_TIME } from "#common/site-info.ts";

// The About page's copy: principles, audiences and the two step lists, as messages of the
// catalogue (the page shows them in its language).

export type IconText = { icon: LucideIcon; title: MessageDescriptor; text: MessageDescriptor };
export type Audience = IconText & { points: readonly MessageDescriptor[] };
export type Step = { title: MessageDescriptor; text: MessageDescriptor };

/** How long a review takes (common/site-info.ts APPROVAL_TIME), in the page's language: `{approvalTime}` in the step's text. */
export const APPROVAL_TIME_TEXT: MessageDescriptor = msg`1-2 business days`;
const approvalTime = APPROVAL_TIME;

export const PRINCIPLES: readonly IconText[] = [
  {
    icon: Globe2,
    title: msg`Regional knowledge first`,
    text: msg`Consultants who speak the language, know the ministries and have worked in the provinces make programmes work. We put them in front of the people who hire.`,
  },
  {
    icon: Eye,
    title: msg`Open to everyone who hires`,
    text: msg`Searching and reading profiles is free and needs no account. A small NGO sees the same experts as a multilateral bank.`,
  },
  {
    icon: ShieldCheck,
    title: msg`Trust through review`,
    text: msg`Every new profile is read by an administrator before it is listed, and consultants decide which contact details are public.`,
  },
] as const;

export const AUDIENCES: readonly Audience[] = [
  {
    icon: Building2,
    title: msg`For organizations`,
    text: msg`NGOs, UN agencies, bilateral and multilateral donors, implementing firms, foundations and research institutes that need a consultant for an evaluation, a feasibility study, a baseline survey or technical assistance.`,
    points: [
      msg`Search by keyword, country, specialization, experience, language and availability`,
      msg`Read full profiles with experience, languages and past work`,
      msg`Message consultants directly with a free account`,
    ],
  },
  {
    icon: UserRound,
    title: msg`For consultants`,
    text: msg`Independent national and international experts working in the ten ASEAN countries: evaluators, public health specialists, agronomists, engineers, governance and public finance advisers, gender specialists and more.`,
    points: [
      msg`One free profile that organizations can find by what you actually do`,
      msg`You choose whether your e-mail address and phone number are shown`,
      msg`Show whether you are available for new assignments`,
    ],
  },
] as const;

export const REVIEW_STEPS: readonly Step[] = [
  {
    title: msg`You create an account and a profile`,
    text: msg`Name, professional title, location, years of experience, languages, specializations and a professional summary, plus an optional photo.`,
  },
  {
    title: msg`An administrator reviews it`,
    text: msg`Usually within ${approvalTime}. We check that the profile is complete and plausible, describes a real person's professional experience, and contains no advertising or someone else's details.`,
  },
  {
    title: msg`You receive an e-mail when it is approved`,
    text: msg`From then on the profile appears in search results and on its own public page. If something needs changing, the e-mail says what.`,
  },
  {
    title: msg`You keep it current`,
    text: msg`Edit your profile at any time and switch your availability when you take on work. Profiles that become misleading can be hidden by an administrator.`,
  },
] as const;

export const MESSAGE_STEPS: readonly IconText[] = [
  {
    icon: UserRound,
    title: msg`Sign in with a free account`,
    text: msg`Anyone can browse; sending a message needs an account, which keeps the consultants' inboxes free of anonymous spam.`,
  },
  {
    icon: MessageSquare,
    title: msg`Write from the consultant's profile`,
    text: msg`Use Send Message with your name, e-mail, organization, a subject and your message: terms of reference, dates and budget range help a consultant answer quickly.`,
  },
  {
    icon: MailCheck,
    title: msg`The consultant is notified and replies`,
    text: msg`The consultant gets an e-mail, reads your message in their inbox and replies directly to your e-mail address. Contracts and payments are agreed between you.`,
  },
] as const;
