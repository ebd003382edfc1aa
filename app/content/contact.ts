import { msg } from "@lingui/core/macro";

// The contact page's copy around its form (the form's labels and messages are beside its fields),
// as messages of the catalogue (shown in the page's language).

export const CONTACT_PAGE = {
  lead: msg`Questions about the directory, your consultant profile or a partnership? Send us a message and our team in Singapore will reply within one business day.`,
  visits: msg`Visits by appointment.`,
  timeZone: msg`Singapore Time (SGT, UTC+8)`,
  sent: {
    title: msg`Thank you, your message has been sent`,
    text: msg`We have received your message and will reply to the e-mail address you gave, usually within one business day. Our support team works Monday to Friday, 9 AM to 6 PM Singapore time.`,
  },
} as const;
