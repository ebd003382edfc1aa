import { z } from "zod";
import { conversationListSchema, conversationMessageSchema } from "#common/conversations.ts";
import { markReadSchema, replySchema, sendMessageSchema } from "#common/messages.ts";
import { reportSchema } from "#common/organizations.ts";
import { organizationBadgeSchema } from "./organizations.ts";
import { type ApiRoute, messageOnly, noContent } from "./schemas.ts";

// The documented routes of the API: messages to consultants, the consultant's inbox, and
// conversations, whose sender carries `organization: { id, name, verified }` (issue 31).

const partySchema = z
  .object({
    name: z.string(),
    detail: z.string().nullable(),
    consultantId: z.number().int().nullable(),
    organization: organizationBadgeSchema.nullable(),
  })
  .strict();
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

export const conversationPageSchema = z
  .object({
    box,
    conversations: z.array(
      z
        .object({
          ...conversationHeadShape,
          lastMessage: z.object({ preview: z.string(), at: z.string(), fromMe: z.boolean() }).strict(),
          unreadCount: z.number().int(),
          status,
          isBlockedSender: z.boolean(),
        })
        .strict(),
    ),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    unread: z.object({ sent: z.number().int(), received: z.number().int() }).strict(),
    hasProfile: z.boolean(),
  })
  .strict();

export const conversationThreadSchema = z
  .object({
    ...conversationHeadShape,
    status,
    senderEmail: z.string().optional(),
    isBlockedSender: z.boolean(),
    isReported: z.boolean(),
    entries: z.array(
      z
        .object({
          id: z.string(),
          author: z.enum(["sender", "consultant"]),
          authorName: z.string(),
          fromMe: z.boolean(),
          body: z.string(),
          subject: z.string().nullable(),
          createdAt: z.string(),
        })
        .strict(),
    ),
  })
  .strict();

/** A message in the consultant's inbox (server/services/messages/inbox.ts InboxItem): the sender wrote their address to be answered. */
const inboxItemShape = {
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
const inboxMessageSchema = z
  .object({
    ...inboxItemShape,
    message: z.string(),
    replies: z.array(z.object({ id: z.number().int(), body: z.string(), createdAt: z.string() }).strict()),
  })
  .strict();

export const messagesRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "/consultants/:id/messages",
    tag: "Messages",
    summary: "Send a consultant a message",
    auth: "session",
    body: sendMessageSchema,
    response: messageOnly,
    status: 201,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/messages",
    tag: "Messages",
    summary: "The consultant's inbox",
    auth: "session",
    response: z
      .object({
        messages: z.array(z.object({ ...inboxItemShape, preview: z.string() }).strict()),
        total: z.number().int(),
        page: z.number().int(),
        limit: z.number().int(),
        unreadCount: z.number().int(),
      })
      .strict(),
  },
  {
    method: "GET",
    path: "/my-consultant-profile/messages/:messageId",
    tag: "Messages",
    summary: "One message",
    auth: "session",
    response: inboxMessageSchema,
  },
  {
    method: "PATCH",
    path: "/my-consultant-profile/messages/:messageId",
    tag: "Messages",
    summary: "Mark read or unread",
    auth: "session",
    body: markReadSchema,
    response: inboxMessageSchema,
  },
  {
    method: "POST",
    path: "/my-consultant-profile/messages/:messageId/reply",
    tag: "Messages",
    summary: "Reply to a message",
    auth: "session",
    body: replySchema,
    response: inboxMessageSchema,
  },
  {
    method: "DELETE",
    path: "/my-consultant-profile/messages/:messageId",
    tag: "Messages",
    summary: "Delete a message",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "GET",
    path: "/conversations",
    tag: "Messages",
    summary: "The caller's conversations (with their organizations' team conversations)",
    auth: "session",
    query: conversationListSchema,
    response: conversationPageSchema,
  },
  {
    method: "GET",
    path: "/conversations/:id",
    tag: "Messages",
    summary: "One conversation, each entry with who wrote it",
    auth: "session",
    response: conversationThreadSchema,
  },
  {
    method: "POST",
    path: "/conversations/:id/messages",
    tag: "Messages",
    summary: "Write in a conversation",
    auth: "session",
    body: conversationMessageSchema,
    response: conversationThreadSchema,
    status: 201,
  },
  {
    method: "POST",
    path: "/conversations/:id/report",
    tag: "Messages",
    summary: "Report a received conversation's sender to the admins",
    auth: "session",
    body: reportSchema,
    response: z.object({ id: z.number().int(), status: z.literal("open"), message: z.string() }).strict(),
    status: 201,
  },
  {
    method: "DELETE",
    path: "/conversations/:id",
    tag: "Messages",
    summary: "Delete a conversation from the caller's own view (the other party keeps it)",
    auth: "session",
    response: noContent,
    status: 204,
  },
];
