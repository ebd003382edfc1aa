// Who is asking: the signed-in person (id and role), or null for a visitor. Services take it as
// a plain argument so the JSON API and the pages apply the same rules.

export type Actor = { id: number; role: string } | null;

export function isAdmin(actor: Actor): boolean {
  return actor?.role === "admin";
}
