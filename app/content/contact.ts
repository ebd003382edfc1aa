import { msg } from "@lingui/core/macro";

// The contact page's copy around its form (the form's labels and messages are beside its fields),
// as messages of the catalogue (shown in the page's language).

/** The lead of the page's hero is in contact-lead.ts: the page's first load needs only that. */
export const CONTACT_PAGE = {
  visits: msg`Visits by appointment.`,
  timeZone: msg`Singapore Time (SGT, UTC+8)`,
  sent: {
    title: msg`Thank you, your message has been sent`,
    text: msg`We have received your message and will reply to the e-mail address you gave, usually within one business day. Our support team works Monday to Friday, 9 AM to 6 PM Singapore time.`,
  },
} as const;
