import { z } from "zod";
import { organizationBadgeSchema } from "./organizations.ts";
import { pageFields } from "./schemas.ts";

// What the routes answer (each described where it is registered, ../api/*.ts): messages to
// consultants, the consultant's inbox, and conversations, whose sender carries `organization: { id,
// name, verified }` (issue 31).

const partySchema = z.strictObject({
  name: z.string(),
  detail: z.string().nullable(),
  consultantId: z.number().int().nullable(),
  organization: organizationBadgeSchema.nullable(),
});
const box = z.enum(["sent", "received"]);
const status = z.enum(["sent", "read", "replied"]);
/** What a conversation is, in the list and in its thread alike: the same fields, first, in this order. */
const conversationHeadShape = {
  id: z.number().int(),
  box,
  subject: z.string(),
  otherParty: partySchema,
  organization: organizationBadgeSchema.nullable(),
};

export const conversationPageSchema = z.strictObject({
  box,
  conversations: z.array(
    z.strictObject({
      ...conversationHeadShape,
      lastMessage: z.strictObject({ preview: z.string(), at: z.string(), fromMe: z.boolean() }),
      unreadCount: z.number().int(),
      status,
      isBlockedSender: z.boolean(),
    }),
  ),
  ...pageFields,
  unread: z.strictObject({ sent: z.number().int(), received: z.number().int() }),
  hasProfile: z.boolean(),
});

export const conversationThreadSchema = z.strictObject({
  ...conversationHeadShape,
  status,
  senderEmail: z.string().optional(),
  isBlockedSender: z.boolean(),
  isReported: z.boolean(),
  entries: z.array(
    z.strictObject({
      id: z.string(),
      author: z.enum(["sender", "consultant"]),
      authorName: z.string(),
      fromMe: z.boolean(),
      body: z.string(),
      subject: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});

/** A message in the consultant's inbox (server/services/messages/inbox.ts InboxItem): the sender wrote their address to be answered. */
export const inboxItemShape = {
  id: z.number().int(),
  senderName: z.string(),
  senderEmail: z.string(),
  senderOrganization: z.string().nullable(),
  organization: organizationBadgeSchema.nullable(),
  subject: z.string(),
  isRead: z.boolean(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  isBlockedSender: z.boolean(),
};
export const inboxMessageSchema = z.strictObject({
  ...inboxItemShape,
  message: z.string(),
  replies: z.array(z.strictObject({ id: z.number().int(), body: z.string(), createdAt: z.string() })),
});
