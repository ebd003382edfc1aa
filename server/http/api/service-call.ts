import { Hono } from "hono";
import type { ServiceDeps } from "#server/services/context.ts";
import { apiServiceDeps, type HttpContext, type HttpDeps, type HttpEnv } from "../context.ts";
import { limitBody, readJson } from "../request.ts";

// The shape most JSON API routes have: who asks, the input from the path and the body, one call
// of a service `fn(deps, actor, input)`, its result as JSON. Written once here, so that a route
// file lists only what differs from one route to the next.

/** Reads a service's input from the request: the path ids first (404 when malformed), then the body. */
export type InputReader<I> = (c: HttpContext) => I | Promise<I>;

/** Turns a service's result into the response. */
export type Answer<R> = (c: HttpContext, result: R) => Response | Promise<Response>;

/** The result as JSON, 200. */
export const ok = <R>(c: HttpContext, result: R) => c.json(result);

/** The result as JSON, 201. */
export const created = <R>(c: HttpContext, result: R) => c.json(result, 201);

/** The result as JSON that no browser or proxy keeps (the caller's own data, a write's answer). */
export const notStored = <R>(c: HttpContext, result: R, status: 200 | 201 = 200) => {
  c.header("Cache-Control", "no-store");
  return c.json(result, status);
};

/** An empty 204. */
export const noContent = (c: HttpContext) => c.body(null, 204);

/** A fixed `{ message }` in place of the result (a delete answers what it did). */
export const saying = (message: string) => (c: HttpContext) => c.json({ message });

/** The result under one key: `{ [key]: result }`. */
export const under =
  (key: string) =>
  <R>(c: HttpContext, result: R) =>
    c.json({ [key]: result });

/** The query string's parameters, for a service that parses them (a page, a filter). */
export const queryParams = (c: HttpContext) => c.req.query();

/** For a service that needs only the caller (their own lists). */
export const noInput = (): undefined => undefined;

/** The path's parameters (`{ id, userId }`…), then `body`: the body (JSON unless another reader is given). */
export function pathAndBody<P extends object>(
  path: (c: HttpContext) => P,
  body: (c: HttpContext) => Promise<unknown> = readJson,
) {
  return async (c: HttpContext) => ({ ...path(c), body: await body(c) });
}

/** `{ id, body }`: the path id, then the body (JSON unless another reader is given). */
export function idAndBody(id: (c: HttpContext) => number, body: (c: HttpContext) => Promise<unknown> = readJson) {
  return pathAndBody((c) => ({ id: id(c) }), body);
}

/**
 * The routes of one resource, each asking `actor` who calls before anything else about the
 * request is read (so a visitor gets 401, not a 404 for a malformed path or a 400 for the body).
 */
export function serviceCalls<A>(httpDeps: HttpDeps, actor: (c: HttpContext) => Promise<A>) {
  return <I, R>(service: (deps: ServiceDeps, actor: A, input: I) => Promise<R>, input: InputReader<I>, answer: Answer<R> = ok) =>
    async (c: HttpContext) => {
      const who = await actor(c);
      return answer(c, await service(apiServiceDeps(httpDeps, c), who, await input(c)));
    };
}

/** The same for routes whose service takes no actor, `fn(deps, input)` (the ways in, a referee's link). */
export function visitorCalls(httpDeps: HttpDeps) {
  const call = serviceCalls(httpDeps, async () => null);
  return <I, R>(service: (deps: ServiceDeps, input: I) => Promise<R>, input: InputReader<I>, answer: Answer<R> = ok) =>
    call((deps, _visitor, given: I) => service(deps, given), input, answer);
}

/**
 * A resource's router with `call` for its routes. Every body is already bounded by its path's rule
 * (middleware/body-limit.ts); `maxBody` bounds this router's tighter (413 beyond).
 */
export function serviceApi<A>(httpDeps: HttpDeps, actor: (c: HttpContext) => Promise<A>, maxBody?: number) {
  const api = new Hono<HttpEnv>();
  if (maxBody !== undefined) api.use(limitBody(maxBody));
  return { api, call: serviceCalls(httpDeps, actor) };
}
