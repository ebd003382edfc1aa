import { conversationMessageSchema } from "#common/conversations.ts";
import { markReadSchema, replySchema, sendMessageSchema } from "#common/messages.ts";
import { type ApiRoute, anyJson } from "./schemas.ts";

// The documented routes of the API: messages to consultants and the consultant's inbox.

export const messagesRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "/consultants/:id/messages",
    tag: "Messages",
    summary: "Send a consultant a message",
    auth: "session",
    body: sendMessageSchema,
    response: anyJson,
    status: 201,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/messages",
    tag: "Messages",
    summary: "The consultant's inbox",
    auth: "session",
    response: anyJson,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/messages/:messageId",
    tag: "Messages",
    summary: "One message",
    auth: "session",
    response: anyJson,
  },
  {
    method: "PATCH",
    path: "/my-consultant-profile/messages/:messageId",
    tag: "Messages",
    summary: "Mark read or unread",
    auth: "session",
    body: markReadSchema,
    response: anyJson,
  },
  {
    method: "POST",
    path: "/my-consultant-profile/messages/:messageId/reply",
    tag: "Messages",
    summary: "Reply to a message",
    auth: "session",
    body: replySchema,
    response: anyJson,
  },
  {
    method: "DELETE",
    path: "/my-consultant-profile/messages/:messageId",
    tag: "Messages",
    summary: "Delete a message",
    auth: "session",
    response: anyJson,
  },
  {
    method: "GET",
    path: "/conversations",
    tag: "Messages",
    summary: "The caller's conversations",
    auth: "session",
    response: anyJson,
  },
  { method: "GET", path: "/conversations/:id", tag: "Messages", summary: "One conversation", auth: "session", response: anyJson },
  {
    method: "POST",
    path: "/conversations/:id/messages",
    tag: "Messages",
    summary: "Write in a conversation",
    auth: "session",
    body: conversationMessageSchema,
    response: anyJson,
    status: 201,
  },
];
