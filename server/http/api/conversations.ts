import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { CONVERSATION_TEXTS } from "#common/conversations.ts";
import {
  type ConversationDeps,
  listConversations,
  openConversation,
  postToConversation,
} from "#server/services/conversations/conversations.ts";
import { NotFound, PayloadTooLarge, Unauthorized, ValidationFailed } from "#server/services/errors.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";

// Conversations (issue 13): GET /api/conversations?box=sent|received&page=, GET /api/conversations/{id},
// POST /api/conversations/{id}/messages { message }. Only a conversation's two parties see it.

const MAX_ID = 2_147_483_647;

function conversationId(c: Context<HttpEnv>): number {
  const value = c.req.param("id");
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) throw new NotFound(CONVERSATION_TEXTS.notFound);
  return Number(value);
}

async function readJson(c: Context<HttpEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ValidationFailed("The request body must be JSON");
  }
}

export function createConversationsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(
    bodyLimit({
      maxSize: 64 * 1024,
      onError: () => {
        throw new PayloadTooLarge("The request body is too large");
      },
    }),
  );
  const serviceDeps = (c: Context<HttpEnv>): ConversationDeps => apiServiceDeps(deps, c);
  const actor = async (c: Context<HttpEnv>) => {
    const user = (await c.get("getSession")())?.user;
    if (!user) throw new Unauthorized(CONVERSATION_TEXTS.signIn);
    return user;
  };

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
