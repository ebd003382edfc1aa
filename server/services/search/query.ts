import { asc, Column, desc, is, SQL, sql } from "drizzle-orm";
import { EXPERIENCE_LEVELS } from "#common/constants.ts";
import { SEARCH_RESULT_CAP, type SearchParams, type SortValue } from "#common/search.ts";
import { consultants } from "#server/db/schema.ts";
import { isListed, type PublicConsultant, publicConsultantColumns } from "../consultants/read-model.ts";
import { locationCondition } from "./places.ts";

// The SQL a search is composed of: the filters, the orders, the page window, the candidate pools,
// and the public columns as a select list for the queries written in SQL.

/** The best head matches (name, title, specializations, location) always considered for relevance. */
export const HEAD_POOL = 250;
/** Weights of D (bio), C (location, languages, assignments), B (specializations), A (name, title). */
export const RANK_WEIGHTS = "{0.1, 0.2, 0.4, 1.0}";

/** The filters of a search, all on indexed columns of listed profiles. */
export function filterConditions(params: SearchParams): SQL[] {
  const conditions: SQL[] = [isListed];
  if (params.location) {
    conditions.push(locationCondition(params.location));
  }
  if (params.expertise) {
    conditions.push(
      sql`(${consultants.primarySpecialization} = ${params.expertise} or ${consultants.secondarySpecializations} @> ${sql.param([params.expertise])}::text[])`,
    );
  }
  if (params.experience) {
    const level = EXPERIENCE_LEVELS.find((item) => item.value === params.experience);
    if (level) {
      conditions.push(
        level.max === null
          ? sql`${consultants.yearsExperience} >= ${level.min}`
          : sql`${consultants.yearsExperience} between ${level.min} and ${level.max}`,
      );
    }
  }
  if (params.languages.length > 0) {
    conditions.push(sql`${consultants.languages} @> ${sql.param(params.languages)}::text[]`);
  }
  if (params.availability) {
    conditions.push(sql`${consultants.availableForWork} = ${params.availability === "available"}`);
  }
  // Track record (issue 12): donors and countries of the assignments, summed up on the profile
  // by the triggers of migration 0008 and indexed for listed profiles.
  if (params.donor && params.donor.length > 0) conditions.push(sql`track_donors @> ${sql.param(params.donor)}::text[]`);
  if (params.workedIn) conditions.push(sql`track_countries @> array[${params.workedIn}]::text[]`);
  return conditions;
}

/** The order of each sort; ids last, so the order is total and paging is stable. */
export function orderBy(sort: SortValue): SQL[] {
  switch (sort) {
    case "experience":
      return [desc(consultants.yearsExperience), sql`static_score desc`, desc(consultants.id)];
    case "location":
      return [asc(consultants.country), sql`search_key(${consultants.city}) asc`, sql`static_score desc`, desc(consultants.id)];
    case "recent":
      return [desc(consultants.createdAt), desc(consultants.id)];
    default:
      return [sql`static_score desc`, desc(consultants.id)];
  }
}

/** The slice of results a page shows. Paging stops at the cap: past it there is nothing to fetch. */
export function resultWindow(params: SearchParams) {
  const offset = (params.page - 1) * params.limit;
  return { offset, limit: Math.max(0, Math.min(params.limit, SEARCH_RESULT_CAP - offset)) };
}

/** The columns every sort order reads (see orderBy). */
export const ORDER_COLUMNS = sql.raw("id, static_score, years_experience, country, city, created_at");

/**
 * publicConsultantColumns as a SQL select list, for the search query written in SQL: the same
 * columns under the same rule (hidden e-mail and phone never leave the database), and
 * rowToPublicConsultant maps values back the way Drizzle would.
 */
export const publicSelectList = sql.join(
  Object.entries(publicConsultantColumns).map(
    ([key, column]) => sql`${is(column, SQL.Aliased) ? column.sql : column} as ${sql.identifier(key)}`,
  ),
  sql`, `,
);

export function rowToPublicConsultant(row: Record<string, unknown>): PublicConsultant {
  const entries = Object.entries(publicConsultantColumns).map(([key, column]) => {
    const value = row[key];
    return [key, is(column, Column) && value !== null ? column.mapFromDriverValue(value) : value];
  });
  return Object.fromEntries(entries) as PublicConsultant;
}

/**
 * What a candidate carries: the columns every sort order reads, and the document to rank by.
 * Carrying them (rather than joining back to the table) makes ranking read each candidate once.
 */
const CANDIDATE_COLUMNS = sql`${ORDER_COLUMNS}, search_document`;

/** The first `size` matches in `order`, by walking the order's index or by reading every match. */
export function candidatePool(where: SQL, order: SQL[], size: number, walk: boolean) {
  const ordered = sql.join(order, sql`, `);
  if (walk) return sql`select ${CANDIDATE_COLUMNS} from ${consultants} where ${where} order by ${ordered} limit ${size}`;
  // OFFSET 0 keeps the planner from walking an index: every match is read once, the top ones kept.
  // The subquery takes the table's name, so the order expressions apply to it unchanged.
  return sql`select * from (select ${CANDIDATE_COLUMNS} from ${consultants} where ${where} offset 0) ${consultants}
    order by ${ordered} limit ${size}`;
}
