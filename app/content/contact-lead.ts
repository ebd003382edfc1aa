import { msg } from "@lingui/core/macro";

// The contact page's hero lead, apart from the rest of its copy (contact.ts), which only the
// lazily hydrated aside and thank-you panel show.
export const CONTACT_LEAD = msg`Questions about the directory, your consultant profile or a partnership? Send us a message and our team in Singapore will reply within one business day.`;
