import { type Context, Hono } from "hono";
import { MESSAGE_TEXTS } from "#common/messages.ts";
import { requireUser } from "#server/services/context.ts";
import { NotFound, ValidationFailed } from "#server/services/errors.ts";
import { deleteMessage, listInbox, openMessage, replyToMessage, setMessageRead } from "#server/services/messages/inbox.ts";
import { sendMessage } from "#server/services/messages/send.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { actorFrom, limitBody, pathId, readJson, signedInActor } from "../request.ts";

// Messages to consultants: POST /api/consultants/{id}/messages (spec section 7) for signed-in
// senders, and the consultant's inbox under /api/my-consultant-profile/messages (product.md).
// The services refuse visitors first (401), before anything about the request is looked at.

// A 5,000-character message is at most 20 kB in UTF-8; the other fields add little.
const limitBodies = () => limitBody();

/**
 * The consultant id in the message path: not a positive whole number is a 400 with the spec's
 * 'Consultant ID is required' (spec section 5); a well-formed id beyond PostgreSQL's integer, or of
 * no listed consultant, is the 404 'Consultant not found'.
 */
function consultantIdFromPath(c: Context<HttpEnv>): number {
  if (!/^[1-9]\d*$/.test(c.req.param("id") ?? "")) {
    throw new ValidationFailed(MESSAGE_TEXTS.consultantId, [{ path: "consultantId", message: MESSAGE_TEXTS.consultantId }]);
  }
  return pathId(c, "id", MESSAGE_TEXTS.consultantNotFound);
}

/** Mounted at /api/consultants/:id/messages. */
export function createConsultantMessagesApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(limitBodies());
  api.post("/", async (c) => {
    // Signed-out senders learn nothing, not even whether the consultant exists.
    const actor = requireUser(await actorFrom(c), MESSAGE_TEXTS.signInToSend);
    const consultantId = consultantIdFromPath(c);
    const body = await readJson(c);
    const input = typeof body === "object" && body !== null ? { ...body, consultantId } : body;
    await sendMessage(apiServiceDeps(deps, c), actor, input);
    // The same answer whether the message was delivered or a honeypot discarded it.
    return c.json({ message: MESSAGE_TEXTS.sent }, 201);
  });
  return api;
}

/** Mounted at /api/my-consultant-profile/messages: only ever the caller's own messages. */
export function createInboxApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(limitBodies());
  const messageId = (c: Context<HttpEnv>) => pathId(c, "messageId", MESSAGE_TEXTS.messageNotFound);
  /** The signed-in account; a visitor gets 401 before the path or the body is looked at. */
  const reader = signedInActor(MESSAGE_TEXTS.signInToRead);
  const noProfile = () => new NotFound(MESSAGE_TEXTS.noProfile);

  api.get("/", async (c) => {
    const inbox = await listInbox(apiServiceDeps(deps, c), await reader(c), c.req.query());
    if (inbox.kind === "no-profile") throw noProfile();
    const { kind: _kind, profileName: _name, ...page } = inbox;
    return c.json(page);
  });

  // Opening a message marks it read, as in the inbox screen.
  api.get("/:messageId", async (c) => {
    const actor = await reader(c);
    const opened = await openMessage(apiServiceDeps(deps, c), actor, messageId(c));
    if (opened.kind === "no-profile") throw noProfile();
    return c.json(opened.message);
  });

  api.patch("/:messageId", async (c) => {
    const actor = await reader(c);
    const id = messageId(c);
    return c.json(await setMessageRead(apiServiceDeps(deps, c), actor, { id, body: await readJson(c) }));
  });

  api.post("/:messageId/reply", async (c) => {
    const actor = await reader(c);
    const id = messageId(c);
    return c.json(await replyToMessage(apiServiceDeps(deps, c), actor, { id, body: await readJson(c) }));
  });

  api.delete("/:messageId", async (c) => {
    const actor = await reader(c);
    await deleteMessage(apiServiceDeps(deps, c), actor, messageId(c));
    return c.json({ message: "Message deleted" });
  });

  return api;
}
