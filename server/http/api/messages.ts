import { type Context, Hono } from "hono";
import { z } from "zod";
import { MESSAGE_TEXTS, markReadSchema, messageFormSchema, replySchema } from "#common/messages.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { inboxItemShape, inboxMessageSchema } from "#server/http/openapi/messages.ts";
import { messageOnly, pageFields } from "#server/http/openapi/schemas.ts";
import { requireUser } from "#server/services/context.ts";
import { NotFound, ValidationFailed } from "#server/services/errors.ts";
import { deleteMessage, listInbox, openMessage, replyToMessage, setMessageRead } from "#server/services/messages/inbox.ts";
import { sendMessage } from "#server/services/messages/send.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { actorFrom, pathId, readJson, signedInActor } from "../request.ts";
import { idAndBody, queryParams, saying, serviceApi } from "./service-call.ts";

// Messages to consultants: POST /api/consultants/{id}/messages (spec section 7) for signed-in
// senders, and the consultant's inbox under /api/my-consultant-profile/messages (product.md).
// The services refuse visitors first (401), before anything about the request is looked at.

const describeRoute = describeRoutesIn("Messages");

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
  api.post(
    "/",
    describeRoute({
      summary: "Send a consultant a message",
      auth: "session",
      // The consultant is the path's id: the body carries only the message.
      body: messageFormSchema,
      response: messageOnly,
      status: 201,
    }),
    async (c) => {
      // Signed-out senders learn nothing, not even whether the consultant exists.
      const actor = requireUser(await actorFrom(c), MESSAGE_TEXTS.signInToSend);
      const consultantId = consultantIdFromPath(c);
      const body = await readJson(c);
      const input = typeof body === "object" && body !== null ? { ...body, consultantId } : body;
      await sendMessage(apiServiceDeps(deps, c), actor, input);
      // The same answer whether the message was delivered or a honeypot discarded it.
      return c.json({ message: MESSAGE_TEXTS.sent }, 201);
    },
  );
  return api;
}

/** Mounted at /api/my-consultant-profile/messages: only ever the caller's own messages. */
export function createInboxApi(deps: HttpDeps) {
  // Each route asks for the signed-in account first: a visitor gets 401 before the path or the body is looked at.
  const { api, call } = serviceApi(deps, signedInActor(MESSAGE_TEXTS.signInToRead));
  const messageId = (c: Context<HttpEnv>) => pathId(c, "messageId", MESSAGE_TEXTS.messageNotFound);
  const noProfile = () => new NotFound(MESSAGE_TEXTS.noProfile);

  api.get(
    "/",
    describeRoute({
      summary: "The consultant's inbox",
      auth: "session",
      response: z.strictObject({
        messages: z.array(z.strictObject({ ...inboxItemShape, preview: z.string() })),
        ...pageFields,
        unreadCount: z.number().int(),
      }),
    }),
    call(listInbox, queryParams, (c, inbox) => {
      if (inbox.kind === "no-profile") throw noProfile();
      const { kind: _kind, profileName: _name, ...page } = inbox;
      return c.json(page);
    }),
  );

  // Opening a message marks it read, as in the inbox screen.
  api.get(
    "/:messageId",
    describeRoute({
      summary: "One message",
      auth: "session",
      response: inboxMessageSchema,
    }),
    call(openMessage, messageId, (c, opened) => {
      if (opened.kind === "no-profile") throw noProfile();
      return c.json(opened.message);
    }),
  );

  api.patch(
    "/:messageId",
    describeRoute({
      summary: "Mark read or unread",
      auth: "session",
      body: markReadSchema,
      response: inboxMessageSchema,
    }),
    call(setMessageRead, idAndBody(messageId)),
  );
  api.post(
    "/:messageId/reply",
    describeRoute({
      summary: "Reply to a message",
      auth: "session",
      body: replySchema,
      response: inboxMessageSchema,
    }),
    call(replyToMessage, idAndBody(messageId)),
  );
  api.delete(
    "/:messageId",
    describeRoute({
      summary: "Delete a message",
      auth: "session",
      response: messageOnly,
    }),
    call(deleteMessage, messageId, saying("Message deleted")),
  );

  return api;
}
