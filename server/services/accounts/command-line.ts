import type { AuditAction, AuditChanges } from "#common/constants.ts";
import type { Executor } from "#server/db/client.ts";
import { recordAudit } from "../admin/audit.ts";
import { NotFound } from "../errors.ts";
import { deleteUserSessions } from "../sessions.ts";
import { findUserByEmail, normalizeEmail } from "./users.ts";

// What `npm run admin` does to an account (server/admin-cli.ts): it names the account by its
// address, and every change it makes ends the account's sessions (a session begun before the
// change does not carry on under it) and is in the audit log, with the command line as the actor
// (issue 38).

/** The audit log's actor for `npm run admin` (no account). */
export const COMMAND_LINE = { id: null, name: "Command line (npm run admin)", email: "cli" };

/** The account `npm run admin -- … EMAIL` names; NotFound when there is none. */
export async function commandLineAccount(db: Executor, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new NotFound(`No account with the email address ${normalizeEmail(email)}`);
  return user;
}

/** After a change the command line made to `user` inside `tx`: its sessions end, and the audit log records it. */
export async function recordCommandLineChange(
  tx: Executor,
  user: { id: number; name: string },
  action: AuditAction,
  changes: AuditChanges,
): Promise<void> {
  await deleteUserSessions(tx, user.id);
  await recordAudit(tx, COMMAND_LINE, { action, targetType: "user", targetId: user.id, targetLabel: user.name, changes });
}
