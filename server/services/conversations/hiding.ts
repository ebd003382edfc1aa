import { sql } from "drizzle-orm";
import type { ConversationBox } from "#common/conversations.ts";
import { conversationHidden } from "#server/db/schema.ts";
import type { Actor } from "../context.ts";
import { type ConversationDeps, requireSignedIn } from "./conversations.ts";
import { findAccessible } from "./thread.ts";

// A party deletes a conversation from their own view (issue 36): it leaves their boxes and unread
// counts (conversations.ts reads the mark); the other party keeps it; an entry newer than the
// deletion brings it back. Reporting it to the admins is reports.ts (issue 31).

/**
 * DELETE /api/conversations/{id}: 204 for a party (again moves the mark), 404 for anyone else.
 * Answers the box it left (the page goes back to it).
 */
export async function deleteConversationFromView(
  deps: Pick<ConversationDeps, "db">,
  actor: Actor,
  id: number,
): Promise<{ box: ConversationBox }> {
  const user = requireSignedIn(actor);
  const access = await findAccessible(deps.db, user.id, id);
  await deps.db
    .insert(conversationHidden)
    .values({ conversationId: access.id, userId: user.id })
    .onConflictDoUpdate({
      target: [conversationHidden.userId, conversationHidden.conversationId],
      set: { hiddenAt: sql`now()` },
    });
  return { box: access.box };
}
