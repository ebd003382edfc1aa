import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

// Who may review whom: a person whose message the consultant replied to. The one place that
// decides it, over today's messages and their stored replies; when conversations replace
// one-way messages, only this function changes.

type Executor = Pick<Database, "execute">;

export async function hasQualifyingConversation(db: Executor, userId: number, consultantId: number): Promise<boolean> {
  const [row] = await db.execute<{ qualified: boolean }>(sql`
    select exists (
      select 1 from messages m
      where m.consultant_id = ${consultantId} and m.sender_user_id = ${userId}
        and (m.replied_at is not null or exists (select 1 from message_replies r where r.message_id = m.id))
    ) as qualified`);
  return row?.qualified === true;
}
