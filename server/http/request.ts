import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { parseId } from "#common/ids.ts";
import { type Actor, actorOf, requireAccount, requireUser, type SignedIn } from "../services/context.ts";
import { NotFound, PayloadTooLarge, Unauthorized, ValidationFailed } from "../services/errors.ts";
import type { HttpEnv } from "./context.ts";

// What the JSON API's handlers share: reading the body, the path ids, the body limits, the actor.

/**
 * The JSON body. With `allowEmpty`, an empty body is "nothing given" (undefined), which the
 * schemas answer with their own messages; otherwise it is not JSON.
 */
export async function readJson(c: Context<HttpEnv>, options: { allowEmpty?: boolean } = {}): Promise<unknown> {
  const text = await c.req.text();
  if (options.allowEmpty && text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationFailed("The request body must be JSON");
  }
}

/** The JSON body, or `{}` when there is none: the service's schema names what is missing. */
export async function bodyOrEmpty(c: Context<HttpEnv>): Promise<unknown> {
  return (await readJson(c, { allowEmpty: true })) ?? {};
}

/** A multipart form's fields; a body that is not one is refused (400) with `notMultipart`. */
export async function readMultipart(c: Context<HttpEnv>, notMultipart: string): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody();
  } catch {
    throw new ValidationFailed(notMultipart);
  }
}

/** The file sent in a multipart form's `field`, or 400: `notMultipart`, or `missing` beside the field. */
export async function uploadedFile(
  c: Context<HttpEnv>,
  field: string,
  messages: { notMultipart: string; missing: string },
): Promise<File> {
  const file = (await readMultipart(c, messages.notMultipart))[field];
  if (!(file instanceof File)) throw new ValidationFailed(messages.missing, [{ path: field, message: messages.missing }]);
  return file;
}

/** An upload's first step: a visitor is refused (401) with `message` before the body is read. */
export function signedInFirst(message: string): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    if (!(await c.get("getSession")())) throw new Unauthorized(message);
    await next();
  };
}

/** A path id that is not a positive whole number within PostgreSQL's integer names nothing: 404, never a 500. */
export function pathId(c: Context<HttpEnv>, name: string, notFound: string): number {
  const id = parseId(c.req.param(name));
  if (id === null) throw new NotFound(notFound);
  return id;
}

/** JSON bodies: a profile or a message is a few kilobytes (a bio or message at most 5000 characters). */
export const JSON_BODY_LIMIT = 64 * 1024;

/** The 413's words for a body over its limit (the body-limit middleware's too, but for files). */
export const BODY_TOO_LARGE = "The request body is too large";

/** Refuses a larger body with 413 before the handler reads it. */
export function limitBody(maxSize: number = JSON_BODY_LIMIT) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new PayloadTooLarge(BODY_TOO_LARGE);
    },
  });
}

/** Who is asking, from the request's session. */
export async function actorFrom(c: Context<HttpEnv>): Promise<Actor> {
  return actorOf(await c.get("getSession")());
}

/** A handler's signed-in actor: a visitor gets 401 with `message` before the path or body is read. */
export function signedInActor(message: string): (c: Context<HttpEnv>) => Promise<SignedIn> {
  return async (c) => requireUser(await actorFrom(c), message);
}

/** The same for the person's own account (/api/account): open also while a second factor must still be set up. */
export function accountActor(message: string): (c: Context<HttpEnv>) => Promise<SignedIn> {
  return async (c) => requireAccount(await actorFrom(c), message);
}
