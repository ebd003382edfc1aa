import { type AnyColumn, count, desc, ilike, or, type SQL } from "drizzle-orm";
import type { PgSelect, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { adminListQuerySchema } from "#common/admin-schema.ts";
import type { Executor } from "#server/db/client.ts";
import { type Actor, requireAdmin } from "../context.ts";
import { parseInput } from "../validate.ts";

// How the admin tables read a page: a search over a few text columns, one page of rows and the
// total they come from, read in parallel. The audit log, the users, the consultants, the
// organizations, the reports, the reviews and the references each page one table, inner-joined
// for the names they show (readTablePage); the approval queue left-joins its own way (readPage).

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

/** Newest first, then the higher id: the order of most admin tables. */
export function newestFirst(table: { createdAt: AnyColumn; id: AnyColumn }): SQL[] {
  return [desc(table.createdAt), desc(table.id)];
}

/**
 * readPage for an admin table that pages the rows of one table: `columns` of the rows of `table`
 * (inner-joined to `joins`, for a name to show or search by) where `where` holds, in `order`.
 */
export function readTablePage<Columns extends SelectedFields>(
  db: Executor,
  query: ListQuery,
  source: { table: PgTable; joins?: { table: PgTable; on: SQL }[]; columns: Columns; where: SQL | undefined; order: SQL[] },
): Promise<{ rows: SelectResultFields<Columns>[]; total: number; page: number; limit: number }> {
  const { table, joins = [], columns, where, order } = source;
  const joined = <Query extends PgSelect>(select: Query): Query => {
    let rows: PgSelect = select;
    for (const join of joins) rows = rows.innerJoin(join.table, join.on);
    return rows.where(where) as Query;
  };
  return readPage(
    query,
    (limit, offset) =>
      joined(
        db
          .select(columns as SelectedFields)
          .from(table)
          .$dynamic(),
      )
        .orderBy(...order)
        .limit(limit)
        .offset(offset) as PromiseLike<SelectResultFields<Columns>[]>,
    joined(db.select({ total: count() }).from(table).$dynamic()),
  );
}
