import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";

// Who may review whom: a person whose conversation with the consultant holds an answer from the
// consultant's side (issue 13). The one place that decides it. It reads the conversation (the
// account that started it, and the consultant's entries in it), not the spec's `replied_at` flag on
// a single message: a flag without an answer in the conversation does not qualify.

type Executor = Pick<Database, "execute">;

export async function hasQualifyingConversation(db: Executor, userId: number, consultantId: number): Promise<boolean> {
  const [row] = await db.execute<{ qualified: boolean }>(sql`
    select exists (
      select 1 from conversations c
      join messages m on m.conversation_id = c.id
      join message_replies r on r.message_id = m.id
      where c.consultant_id = ${consultantId} and c.sender_user_id = ${userId}
    ) as qualified`);
  return row?.qualified === true;
}
