import { expect } from "vitest";

// Browser tests that begin inside a conversation: the sender writes to the consultant through the
// JSON API (POST /api/consultants/{id}/messages, as the message dialog does) and the test opens
// the conversation the message started.

/** What the sender writes: a subject and a message, under an organization's name or not. */
export type FirstMessage = { subject: string; message: string; senderOrganization?: string };

/** `sender` (a new account, signed in by its session token) writes to the consultant; answers the conversation's id. */
export async function startConversation(
  appUrl: string,
  sender: { name: string; email: string; sessionToken: string },
  consultantId: number,
  first: FirstMessage,
): Promise<number> {
  const authorization = `Bearer ${sender.sessionToken}`;
  const sent = await fetch(`${appUrl}/api/consultants/${consultantId}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization },
    body: JSON.stringify({ senderName: sender.name, senderEmail: sender.email, ...first }),
  });
  expect(sent.status, "the first message, through the API").toBe(201);
  // The sender's newest conversation is the one this message opened (or continued).
  const list = await fetch(`${appUrl}/api/conversations?box=sent`, { headers: { authorization } });
  const { conversations } = (await list.json()) as { conversations: { id: number }[] };
  const id = conversations[0]?.id;
  if (!id) throw new Error("the conversation was not opened");
  return id;
}
