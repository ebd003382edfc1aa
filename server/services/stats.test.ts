import { describe, expect } from "vitest";
import { COUNTRIES } from "#common/constants.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import type { TestDatabase } from "../../tests/setup/database.ts";
import { databaseTest } from "../../tests/setup/fixtures.ts";
import { type DirectoryStats, getDirectoryStats } from "./stats.ts";
import { StatsCache } from "./stats-cache.ts";

const it = databaseTest();

describe("directory stats", () => {
  it("are zero for an empty directory, with every country listed", async ({ database }) => {
    expect(await getDirectoryStats(database.db)).toEqual({
      totalConsultants: 0,
      totalCountries: 0,
      totalSpecializations: 0,
      totalProjects: 0,
      countries: COUNTRIES.map((country) => ({ country, count: 0 })),
    });
  });

  it("count listed profiles only: consultants, countries, distinct specializations, projects", async ({ database }) => {
    const { db } = database;
    await insertListedConsultant(db, {
      country: "Vietnam",
      primarySpecialization: "Healthcare",
      secondarySpecializations: ["Education"],
      projectsCompleted: 12,
    });
    await insertListedConsultant(db, {
      country: "Vietnam",
      primarySpecialization: "Education",
      secondarySpecializations: ["Healthcare", "Finance"],
      projectsCompleted: 3,
    });
    await insertListedConsultant(db, { country: "Laos", primarySpecialization: "Governance", projectsCompleted: 5 });
    await insertListedConsultant(db, {
      country: "Brunei",
      primarySpecialization: "Technology",
      projectsCompleted: 100,
      status: "pending",
    });
    const stats = await getDirectoryStats(db);
    expect(stats).toMatchObject({ totalConsultants: 3, totalCountries: 2, totalSpecializations: 4, totalProjects: 20 });
    expect(stats.countries.find((c) => c.country === "Vietnam")?.count).toBe(2);
    expect(stats.countries.find((c) => c.country === "Laos")?.count).toBe(1);
    expect(stats.countries.find((c) => c.country === "Brunei")?.count).toBe(0);
    expect(stats.countries.map((c) => c.country)).toEqual([...COUNTRIES]);
  });
});

describe("cached stats", () => {
  const sample = (totalConsultants: number): DirectoryStats => ({
    totalConsultants,
    totalCountries: 0,
    totalSpecializations: 0,
    totalProjects: 0,
    countries: [],
  });

  it("load once, serve from memory within the TTL, then serve stale while one refresh runs", async () => {
    let now = 1_000;
    let loads = 0;
    let release: () => void = () => {};
    const load = () => {
      loads += 1;
      const value = sample(loads);
      return loads === 1 ? Promise.resolve(value) : new Promise<DirectoryStats>((resolve) => (release = () => resolve(value)));
    };
    const db = {} as TestDatabase["db"];
    const stats = new StatsCache(getDirectoryStats);
    const cachedDirectoryStats = (key: typeof db, options: Parameters<StatsCache["read"]>[1]) =>
      stats.read({ db: key, readDb: key }, options);
    const options = { ttlMs: 100, clock: () => now, load };
    expect((await cachedDirectoryStats(db, options)).totalConsultants).toBe(1);
    now += 50;
    expect((await cachedDirectoryStats(db, options)).totalConsultants).toBe(1);
    expect(loads).toBe(1);
    now += 100;
    // Expired: the stale value comes back at once, and a single refresh starts.
    expect((await cachedDirectoryStats(db, options)).totalConsultants).toBe(1);
    expect((await cachedDirectoryStats(db, options)).totalConsultants).toBe(1);
    expect(loads).toBe(2);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await cachedDirectoryStats(db, options)).totalConsultants).toBe(2);
    expect(loads).toBe(2);
  });

  it("share one load between callers that arrive before the first result", async () => {
    let loads = 0;
    const load = async () => sample(++loads);
    const db = {} as TestDatabase["db"];
    const stats = new StatsCache(getDirectoryStats);
    const [a, b] = await Promise.all([stats.read({ db, readDb: db }, { load }), stats.read({ db, readDb: db }, { load })]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
  });
});
