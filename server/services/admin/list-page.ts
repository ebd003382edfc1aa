import { type AnyColumn, ilike, or, type SQL } from "drizzle-orm";
import { adminListQuerySchema } from "#common/admin-schema.ts";
import type { Executor } from "#server/db/client.ts";
import { type Actor, requireAdmin } from "../context.ts";
import { parseInput } from "../validate.ts";

// How the admin tables read a page: a search over a few text columns, one page of rows and the
// total they come from, read in parallel. The audit log, the users, the consultants and the
// approval queue all page this way.

/** A page of an admin table (see adminListQuerySchema for how a request becomes one). */
export type ListQuery = { search?: string; page: number; limit: number };

/** What an admin table's service answers: its rows under their name, the total, the page and the limit. */
export type AdminPage<Key extends string, Row> = Record<Key, Row[]> & { total: number; page: number; limit: number };

/**
 * An admin table's request: the caller must be an admin (checked before the request is read), and
 * the page it asks for, a ListQuery as the services take it or the raw `?search=&page=&limit=`.
 */
export async function adminListQuery(deps: { db: Executor }, actor: Actor, input: unknown): Promise<ListQuery> {
  await requireAdmin(deps, actor);
  const { search, page, limit } = parseInput(adminListQuerySchema, input ?? {});
  return { search, page, limit };
}

/** `%` and `_` in a search are literal characters, not wildcards. */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Rows where any of `columns` contains the search, case-insensitively; no condition without a search. */
export function searchColumns(search: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * One page of rows (`rows` applies the limit and offset it is given) and the total count, read
 * in parallel, with the page and limit they answer.
 */
export async function readPage<Row>(
  query: ListQuery,
  rows: (limit: number, offset: number) => PromiseLike<Row[]>,
  total: PromiseLike<{ total: number }[]>,
): Promise<{ rows: Row[]; total: number; page: number; limit: number }> {
  const [page, [totals]] = await Promise.all([rows(query.limit, (query.page - 1) * query.limit), total]);
  return { rows: page, total: totals?.total ?? 0, page: query.page, limit: query.limit };
}
