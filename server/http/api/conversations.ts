import { type Context, Hono } from "hono";
import { CONVERSATION_TEXTS } from "#common/conversations.ts";
import { type ConversationDeps, listConversations } from "#server/services/conversations/conversations.ts";
import { openConversation, postToConversation } from "#server/services/conversations/thread.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { limitBody, pathId, readJson, signedInActor } from "../request.ts";

// Conversations (issue 13): GET /api/conversations?box=sent|received&page=, GET /api/conversations/{id},
// POST /api/conversations/{id}/messages { message }. Only a conversation's two parties see it.

const conversationId = (c: Context<HttpEnv>) => pathId(c, "id", CONVERSATION_TEXTS.notFound);

export function createConversationsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(limitBody());
  const serviceDeps = (c: Context<HttpEnv>): ConversationDeps => apiServiceDeps(deps, c);
  const actor = signedInActor(CONVERSATION_TEXTS.signIn);

  api.get("/", async (c) => c.json(await listConversations(serviceDeps(c), await actor(c), c.req.query())));
  api.get("/:id", async (c) => {
    const user = await actor(c);
    return c.json(await openConversation(serviceDeps(c), user, conversationId(c)));
  });
  api.post("/:id/messages", async (c) => {
    const user = await actor(c);
    const id = conversationId(c);
    const body = await readJson(c);
    return c.json(await postToConversation(serviceDeps(c), user, { id, body }), 201);
  });
  return api;
}
