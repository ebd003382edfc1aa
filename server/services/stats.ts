import { sql } from "drizzle-orm";
import { COUNTRIES, SEARCH_SPECIALIZATIONS } from "#common/constants.ts";
import type { Database } from "../db/client.ts";
import { consultants } from "../db/schema.ts";
import { isListed } from "./consultants/read-model.ts";
import { onDirectoryChange } from "./directory-changes.ts";
import { cachedPerKey } from "./ttl-cache.ts";

// The home page's stats strip and country tiles, from live data (listed profiles only).

export type DirectoryStats = {
  totalConsultants: number;
  totalCountries: number;
  totalSpecializations: number;
  /** The sum of projectsCompleted. */
  totalProjects: number;
  /** Listed consultants per country, in the order of the ten countries (spec section 9). */
  countries: { country: string; count: number }[];
};

/** Reads every listed profile once: exact, and too costly for every page view (see cachedDirectoryStats). */
export async function getDirectoryStats(db: Database): Promise<DirectoryStats> {
  const [row] = await db.execute<{
    total_consultants: number;
    total_projects: string;
    total_specializations: number;
    per_country: Record<string, number> | null;
  }>(sql`
    with listed as (
      select ${consultants.country} as country, ${consultants.projectsCompleted} as projects,
        array[${consultants.primarySpecialization}::text] || ${consultants.secondarySpecializations} as specializations
      from ${consultants} where ${isListed}
    )
    select
      (select count(*)::int from listed) as total_consultants,
      (select coalesce(sum(projects), 0)::bigint from listed) as total_projects,
      -- The areas the tiles show (a free-text secondary specialization is not one of them).
      (select count(distinct s)::int from listed, unnest(specializations) s
        where s = any(${sql.param([...SEARCH_SPECIALIZATIONS])}::text[])) as total_specializations,
      (select jsonb_object_agg(country, n) from (select country, count(*)::int as n from listed group by country) c) as per_country`);
  const perCountry = row?.per_country ?? {};
  return {
    totalConsultants: Number(row?.total_consultants ?? 0),
    totalCountries: Object.keys(perCountry).length,
    totalSpecializations: Number(row?.total_specializations ?? 0),
    totalProjects: Number(row?.total_projects ?? 0),
    countries: COUNTRIES.map((country) => ({ country, count: perCountry[country] ?? 0 })),
  };
}

export const STATS_TTL_MS = 60_000;

/** Stats at most a minute old (ttl-cache.ts): no page view pays for reading every profile. */
export const cachedDirectoryStats = cachedPerKey(getDirectoryStats, STATS_TTL_MS);

let recountOnPrimary = false;

/**
 * The stats for a page or /api/stats: from the replica when there is one, except the first count
 * after a change, which reads the primary (the replica may not have replayed the change yet, and
 * a stale count would then be kept for the whole TTL).
 */
export function directoryStats({ db, readDb }: { db: Database; readDb: Database }) {
  return cachedDirectoryStats(readDb, {
    load: () => {
      const source = recountOnPrimary ? db : readDb;
      recountOnPrimary = false;
      return getDirectoryStats(source);
    },
  });
}

// A profile created, edited, moderated or deleted, here or on another instance: the next page
// view counts afresh.
onDirectoryChange(() => {
  recountOnPrimary = true;
  cachedDirectoryStats.invalidateAll();
});
