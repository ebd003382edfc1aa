import { eq } from "drizzle-orm";
import { conversations } from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { sendMessage } from "#server/services/messages/send.ts";
import { insertListedConsultant } from "./consultants.ts";
import type { RouteHarness } from "./route-stub.tsx";

/**
 * A conversation from a new account (the sender, "Ploy Srisuk" of "Mekong Jobs", with a fee-scam
 * message) to a listed consultant owned by another account (the consultant, "Lan Nguyen"), as
 * the route tests of /messages/{id} and its report need it.
 */
export async function receivedConversation(harness: RouteHarness) {
  const consultant = await harness.signIn({ name: "Lan Nguyen" });
  const consultantId = await insertListedConsultant(harness.database.db, { userId: consultant.user.id, name: "Lan Nguyen" });
  const sender = await harness.signIn({ name: "Ploy Srisuk" });
  await sendMessage(harness.deps, actorOf(sender), {
    consultantId,
    senderName: "Ploy Srisuk",
    senderEmail: sender.user.email,
    senderOrganization: "Mekong Jobs",
    subject: "A paid position for you",
    message: "Send us a processing fee of 200 USD and the assignment is yours.",
  });
  const [row] = await harness.database.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.consultantId, consultantId));
  if (!row) throw new Error("the conversation was not opened");
  return { id: row.id, consultant, sender };
}
