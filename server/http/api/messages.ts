import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { INBOX_PAGE_SIZE, MESSAGE_TEXTS } from "../../../common/messages.ts";
import { NotFound, PayloadTooLarge, Unauthorized, ValidationFailed } from "../../services/errors.ts";
import {
  deleteMessage,
  listInbox,
  type MessageMailDeps,
  openMessage,
  replyToMessage,
  sendMessage,
  setMessageRead,
} from "../../services/messages.ts";
import type { HttpDeps, HttpEnv } from "../app.ts";

// Messages to consultants: POST /api/consultants/{id}/messages (spec section 7) for signed-in
// senders, and the consultant's inbox under /api/my-consultant-profile/messages (product.md).

const INBOX_MAX_PAGE_SIZE = 100;

const inboxQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number of at least 1" })
    .int("page must be a whole number of at least 1")
    .min(1, "page must be a whole number of at least 1")
    .max(1_000_000, "page must be a whole number of at least 1")
    .default(1),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}` })
    .int(`limit must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}`)
    .min(1, `limit must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}`)
    .max(INBOX_MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${INBOX_MAX_PAGE_SIZE}`)
    .default(INBOX_PAGE_SIZE),
});

const MAX_ID = 2_147_483_647;

/** A path id that is not a positive whole number within PostgreSQL's integer names nothing: 404, never a 500. */
function idParam(value: string | undefined, notFound: string): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) throw new NotFound(notFound);
  return Number(value);
}

async function readJson(c: Context<HttpEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ValidationFailed("The request body must be JSON");
  }
}

function limitBodies() {
  // A 5,000-character message is at most 20 kB in UTF-8; the other fields add little.
  return bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw new PayloadTooLarge("The request body is too large");
    },
  });
}

function mailDeps({ jobs, config }: HttpDeps, c: Context<HttpEnv>): MessageMailDeps {
  return { jobs, siteName: config.siteName, publicUrl: config.publicUrl, log: c.get("log") };
}

/** The signed-in account; a visitor gets 401 before anything else is looked at. */
async function requireActor(c: Context<HttpEnv>, message: string) {
  const user = (await c.get("getSession")())?.user;
  if (!user) throw new Unauthorized(message);
  return user;
}

/** Mounted at /api/consultants/:id/messages. */
export function createConsultantMessagesApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(limitBodies());
  api.post("/", async (c) => {
    // Signed-out senders learn nothing, not even whether the consultant exists.
    const actor = await requireActor(c, MESSAGE_TEXTS.signInToSend);
    const consultantId = idParam(c.req.param("id"), MESSAGE_TEXTS.consultantNotFound);
    const body = await readJson(c);
    const input = typeof body === "object" && body !== null ? { ...body, consultantId } : body;
    await sendMessage(deps.db, actor, input, { ...mailDeps(deps, c), clientIp: c.get("clientIp") });
    // The same answer whether the message was delivered or a honeypot discarded it.
    return c.json({ message: MESSAGE_TEXTS.sent }, 201);
  });
  return api;
}

/** Mounted at /api/my-consultant-profile/messages: only ever the caller's own messages. */
export function createInboxApi(deps: HttpDeps) {
  const { db } = deps;
  const api = new Hono<HttpEnv>();
  api.use(limitBodies());
  const messageId = (c: Context<HttpEnv>) => idParam(c.req.param("messageId"), MESSAGE_TEXTS.messageNotFound);

  api.get("/", async (c) => {
    const actor = await requireActor(c, MESSAGE_TEXTS.signInToRead);
    const query = inboxQuerySchema.parse(c.req.query());
    return c.json(await listInbox(db, actor, query));
  });

  // Opening a message marks it read, as in the inbox screen.
  api.get("/:messageId", async (c) => {
    const actor = await requireActor(c, MESSAGE_TEXTS.signInToRead);
    return c.json(await openMessage(db, actor, messageId(c)));
  });

  api.patch("/:messageId", async (c) => {
    const actor = await requireActor(c, MESSAGE_TEXTS.signInToRead);
    const id = messageId(c);
    return c.json(await setMessageRead(db, actor, id, await readJson(c)));
  });

  api.post("/:messageId/reply", async (c) => {
    const actor = await requireActor(c, MESSAGE_TEXTS.signInToRead);
    const id = messageId(c);
    return c.json(await replyToMessage(db, actor, id, await readJson(c), mailDeps(deps, c)));
  });

  api.delete("/:messageId", async (c) => {
    const actor = await requireActor(c, MESSAGE_TEXTS.signInToRead);
    await deleteMessage(db, actor, messageId(c));
    return c.json({ message: "Message deleted" });
  });

  return api;
}
