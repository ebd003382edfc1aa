import { type SQL, sql } from "drizzle-orm";
import { findCountry, findPlace, type PlaceMention } from "#common/places.ts";
import type { Database } from "#server/db/client.ts";
import { consultants } from "#server/db/schema.ts";

// Places in a search, in any spelling (common/places.ts), matched on the query side: the
// profiles' search documents and cities stay as they are, and a place in the keywords or the
// location filter stands for every spelling of it. Nobody is lost to spelling.

/** A place named in the keywords: which words name it, and a tsquery matching any spelling. */
export type PlaceTerm = {
  start: number;
  end: number;
  /** (spelling one) | (spelling two as a phrase) | …, in the search's text configuration. */
  query: string;
  /** Every lexeme of every spelling: what the search's estimates reckon with. */
  lexemes: string[];
};

/** The places named among keyword words (findPlaceMentions), each as a tsquery over all its spellings (one round trip). */
export async function placeTerms(db: Database, mentions: readonly PlaceMention[]): Promise<PlaceTerm[]> {
  if (mentions.length === 0) return [];
  const spellings = mentions.flatMap((mention, index) => mention.spellings.map((spelling) => ({ index, spelling })));
  const rows = await db.execute<{ index: number; query: string; lexemes: string[] }>(sql`
    select t.index, phraseto_tsquery('search_english', t.spelling)::text as query,
      tsvector_to_array(to_tsvector('search_english', t.spelling)) as lexemes
    from unnest(${sql.param(spellings.map((item) => item.index))}::int[], ${sql.param(spellings.map((item) => item.spelling))}::text[])
      as t(index, spelling)`);
  return mentions.flatMap((mention, index) => {
    const own = rows.filter((row) => Number(row.index) === index && row.query !== "");
    if (own.length === 0) return [];
    return [
      {
        start: mention.start,
        end: mention.end,
        query: [...new Set(own.map((row) => `(${row.query})`))].join(" | "),
        lexemes: [...new Set(own.flatMap((row) => row.lexemes))],
      },
    ];
  });
}

/** The country a location filter names in any spelling ("Burma", "viet nam"), if it names one. */
export function locationCountry(location: string) {
  return findCountry(location);
}

/**
 * The location filter: a country in any spelling, or a city in any spelling the gazetteer knows
 * (on the city index: search_key(city) is indexed), or else the city as typed, accents optional.
 */
export function locationCondition(location: string): SQL {
  const country = findCountry(location);
  if (country) return sql`${consultants.country} = ${country}`;
  const place = findPlace(location);
  if (place) {
    return sql`search_key(${consultants.city}) = any(array(select search_key(s) from unnest(${sql.param([...place.spellings])}::text[]) s))`;
  }
  // The place folded once per statement, not on every row tested (see indexedMatch).
  return sql`search_key(${consultants.city}) = (select search_key(${location}))`;
}
