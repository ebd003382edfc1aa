import { describe, expect, it } from "vitest";
import { Conflict, NotFound, ServiceUnavailable, TooManyRequests, ValidationFailed } from "#server/services/errors.ts";
import { fieldErrorsOf, orPageError, refusalOf, refusedAction } from "./service-errors.server.ts";

describe("the page door's mapping of service errors", () => {
  it("turns a typed refusal into its status, message and field errors", () => {
    const refusal = refusalOf(new ValidationFailed("Email is taken", [{ path: "email", message: "Email is taken" }]));
    expect(refusal).toMatchObject({ status: 400, message: "Email is taken" });
    expect(fieldErrorsOf(refusal.errors)).toEqual({ email: ["Email is taken"] });
  });

  it("tells a rate-limited person when to try again", () => {
    const refusal = refusalOf(new TooManyRequests("Too many requests", 42));
    expect(refusal.status).toBe(429);
    expect(new Headers(refusal.headers).get("Retry-After")).toBe("42");
  });

  it("rethrows anything that is not a service's refusal: that is a bug, a 500", () => {
    const bug = new TypeError("undefined is not a function");
    expect(() => refusalOf(bug)).toThrow(bug);
  });

  it("gives a loader the error boundary with the service's status and message", async () => {
    const thrown = await orPageError(Promise.reject(new NotFound("Consultant not found"))).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ data: "Consultant not found", init: { status: 404 } });
  });
});

describe("refusedAction", () => {
  const answer = (message: string) => ({ error: message, text: "what was typed" });

  it("answers a refusal with the page's own answer and the refusal's status, keeping what was typed", () => {
    const reply = refusedAction(new Conflict("You have 20 shortlists already"), answer);
    expect(reply).toMatchObject({
      data: { error: "You have 20 shortlists already", text: "what was typed" },
      init: { status: 409 },
    });
    const limited = refusedAction(new TooManyRequests("Too many messages", 60), answer);
    expect(new Headers(limited.init?.headers).get("Retry-After")).toBe("60");
  });

  it("answers a 404 in place, or as the route's error boundary when the page's subject is gone", () => {
    expect(refusedAction(new NotFound("Saved search not found"), answer)).toMatchObject({ init: { status: 404 } });
    let thrown: unknown;
    try {
      refusedAction(new NotFound("Shortlist not found"), answer, { notFoundPage: true });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ data: "Shortlist not found", init: { status: 404 } });
  });

  it("rethrows what is ours: a 5xx or an error that is not a service's refusal", () => {
    const unavailable = new ServiceUnavailable("The mail server is not answering");
    expect(() => refusedAction(unavailable, answer)).toThrow(unavailable);
    const bug = new RangeError("bad index");
    expect(() => refusedAction(bug, answer)).toThrow(bug);
  });
});
