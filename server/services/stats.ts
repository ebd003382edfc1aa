import { sql } from "drizzle-orm";
import { COUNTRIES, SEARCH_SPECIALIZATIONS } from "#common/constants.ts";
import type { DirectoryStats } from "#common/views.ts";
import type { Database } from "../db/client.ts";
import { consultants } from "../db/schema.ts";
import { isListed } from "./consultants/read-model.ts";
import { StatsCache } from "./stats-cache.ts";

// The home page's stats strip and country tiles, from live data (listed profiles only).

export type { DirectoryStats };

/** Reads every listed profile once: exact, and too costly for every page view (see StatsCache). */
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

/** The process's stats cache (its runtime's `stats`), counting with getDirectoryStats. */
export function createStatsCache() {
  return new StatsCache(getDirectoryStats);
}

/** The stats for a page or /api/stats. */
export function directoryStats(deps: { db: Database; readDb: Database; runtime: { stats: StatsCache } }) {
  return deps.runtime.stats.read(deps);
}
