import type { Context } from "hono";
import { z } from "zod";
import { CONVERSATION_TEXTS, conversationListSchema, conversationMessageSchema } from "#common/conversations.ts";
import { reportSchema } from "#common/organizations.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { conversationPageSchema, conversationThreadSchema } from "#server/http/openapi/messages.ts";
import { noBody } from "#server/http/openapi/schemas.ts";
import { listConversations } from "#server/services/conversations/conversations.ts";
import { deleteConversationFromView } from "#server/services/conversations/hiding.ts";
import { reportConversation } from "#server/services/conversations/reports.ts";
import { openConversation, postToConversation } from "#server/services/conversations/thread.ts";
import type { HttpDeps, HttpEnv } from "../context.ts";
import { pathId, signedInActor } from "../request.ts";
import { created, idAndBody, noContent, queryParams, serviceApi } from "./service-call.ts";

// Conversations (issue 13): GET /api/conversations?box=sent|received&page=, GET /api/conversations/{id},
// POST /api/conversations/{id}/messages { message }, POST /api/conversations/{id}/report { reason }.
// DELETE /api/conversations/{id} deletes it from the caller's own view (issue 36). Only a
// conversation's two parties see it.

const describeRoute = describeRoutesIn("Messages");

const conversationId = (c: Context<HttpEnv>) => pathId(c, "id", CONVERSATION_TEXTS.notFound);

export function createConversationsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(CONVERSATION_TEXTS.signIn));
  api.get(
    "/",
    describeRoute({
      summary: "The caller's conversations (with their organizations' team conversations)",
      auth: "session",
      query: conversationListSchema,
      response: conversationPageSchema,
    }),
    call(listConversations, queryParams),
  );
  api.get(
    "/:id",
    describeRoute({
      summary: "One conversation, each entry with who wrote it",
      auth: "session",
      response: conversationThreadSchema,
    }),
    call(openConversation, conversationId),
  );
  api.post(
    "/:id/messages",
    describeRoute({
      summary: "Write in a conversation",
      auth: "session",
      body: conversationMessageSchema,
      response: conversationThreadSchema,
      status: 201,
    }),
    call(postToConversation, idAndBody(conversationId), created),
  );
  // "Report this sender" (issue 31): the consultant who received the conversation, to the admins' queue.
  api.post(
    "/:id/report",
    describeRoute({
      summary: "Report a received conversation's sender to the admins",
      auth: "session",
      body: reportSchema,
      response: z.strictObject({ id: z.number().int(), status: z.literal("open"), message: z.string() }),
      status: 201,
    }),
    call(reportConversation, idAndBody(conversationId), created),
  );
  api.delete(
    "/:id",
    describeRoute({
      summary: "Delete a conversation from the caller's own view (the other party keeps it)",
      auth: "session",
      response: noBody,
      status: 204,
    }),
    call(deleteConversationFromView, conversationId, noContent),
  );
  return api;
}
