import { and, desc, eq } from "drizzle-orm";
import type { TeamContact } from "#common/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { conversations, messages, organizationMembers, organizations } from "#server/db/schema.ts";
import type { Actor } from "../context.ts";

/**
 * "Already contacted by a colleague" (issue 31): the conversation the organization the person acts
 * for already has with this consultant, with who wrote last from the team and when; null when it
 * has none or the person acts for themselves. A member about to write sees it first: their message
 * would join that conversation (one per organization and consultant), under its subject.
 */
export async function teamContactWith(deps: { db: Executor }, actor: Actor, consultantId: number): Promise<TeamContact | null> {
  if (!actor) return null;
  // One statement: the organization the person acts for, its conversation with the consultant and
  // that conversation's latest message (the profile page asks on every signed-in view).
  const [row] = await deps.db
    .select({
      conversationId: conversations.id,
      subject: conversations.subject,
      organizationName: organizations.name,
      writtenBy: messages.senderName,
      writerId: messages.senderUserId,
      writtenAt: messages.createdAt,
    })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .innerJoin(
      conversations,
      and(eq(conversations.organizationId, organizationMembers.organizationId), eq(conversations.consultantId, consultantId)),
    )
    .innerJoin(messages, eq(messages.conversationId, conversations.id))
    .where(and(eq(organizationMembers.userId, actor.id), eq(organizationMembers.isActing, true)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  if (!row) return null;
  return {
    conversationId: row.conversationId,
    subject: row.subject,
    organizationName: row.organizationName,
    writtenBy: row.writtenBy,
    writtenByYou: row.writerId === actor.id,
    writtenAt: row.writtenAt.toISOString(),
  };
}
