import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  Conflict,
  Forbidden,
  NotFound,
  ReauthenticationRequired,
  ServiceUnavailable,
  TooManyRequests,
  ValidationFailed,
} from "#server/services/errors.ts";
import { fieldErrorsOf, invalidAnswer, orPageError, refusalOf, refusedAnswer } from "./service-errors.server.ts";

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

describe("refusedAnswer: the one mapper from a service's error to a page action's answer", () => {
  const failedToSave = (message: string) => ({ title: "Not saved", description: message, variant: "destructive" as const });

  it("says when a sensitive change needs the password again (issue 38), and only then", () => {
    const reply = refusedAnswer(new ReauthenticationRequired("Please confirm it is you"), { intent: "promote" });
    expect(reply).toMatchObject({ init: { status: 403 }, data: { intent: "promote", reauthenticate: true } });
    expect(refusedAnswer(new Forbidden("This needs an administrator account")).data).not.toHaveProperty("reauthenticate");
  });

  it("answers with the refusal's status, the message as the form's error and the page's toast", () => {
    const reply = refusedAnswer(new Conflict("You have 20 shortlists already"), { toast: failedToSave, intent: "create" });
    expect(reply).toMatchObject({
      init: { status: 409 },
      data: {
        intent: "create",
        result: { status: "error", error: { "": ["You have 20 shortlists already"] } },
        toast: { title: "Not saved", description: "You have 20 shortlists already", variant: "destructive" },
      },
    });
    const limited = refusedAnswer(new TooManyRequests("Too many messages", 60));
    expect(new Headers(limited.init?.headers).get("Retry-After")).toBe("60");
    expect(limited.data.toast).toBeUndefined();
  });

  it("puts the errors the service named beside their fields, through Conform's reply when there is one", () => {
    const refused = new ValidationFailed("Check the form", [
      { path: "email", message: "Email is taken" },
      { path: "name", message: "Name is too long" },
    ]);
    const bare = refusedAnswer(refused, {
      toast: (message, { fieldMessages }) => ({ title: message, description: fieldMessages.join(", ") }),
    });
    expect(bare.data.result).toEqual({ status: "error", error: { email: ["Email is taken"], name: ["Name is too long"] } });
    expect(bare.data.toast).toEqual({ title: "Check the form", description: "Email is taken, Name is too long" });
    const form = new FormData();
    form.set("email", "taken@example.org");
    form.set("password", "secret secret");
    const submission = parseWithZod(form, { schema: z.object({ email: z.string(), password: z.string() }) });
    const conform = refusedAnswer(refused, { submission, hideFields: ["password"] });
    expect(conform.data.result).toMatchObject({
      status: "error",
      error: { email: ["Email is taken"], name: ["Name is too long"] },
      initialValue: { email: "taken@example.org" },
    });
    expect(conform.data.result.initialValue).not.toHaveProperty("password");
  });

  it("answers a 404 in place, or as the route's error boundary when the page's subject is gone", () => {
    expect(refusedAnswer(new NotFound("Saved search not found"))).toMatchObject({ init: { status: 404 } });
    let thrown: unknown;
    try {
      refusedAnswer(new NotFound("Shortlist not found"), { notFoundPage: true });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ data: "Shortlist not found", init: { status: 404 } });
  });

  it("answers a service's 503 with its message; rethrows an error that is not a service's refusal", () => {
    expect(refusedAnswer(new ServiceUnavailable("The mail server is not answering"))).toMatchObject({
      init: { status: 503 },
      data: { result: { error: { "": ["The mail server is not answering"] } } },
    });
    const bug = new RangeError("bad index");
    expect(() => refusedAnswer(bug)).toThrow(bug);
  });
});

describe("invalidAnswer", () => {
  it("answers 400 with the schema's field errors and the first of them in the toast", () => {
    const submission = parseWithZod(new FormData(), { schema: z.object({ name: z.string({ error: "Name is required" }) }) });
    if (submission.status === "success") throw new Error("an empty form must not parse");
    const reply = invalidAnswer(submission, {
      intent: "profile",
      toast: (message) => ({ title: "Update failed", description: message }),
    });
    expect(reply).toMatchObject({
      init: { status: 400 },
      data: {
        intent: "profile",
        result: { status: "error", error: { name: ["Name is required"] } },
        toast: { title: "Update failed", description: "Name is required" },
      },
    });
  });
});
