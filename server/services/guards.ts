import { AUTH_MESSAGES } from "../../common/auth.ts";
import { Forbidden, Unauthorized } from "./errors.ts";
import type { CurrentSession } from "./sessions.ts";

// Guards throw: a service starts with the guard it needs and reads on without nested ifs.

export function requireUser(actor: CurrentSession | null | undefined): CurrentSession {
  if (!actor) throw new Unauthorized(AUTH_MESSAGES.signInRequired);
  return actor;
}

export function requireAdmin(actor: CurrentSession | null | undefined): CurrentSession {
  const session = requireUser(actor);
  if (session.user.role !== "admin") throw new Forbidden("This needs an administrator account");
  return session;
}
