import { z } from "zod";
import { PAGE_MESSAGE } from "#common/constants.ts";
import { boundedText, emailAddress } from "./zod-fields.ts";

// Messages to consultants (spec sections 3 and 5): one schema for the browser form, the route
// action and the JSON API, with the spec's messages word for word. Maximum lengths are ours: a
// job lead fits in 5,000 characters, and no field may grow a request without bound.

export const SENDER_NAME_MAX = 255;
export const SENDER_EMAIL_MAX = 255;
export const SENDER_ORGANIZATION_MAX = 255;
export const SUBJECT_MAX = 200;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;
export const REPLY_MAX = 5000;

/** Messages shown in the inbox at a time. */
export const INBOX_PAGE_SIZE = 20;

export const MESSAGE_TEXTS = {
  senderName: "Your name is required",
  senderNameTooLong: `Your name must be at most ${SENDER_NAME_MAX} characters long`,
  senderEmail: "Valid email address is required",
  senderOrganizationTooLong: `Organization must be at most ${SENDER_ORGANIZATION_MAX} characters long`,
  subject: "Subject is required",
  subjectTooLong: `Subject must be at most ${SUBJECT_MAX} characters long`,
  message: `Message must be at least ${MESSAGE_MIN} characters long`,
  messageTooLong: `Message must be at most ${MESSAGE_MAX} characters long`,
  consultantId: "Consultant ID is required",
  reply: "Reply is required",
  replyTooLong: `Reply must be at most ${REPLY_MAX} characters long`,
  sent: "Message sent successfully!",
  rateLimited:
    "You have sent a lot of messages in a short time. To protect consultants from spam, please wait a while before sending another one.",
  duplicate:
    "You sent this same message to this consultant a moment ago. It has been delivered; there is no need to send it again.",
  consultantNotFound: "Consultant not found",
  messageNotFound: "Message not found",
  signInToSend: "You need to be logged in to send messages. Please sign in and try again.",
  signInToRead: "You need to be signed in to read your messages.",
  noProfile: "You do not have a consultant profile yet, so there is no inbox to show.",
  verifyToStart:
    "Please verify your e-mail address before you start a conversation: it keeps consultants' inboxes free of spam. We sent you a link when you registered.",
  newAccountLimit:
    "New accounts can start only a few conversations on their first day, to protect consultants from spam. Please try again tomorrow.",
} as const;

/** The text of a message, and of an answer in a conversation (conversations.ts). */
export const messageText = boundedText(MESSAGE_TEXTS.message, MESSAGE_MIN, MESSAGE_MAX, MESSAGE_TEXTS.messageTooLong);

/** The form's fields. The consultant comes from the page or the URL, not from what the sender typed. */
export const messageFormSchema = z.object({
  senderName: boundedText(MESSAGE_TEXTS.senderName, 1, SENDER_NAME_MAX, MESSAGE_TEXTS.senderNameTooLong),
  senderEmail: emailAddress(MESSAGE_TEXTS.senderEmail, SENDER_EMAIL_MAX),
  senderOrganization: z
    .string()
    .trim()
    .max(SENDER_ORGANIZATION_MAX, MESSAGE_TEXTS.senderOrganizationTooLong)
    .nullish()
    .transform((value) => value || null),
  subject: boundedText(MESSAGE_TEXTS.subject, 1, SUBJECT_MAX, MESSAGE_TEXTS.subjectTooLong),
  message: messageText,
  // The honeypot: hidden from people (and from screen readers), filled in by form-filling bots.
  website: z.string().max(1000).optional(),
});

/** The whole message as the spec names it: the form plus the consultant it goes to. */
export const sendMessageSchema = messageFormSchema.extend({
  consultantId: z.coerce
    .number({ error: MESSAGE_TEXTS.consultantId })
    .int(MESSAGE_TEXTS.consultantId)
    .positive(MESSAGE_TEXTS.consultantId)
    .max(2_147_483_647, MESSAGE_TEXTS.consultantId),
});

export type MessageFormInput = z.input<typeof messageFormSchema>;
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const replySchema = z.object({
  reply: z.string({ error: MESSAGE_TEXTS.reply }).trim().min(1, MESSAGE_TEXTS.reply).max(REPLY_MAX, MESSAGE_TEXTS.replyTooLong),
});

export type ReplyInput = z.infer<typeof replySchema>;

export const markReadSchema = z.object({
  isRead: z.boolean({ error: "Read must be true or false" }),
});

/** The inbox a page at a time (the JSON API's query; the page passes its own page number). */
export const INBOX_MAX_PAGE_SIZE = 100;

export const inboxQuerySchema = z.object({
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1_000_000, PAGE_MESSAGE).default(1),
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}` })
    .int(`Limit must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}`)
    .min(1, `Limit must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}`)
    .max(INBOX_MAX_PAGE_SIZE, `Limit must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}`)
    .default(INBOX_PAGE_SIZE),
});
