import { and, desc, eq } from "drizzle-orm";
import type { TeamContact } from "#common/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { conversations, messages } from "#server/db/schema.ts";
import type { Actor } from "../context.ts";
import { actingOrganization } from "./membership.ts";

/**
 * "Already contacted by a colleague" (issue 31): the conversation the organization the person acts
 * for already has with this consultant, with who wrote last from the team and when; null when it
 * has none or the person acts for themselves. A member about to write sees it first: their message
 * would join that conversation (one per organization and consultant), under its subject.
 */
export async function teamContactWith(deps: { db: Executor }, actor: Actor, consultantId: number): Promise<TeamContact | null> {
  const acting = await actingOrganization(deps, actor);
  if (!acting) return null;
  const [row] = await deps.db
    .select({
      conversationId: conversations.id,
      subject: conversations.subject,
      writtenBy: messages.senderName,
      writerId: messages.senderUserId,
      writtenAt: messages.createdAt,
    })
    .from(conversations)
    .innerJoin(messages, eq(messages.conversationId, conversations.id))
    .where(and(eq(conversations.organizationId, acting.id), eq(conversations.consultantId, consultantId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  if (!row) return null;
  return {
    conversationId: row.conversationId,
    subject: row.subject,
    organizationName: acting.name,
    writtenBy: row.writtenBy,
    writtenByYou: actor !== null && row.writerId === actor.id,
    writtenAt: row.writtenAt.toISOString(),
  };
}
