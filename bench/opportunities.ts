import postgres from "postgres";
import { createDatabase } from "../server/db/client.ts";
import { createSession } from "../server/services/sessions.ts";
import type { Scenario } from "./scenarios.ts";

// The opportunities' classes of `npm run bench` (issue 32): the public list and search of
// /api/opportunities, Suggested consultants for one opportunity (a member of its organization,
// signed in), and Opportunities for you (consultants signed in, each their own profile), on the
// bench database with its generated opportunities (npm run seed -- --opportunities, written by
// openBenchDatabase). Targets (issue 32, at one connection): search p95 <= 25 ms with 100 000
// profiles and 20 000 opportunities, suggestions p95 <= 50 ms; Opportunities for you is a list of
// opportunities like the search, held to the search's 25 ms.

export const BENCH_OPPORTUNITIES = 20_000;

export const OPPORTUNITY_TARGETS = { search: 25, suggestions: 50, forYou: 25 } as const;

/**
 * A verified organization a bench adds to post its own opportunities (bench/digest.ts,
 * bench/suggestions.ts); `remove` takes it away at the end with every opportunity it posted.
 */
export async function benchOrganization(
  sql: postgres.Sql,
  slug: string,
  name: string,
): Promise<{ id: number; remove: () => Promise<void> }> {
  const [row] = await sql<{ id: number }[]>`
    insert into organizations (slug, name, kind, country, verified_at, verification_method)
    values (${slug}, ${name}, 'ngo', 'TH', now(), 'admin') returning id`;
  if (!row) throw new Error("no organization");
  const { id } = row;
  return {
    id,
    remove: async () => {
      await sql`delete from opportunities where organization_id = ${id}`;
      await sql`delete from organizations where id = ${id}`;
    },
  };
}

function keywordsQuery(keywords: string) {
  return new URLSearchParams({ keywords }).toString();
}

/** What a visitor asks /opportunities: the list, words of the field, filters, a far page. */
export const OPPORTUNITY_CLASSES: Record<string, string[]> = {
  "opportunities: list": ["sort=newest", "sort=deadline", "page=2", "deadlineSoon=true", "remote=true"],
  "opportunities: keywords": [
    "keywords=evaluation",
    "keywords=PEFA",
    "keywords=water+supply",
    "keywords=gender-based+violence",
    "keywords=disaster+risk+reduction",
  ],
  // Issues 32 and 33: the field's acronyms and topic words in the region's languages, through the
  // glossary's concepts, as the consultants' "acronym" and "local-language topic" classes.
  "opportunities: acronym": ["M&E", "PFM", "GBV", "DRR", "WASH"].map(keywordsQuery),
  "opportunities: local-language topic": ["bình đẳng giới", "nước sạch", "kesetaraan gender", "air bersih", "เพศ"].map(
    keywordsQuery,
  ),
  "opportunities: filters": [
    "specialization=Healthcare&country=Vietnam",
    "country=Philippines&sort=deadline",
    "donor=Asian+Development+Bank",
    "language=Khmer&specialization=Infrastructure",
    "keywords=evaluation&country=Cambodia&donor=UNICEF",
  ],
  "opportunities: deep page": ["page=120", "keywords=specialist&page=60", "country=Indonesia&page=40&sort=deadline"],
  // Issue 33 for issue 32: searches that find nothing answer their relaxations (each relaxed search
  // counted), and a typo is corrected from the opportunities' own words (migration 0046).
  "opportunities: nothing found": [
    "keywords=evaluation+zzqx",
    "keywords=water+supply+zzqx&country=Vietnam",
    "keywords=gender+zzqx&remote=true&deadlineSoon=true",
    "keywords=evaluaton",
    "keywords=sanitaton+zzqx",
  ],
};

type Requests = { paths: string[]; headers: Record<string, string>[] };

/**
 * Signed-in requests for the two matching classes: the published opportunities of the generated
 * organization that has most (its owner's session signs in), and ten listed consultants of
 * different fields given a bench account each (made once, kept in the bench database).
 */
async function signedInRequests(databaseUrl: string): Promise<{ suggestions: Requests; forYou: Requests }> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const client = createDatabase(databaseUrl, { max: 1 });
  try {
    const [organization] = await sql<{ id: number; owner: number }[]>`
      select o.id, min(m.user_id) as owner from organizations o
      join organization_members m on m.organization_id = o.id and m.role = 'owner'
      join opportunities p on p.organization_id = o.id and p.status = 'published' and p.deadline > now()
      where o.slug like 'seed-%' group by o.id order by count(distinct p.id) desc, o.id limit 1`;
    if (!organization) throw new Error("no generated opportunities: openBenchDatabase(count, { opportunities }) writes them");
    const ids = await sql<{ id: number }[]>`
      select id from opportunities where organization_id = ${organization.id} and status = 'published' and deadline > now()
      order by id limit 40`;
    const member = await createSession(client.db, organization.owner);
    const readers = await sql<{ user_id: number }[]>`
      select user_id from consultants c join auth_users u on u.id = c.user_id where u.email like 'bench-reader-%@example.org'`;
    if (readers.length < 10) {
      const chosen = await sql<{ id: number }[]>`
        select distinct on (primary_specialization) id from consultants
        where status = 'approved' and user_id is null order by primary_specialization, md5(id::text) limit 10`;
      for (const [index, consultant] of chosen.entries()) {
        const [user] = await sql<{ id: number }[]>`
          insert into auth_users (email, name, hashed_password, is_email_verified)
          values (${`bench-reader-${index}-${consultant.id}@example.org`}, 'Bench reader', 'bench account: cannot sign in', true)
          returning id`;
        await sql`update consultants set user_id = ${user?.id as number} where id = ${consultant.id}`;
        readers.push({ user_id: user?.id as number });
      }
    }
    const tokens = await Promise.all(readers.slice(0, 10).map((reader) => createSession(client.db, reader.user_id)));
    return {
      suggestions: {
        paths: ids.map((row) => `/api/opportunities/${row.id}/suggestions`),
        headers: ids.map(() => ({ authorization: `Bearer ${member.token}` })),
      },
      forYou: {
        paths: tokens.map(() => "/api/my-consultant-profile/opportunities"),
        headers: tokens.map((session) => ({ authorization: `Bearer ${session.token}` })),
      },
    };
  } finally {
    await client.close();
    await sql.end();
  }
}

/** The opportunities' scenarios, each with its target p95 at one connection. */
export async function opportunityScenarios(databaseUrl: string, only?: Set<string>): Promise<Scenario[]> {
  const wanted = (name: string) => !only || only.has(name) || only.has("opportunities");
  const list: Scenario[] = Object.entries(OPPORTUNITY_CLASSES).map(([name, queries]) => ({
    name,
    paths: () => queries.map((query) => `/api/opportunities?${query}`),
    targetP95: OPPORTUNITY_TARGETS.search,
  }));
  if (wanted("opportunities: suggestions") || wanted("opportunities: for you")) {
    const signedIn = await signedInRequests(databaseUrl);
    list.push({
      name: "opportunities: suggestions",
      paths: () => signedIn.suggestions.paths,
      headers: signedIn.suggestions.headers,
      targetP95: OPPORTUNITY_TARGETS.suggestions,
    });
    list.push({
      name: "opportunities: for you",
      paths: () => signedIn.forYou.paths,
      headers: signedIn.forYou.headers,
      targetP95: OPPORTUNITY_TARGETS.forYou,
    });
  }
  return list.filter((scenario) => wanted(scenario.name));
}
