import { sql } from "drizzle-orm";
import { COUNTRIES } from "../../common/constants.ts";
import type { Database } from "../db/client.ts";
import { consultants } from "../db/schema.ts";
import { isListed } from "./consultants.ts";

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
      (select count(distinct s)::int from listed, unnest(specializations) s) as total_specializations,
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

type CacheEntry = { value?: DirectoryStats; expiresAt: number; loading?: Promise<DirectoryStats> };
const cache = new WeakMap<Database, CacheEntry>();

export const STATS_TTL_MS = 60_000;

/**
 * Stats at most a minute old. The first caller waits for them; after that a stale value is
 * served at once while one refresh runs in the background, so no page view pays for the scan.
 */
export async function cachedDirectoryStats(
  db: Database,
  { ttlMs = STATS_TTL_MS, clock = Date.now, load = getDirectoryStats } = {},
): Promise<DirectoryStats> {
  let entry = cache.get(db);
  if (!entry) {
    entry = { expiresAt: 0 };
    cache.set(db, entry);
  }
  if (entry.value && clock() < entry.expiresAt) return entry.value;
  if (!entry.loading) {
    const current = entry;
    current.loading = load(db)
      .then((value) => {
        current.value = value;
        current.expiresAt = clock() + ttlMs;
        return value;
      })
      .finally(() => {
        current.loading = undefined;
      });
  }
  if (entry.value) {
    // Served stale; a failed refresh is retried by the next caller.
    entry.loading?.catch(() => {});
    return entry.value;
  }
  return entry.loading as Promise<DirectoryStats>;
}
