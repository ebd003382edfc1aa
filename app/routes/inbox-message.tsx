import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import { parseId } from "#common/ids.ts";
import { consultants, messages } from "#server/db/schema.ts";
import { appContext } from "../context.ts";
import type { Route } from "./+types/inbox-message";

// /inbox/{id}, one message of the old inbox (issue 13): it lives in a conversation now. The link
// in an old notification e-mail leads the consultant to that conversation; anything else (a
// visitor, someone else's message, a missing one) to the Received view, which asks a visitor to
// sign in and shows nobody another person's conversation.

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, session } = context.get(appContext);
  const id = parseId(params.id);
  if (!session) return redirect(`/sign-in?redirectTo=${encodeURIComponent(`/inbox/${id ?? ""}`)}`);
  if (id !== null) {
    const [own] = await db
      .select({ conversationId: messages.conversationId })
      .from(messages)
      .innerJoin(consultants, eq(consultants.id, messages.consultantId))
      .where(and(eq(messages.id, id), eq(consultants.userId, session.user.id)))
      .limit(1);
    if (own?.conversationId) return redirect(`/messages/${own.conversationId}`);
  }
  return redirect("/messages?box=received");
}
