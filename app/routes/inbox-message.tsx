import { redirect } from "react-router";
import { parseId } from "#common/ids.ts";
import { actorOf } from "#server/services/context.ts";
import { conversationOfMessage } from "#server/services/conversations/thread.ts";
import { appContext } from "../context.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import type { Route } from "./+types/inbox-message";

// /inbox/{id}, one message of the old inbox (issue 13): it lives in a conversation now. The link
// in an old notification e-mail leads the consultant to that conversation. A visitor signs in first
// and comes back; someone else's message or a missing one leads to the Received view, which shows
// nobody another person's conversation.

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const session = requireSignedIn(app, { comeBack: request });
  const id = parseId(params.id);
  const conversationId = id === null ? null : await conversationOfMessage(app, actorOf(session), id);
  return redirect(conversationId ? `/messages/${conversationId}` : "/messages?box=received");
}
