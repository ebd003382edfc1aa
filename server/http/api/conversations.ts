import type { Context } from "hono";
import { CONVERSATION_TEXTS } from "#common/conversations.ts";
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

const conversationId = (c: Context<HttpEnv>) => pathId(c, "id", CONVERSATION_TEXTS.notFound);

export function createConversationsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(CONVERSATION_TEXTS.signIn));
  api.get("/", call(listConversations, queryParams));
  api.get("/:id", call(openConversation, conversationId));
  api.post("/:id/messages", call(postToConversation, idAndBody(conversationId), created));
  // "Report this sender" (issue 31): the consultant who received the conversation, to the admins' queue.
  api.post("/:id/report", call(reportConversation, idAndBody(conversationId), created));
  api.delete("/:id", call(deleteConversationFromView, conversationId, noContent));
  return api;
}
