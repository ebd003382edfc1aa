// The organisation's own contact facts, shown on the Contact and Help Center pages. The support
// e-mail address is a setting (SUPPORT_EMAIL); these change rarely enough to live in code.

export const OFFICE_ADDRESS = {
  name: "DevConsult SEA",
  lines: ["Level 12, 8 Marina View", "Singapore 018960"],
} as const;

export const SUPPORT_PHONE = { display: "+65 6017 2480", href: "tel:+6560172480" } as const;

/** Spec section 9: support hours. */
export const SUPPORT_HOURS = "Mon-Fri 9AM-6PM SGT";

/** Spec section 9: office hours, Singapore time (UTC+8). */
export const OFFICE_HOURS = [
  { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
  { days: "Saturday", hours: "10:00 AM - 2:00 PM" },
  { days: "Sunday", hours: "Closed" },
] as const;

/** Spec section 9 (FAQ): how long an admin takes to review a new profile. */
export const APPROVAL_TIME = "1-2 business days";
