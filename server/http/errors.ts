import type { Context } from "hono";
import { ZodError } from "zod";
import { AppError, ServiceUnavailable, TooManyRequests } from "../services/errors.ts";

/** The one place that turns a thrown error into the product.md JSON error shape. */
export function errorResponse(c: Context, error: unknown) {
  if (error instanceof TooManyRequests) {
    c.header("Retry-After", String(error.retryAfterSeconds));
  }
  if (error instanceof AppError && (error.status < 500 || error instanceof ServiceUnavailable)) {
    return c.json(
      error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
      error.status as 400,
    );
  }
  if (error instanceof ZodError) {
    const errors = error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
    return c.json({ message: errors[0]?.message ?? "Invalid request", errors }, 400);
  }
  c.get("log")?.error({ err: error }, "unhandled error");
  return c.json({ message: "Something went wrong on our side. Please try again in a moment." }, 500);
}
