import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AppServer } from "./harness.ts";

// What the benchmark asks the servers for (bench/run.ts): the search's query classes, a realistic
// mix of them, and the pages and files a visit loads.

/** One query a search term, as the search form sends it (`keywords=health+financing`). */
function keywords(...terms: string[]): string[] {
  return terms.map((term) => new URLSearchParams({ keywords: term }).toString());
}

// Query classes. The vocabulary is the generator's (server/db/seed/generate.ts): at 100 000
// profiles a surname is in under 1 %, "cocoa" in about 3 %, "climate" or "gender" in a fifth to a
// quarter, "management" in half; the filters cut a tenth (country) or less.
export const CLASSES: Record<string, string[]> = {
  rare: keywords("nugroho", "somchai", "kittisak", "mendoza", "iskandar"),
  medium: keywords("cocoa", "hydropower", "immunisation", "dhis2", "mangrove"),
  common: keywords("management", "climate", "gender", "unicef", "national"),
  "two-words": keywords("health financing", "water supply", "gender mainstreaming", "project management", "climate adaptation"),
  "term+filters": [
    "keywords=evaluation&location=Vietnam&experience=8-15",
    "keywords=health&languages=English,Thai",
    "keywords=management&expertise=Agriculture&availability=available",
    "keywords=climate&location=Philippines&sort=experience",
    "keywords=education&location=Indonesia&languages=Indonesian&experience=15%2B",
  ],
  "filters-only": [
    "location=Vietnam&experience=8-15&languages=Vietnamese",
    "expertise=Healthcare&availability=available",
    "location=Laos&sort=experience",
    "expertise=Finance&location=Malaysia&experience=4-7",
    "languages=English,Khmer&availability=available&sort=recent",
  ],
  // Track record (issue 12): donors of the assignments (all must match) and countries of experience.
  donor: [
    "donor=World+Bank",
    "donor=Asian+Development+Bank,WHO",
    "donor=UN+Women&location=Cambodia",
    "keywords=evaluation&donor=UNICEF",
    "donor=JICA&expertise=Infrastructure&sort=experience",
  ],
  workedIn: [
    "workedIn=Laos",
    "workedIn=Timor-Leste",
    "workedIn=Vietnam&location=Thailand",
    "keywords=water&workedIn=Cambodia",
    "workedIn=Myanmar&donor=FAO&availability=available",
  ],
  typo: keywords("helthcare", "managment", "agricultre", "evaluaton", "goverance"),
  // Issue 33: the field's acronyms and topic words in the region's languages, through the glossary.
  acronym: keywords("M&E", "PFM", "GBV", "DRR", "WASH"),
  "local-language topic": keywords("bình đẳng giới", "nước sạch", "kesetaraan gender", "air bersih", "เพศ"),
  prefix: keywords("agri", "immun", "hydro", "mangr", "evalu"),
  "deep-page": [
    "keywords=management&page=80",
    "keywords=climate&page=60&sort=recent",
    "keywords=gender&page=70",
    "location=Thailand&page=75",
    "keywords=national&page=84&sort=experience",
  ],
};

/** A plausible day of searches: mostly one or two words, often with a filter, some typos. */
export const MIX_WEIGHTS: Record<string, number> = {
  rare: 10,
  medium: 15,
  common: 15,
  "two-words": 15,
  "term+filters": 15,
  "filters-only": 15,
  typo: 5,
  prefix: 5,
  "deep-page": 5,
};

/** The realistic mix's queries, each with its class and its weight (the class's, shared by its queries). */
export function mixQueries(): { className: string; query: string; weight: number }[] {
  return Object.entries(MIX_WEIGHTS).flatMap(([className, weight]) => {
    const queries = CLASSES[className] ?? [];
    return queries.map((query) => ({ className, query, weight: weight / queries.length }));
  });
}

export type Scenario = {
  name: string;
  /** The paths to request, per server (a static asset's name differs between builds). */
  paths: (app: AppServer) => string[];
  weights?: number[];
  /** Headers of each path's request (a signed-in class's Bearer tokens), in the order of the paths. */
  headers?: Record<string, string>[];
  /** The p95 the issue sets for this class at one connection, in ms (printed as met or missed). */
  targetP95?: number;
};

const SEARCHED_HOME = [
  "/?keywords=management",
  "/?location=Vietnam",
  "/?keywords=health&expertise=Healthcare",
  "/?keywords=cocoa",
];
const STATIC_PAGES = ["/about", "/help-center", "/privacy-policy", "/resources"];

/** The client entry of a server's build: a static asset every first visit loads. */
function entryAsset(app: AppServer) {
  const assets = path.join(app.appDir, "build", "client", "assets");
  const manifest = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  const entry = manifest
    ? /"entry":\{"module":"([^"]+)"/.exec(readFileSync(path.join(assets, manifest), "utf8"))?.[1]
    : undefined;
  if (!entry) throw new Error(`no client entry in the build manifest of ${app.label}`);
  return entry;
}

export function scenarios(profileIds: number[], only?: Set<string>): Scenario[] {
  const list: Scenario[] = Object.entries(CLASSES).map(([name, queries]) => ({
    name: `search: ${name}`,
    paths: () => queries.map((query) => `/api/consultants?${query}`),
  }));
  const mix = mixQueries();
  list.push({
    name: "search: realistic mix",
    paths: () => mix.map(({ query }) => `/api/consultants?${query}`),
    weights: mix.map(({ weight }) => weight),
  });
  list.push({ name: "home page", paths: () => ["/"] });
  list.push({ name: "home page, searched", paths: () => SEARCHED_HOME });
  list.push({ name: "profile page", paths: () => profileIds.map((id) => `/consultant/${id}`) });
  list.push({ name: "static page", paths: () => STATIC_PAGES });
  list.push({ name: "asset: client entry", paths: (app) => [entryAsset(app)] });
  // Issue 12's target: a CV in under 300 ms at the median.
  list.push({ name: "CV PDF", paths: () => profileIds.slice(0, 5).map((id) => `/api/consultants/${id}/cv.pdf`) });
  list.push({ name: "floor: /readyz (select 1)", paths: () => ["/readyz"] });
  return list.filter((scenario) => !only || only.has(scenario.name.replace(/^search: /, "")) || only.has(scenario.name));
}
