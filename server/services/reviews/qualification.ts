import { sql } from "drizzle-orm";
import type { Database } from "#server/db/client.ts";

// Who may review whom, and for which organization (issues 13 and 31): a person whose conversation
// with the consultant holds an answer from the consultant's side. The one place that decides it.
// It reads the conversation (who it belongs to, and the consultant's entries in it), not the
// spec's `replied_at` flag on a single message: a flag without an answer does not qualify.
//
// A conversation qualifies its personal sender, or, for a team conversation, every member of the
// organization (the exchange was the organization's). The review is then written for that
// organization and counts toward the rating while the organization is verified (migration 0025).
// When several qualify, the organization the person acts for comes first, then their own
// conversation, then their other organizations'.

type Executor = Pick<Database, "execute">;

export type Qualification = { qualified: false } | { qualified: true; organizationId: number | null };

export async function reviewQualification(db: Executor, userId: number, consultantId: number): Promise<Qualification> {
  const [row] = await db.execute<{ organization_id: number | null }>(sql`
    select c.organization_id
    from conversations c
    left join organization_members om on om.organization_id = c.organization_id and om.user_id = ${userId}
    where c.consultant_id = ${consultantId}
      and ((c.organization_id is null and c.sender_user_id = ${userId}) or om.user_id is not null)
      and exists (select 1 from messages m join message_replies r on r.message_id = m.id where m.conversation_id = c.id)
    order by coalesce(om.is_acting, false) desc, (c.organization_id is null) desc, c.id
    limit 1`);
  return row ? { qualified: true, organizationId: row.organization_id } : { qualified: false };
}

export async function hasQualifyingConversation(db: Executor, userId: number, consultantId: number): Promise<boolean> {
  return (await reviewQualification(db, userId, consultantId)).qualified;
}
