// Who is asking: the signed-in person (id and role), or null for a visitor. Services take it as
// a plain argument so the JSON API and the pages apply the same rules.

export type Actor = { id: number; role: string } | null;

export function isAdmin(actor: Actor): boolean {
  return actor?.role === "admin";
}

/** The actor behind a request's session (see server/http/session.ts), or null when signed out. */
export function actorOf(session: { user: { id: number; role: string } } | null | undefined): Actor {
  return session ? { id: session.user.id, role: session.user.role } : null;
}
