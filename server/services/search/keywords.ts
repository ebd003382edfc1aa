import { sql } from "drizzle-orm";
import { type ConceptMatch, expansionForms, findConcepts, type Glossary } from "#common/glossary/glossary.ts";
import { findPlaceMentions } from "#common/places.ts";
import { SEARCH_RESULT_CAP, type SearchParams } from "#common/search.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { consultants } from "#server/db/schema.ts";
import type { ServiceRuntime } from "../context.ts";
import { conceptLexeme } from "./concepts.ts";
import { countToCap } from "./counting.ts";
import type { KeywordWords } from "./keyword-plan.ts";
import { type PlaceTerm, placeTerms } from "./places.ts";
import { filterConditions, indexedMatch } from "./query.ts";
import type { ExpandedTerm } from "./result.ts";
import {
  ANALYSIS_TTL_MS,
  analyzeWords,
  type Corrector,
  correctWords,
  quoteLexeme,
  typedKeywords,
  type WordAnalysis,
} from "./words.ts";

// The keywords of a search as terms (issue 33): a place in any spelling (places.ts), a concept of
// the field glossary in any of its forms ("M&E", "monitoring and evaluation", "giám sát và đánh
// giá": one term, matched as the '#k:' lexeme migration 0025 tags documents with), or a word
// (stemmed, the last one completed). Every term must match; dropping one is a relaxation.

/**
 * One term of the keywords, covering the words start..end (exclusive) of the keywords, `typed` as
 * they stand in the keywords ("M&E", not its words "M E").
 */
export type KeywordTerm = { start: number; end: number; typed: string } & (
  | { kind: "word"; analysis: WordAnalysis }
  | {
      kind: "concept";
      match: ConceptMatch;
      analyses: WordAnalysis[];
      /** Listed profiles naming the concept, up to one past the cap, when counted (conceptReach). */
      reach?: number;
    }
  | { kind: "place"; place: PlaceTerm }
);

export type AnalyzedKeywords = {
  allWords: string[];
  terms: KeywordTerm[];
  /** The concepts the search expanded to. */
  expandedTerms: ExpandedTerm[];
};

/** The keywords' words as terms: one round trip for the words and the places, the glossary in memory. */
export async function analyzeKeywords(
  { db, runtime }: { db: Database; runtime: Pick<ServiceRuntime, "words" | "glossary"> },
  keywords: string,
): Promise<AnalyzedKeywords> {
  const { words: allWords, typed } = typedKeywords(keywords);
  // A place in any spelling ("Saigon", "TP.HCM") matches every spelling of it; the other words are
  // analysed as words (the last one completed, unless it ends a place's name).
  const mentions = findPlaceMentions(allWords);
  const inPlace = (index: number) => mentions.some((place) => index >= place.start && index < place.end);
  const wordIndexes = allWords.flatMap((_, index) => (inPlace(index) ? [] : [index]));
  const [glossary, places, analyzed] = await Promise.all([
    runtime.glossary.get(db),
    placeTerms(db, mentions),
    analyzeWords(
      runtime.words,
      db,
      wordIndexes.map((index) => allWords[index] ?? ""),
      !inPlace(allWords.length - 1),
    ),
  ]);
  const analysisAt = new Map(wordIndexes.map((index, position) => [index, analyzed[position]]));
  const concepts = conceptsIn(glossary, allWords, inPlace);
  const inConcept = (index: number) => concepts.some((match) => index >= match.start && index < match.end);
  const terms: KeywordTerm[] = [
    ...places.map(
      (place): KeywordTerm => ({
        kind: "place",
        start: place.start,
        end: place.end,
        typed: typed(place.start, place.end),
        place,
      }),
    ),
    ...concepts.map(
      (match): KeywordTerm => ({
        kind: "concept",
        start: match.start,
        end: match.end,
        typed: typed(match.start, match.end),
        match,
        analyses: range(match.start, match.end).flatMap((index) => analysisAt.get(index) ?? []),
      }),
    ),
    ...wordIndexes.flatMap((index): KeywordTerm[] => {
      const analysis = analysisAt.get(index);
      return analysis && !inConcept(index)
        ? [{ kind: "word", start: index, end: index + 1, typed: typed(index, index + 1), analysis }]
        : [];
    }),
  ].sort((a, b) => a.start - b.start);
  const expandedTerms = concepts.flatMap((match) =>
    match.conceptIds.map((concept) => ({
      typed: typed(match.start, match.end),
      concept,
      forms: expansionForms(glossary, concept).map((form) => form.text),
    })),
  );
  return { allWords, terms, expandedTerms };
}

/** Concepts named by whole words of the keywords, none of them part of a place's name. */
function conceptsIn(glossary: Glossary, allWords: string[], inPlace: (index: number) => boolean) {
  return findConcepts(glossary, allWords).filter(
    (match) => match.wholeWords && !range(match.start, match.end).some((index) => inPlace(index)),
  );
}

function range(start: number, end: number) {
  return Array.from({ length: Math.max(0, end - start) }, (_, offset) => start + offset);
}

/** A term's alternatives as lexemes (the estimates reckon with them); none for a stop word. */
function termLexemes(term: KeywordTerm): string[] {
  if (term.kind === "word") return term.analysis.lexemes;
  if (term.kind === "concept") return term.match.conceptIds.map(conceptLexeme);
  return term.place.lexemes;
}

/** A term as a tsquery: its words' stems, a concept's lexemes, or a place's spellings. */
function termQuery(term: KeywordTerm): string | undefined {
  if (term.kind === "place") return term.place.query;
  const lexemes = termLexemes(term);
  return lexemes.length > 0 ? lexemes.map(quoteLexeme).join(" | ") : undefined;
}

/**
 * A term as typed, for ranking: a concept's words as the phrase they were typed in (stop words
 * keep their places, as in a document), anything else as its query.
 */
function typedQuery(term: KeywordTerm): string | undefined {
  if (term.kind !== "concept") return termQuery(term);
  const parts: string[] = [];
  let gap = 1;
  for (const analysis of term.analyses) {
    if (analysis.lexemes.length === 0) {
      gap += 1;
      continue;
    }
    const group = `(${analysis.lexemes.map(quoteLexeme).join(" | ")})`;
    parts.push(parts.length === 0 ? group : gap === 1 ? ` <-> ${group}` : ` <${gap}> ${group}`);
    gap = 1;
  }
  return parts.length > 0 ? parts.join("") : undefined;
}

/** Every query, each in parentheses, all to match; null when none is left. */
function allOf(queries: (string | undefined)[]): string | null {
  const parts = queries.filter((query): query is string => query !== undefined && query !== "");
  return parts.length > 0 ? parts.map((query) => `(${query})`).join(" & ") : null;
}

/**
 * Every term to match, as one tsquery (a concept as its lexeme): what the consultants' engine and
 * the opportunities' search (opportunities/search.ts) match documents with. Null when only stop
 * words are left.
 */
export function termsQuery(terms: KeywordTerm[]): string | null {
  return allOf(terms.map(termQuery));
}

/**
 * The keywords with the words that match nothing corrected to similar ones the corrector's
 * dictionary has (never a place's or a concept's, nor a word of an organization's name:
 * correctWords), as terms and as typed; undefined when nothing was corrected. The consultants'
 * search (profilesCorrector) and the opportunities' (their own words) both try it when their words
 * find little; `correct` asks the dictionary (the opportunities' search passes one that asks once
 * per word in a request).
 */
export async function correctedKeywords(
  db: Executor,
  keywords: AnalyzedKeywords,
  corrector: Corrector,
  correct: typeof correctWords = correctWords,
): Promise<{ terms: KeywordTerm[]; keywords: string } | undefined> {
  const words = keywords.terms.flatMap((term) => (term.kind === "word" ? [term.analysis] : []));
  const corrections = await correct(db, words, corrector);
  if (corrections.size === 0) return undefined;
  const terms = keywords.terms.map((term): KeywordTerm => {
    const correction = term.kind === "word" ? corrections.get(term.analysis.key) : undefined;
    if (term.kind !== "word" || !correction) return term;
    const lexemes = [...new Set([...term.analysis.lexemes, ...correction.lexemes])];
    return { ...term, analysis: { ...term.analysis, lexemes, reach: Math.max(term.analysis.reach, correction.ndoc) } };
  });
  const correctedWords = keywords.allWords.map((word, index) => {
    const term = keywords.terms.find((candidate) => candidate.kind === "word" && candidate.start === index);
    return (term?.kind === "word" && corrections.get(term.analysis.key)?.word) || word;
  });
  return { terms, keywords: correctedWords.join(" ") };
}

/**
 * The terms as the engine reads them (keyword-plan.ts): every term to match, the lexemes the
 * estimates reckon with, the words as typed when a concept was expanded (expansions rank
 * slightly below them), and whether the words dictionary already says more than the cap match.
 * Null when only stop words are left.
 */
export function keywordQuery(params: SearchParams, terms: KeywordTerm[]): KeywordWords | null {
  const tsquery = termsQuery(terms);
  if (!tsquery) return null;
  const typed = allOf(terms.map(typedQuery));
  return {
    tsquery,
    groups: terms.map(termLexemes).filter((group) => group.length > 0),
    ...(typed && typed !== tsquery && terms.some((term) => term.kind === "concept") ? { typed } : {}),
    overCap: knownOverCap(params, terms),
  };
}

/**
 * One term, no place, no filter: the words dictionary counts the profiles using a word (or its most
 * used completion) exactly, and every one of them matches, so past the cap there is nothing to
 * count. A concept named by one word matches at least every profile using that word.
 */
function knownOverCap(params: SearchParams, terms: KeywordTerm[]) {
  const counted = terms.filter((term) => termLexemes(term).length > 0);
  const [term] = counted;
  if (counted.length !== 1 || filterConditions(params).length !== 1 || !term || term.kind === "place") return false;
  const reach = term.kind === "word" ? term.analysis.reach : (term.reach ?? 0);
  return reach > SEARCH_RESULT_CAP;
}

/**
 * A search of one concept and nothing else: how many listed profiles name it, counted up to one
 * past the cap once a minute per process (dropped on every directory change, as the words'
 * analyses are), so that a common concept ("M&E", "gender") is known to pass the cap and not
 * counted by every search, as a common word is known from the words dictionary.
 */
export async function withConceptReach(
  { db, runtime }: { db: Database; runtime: Pick<ServiceRuntime, "words"> },
  params: SearchParams,
  terms: KeywordTerm[],
): Promise<KeywordTerm[]> {
  const [term, ...others] = terms.filter((each) => termLexemes(each).length > 0);
  if (others.length > 0 || term?.kind !== "concept" || term.match.conceptIds.length !== 1) return terms;
  if (filterConditions(params).length !== 1) return terms;
  const [conceptId] = term.match.conceptIds;
  if (!conceptId) return terms;
  let kept = runtime.words.conceptReach.get(db);
  if (!kept) {
    kept = new Map();
    runtime.words.conceptReach.set(db, kept);
  }
  const hit = kept.get(conceptId);
  let reach = hit && hit.expiresAt > Date.now() ? hit.value : undefined;
  if (reach === undefined) {
    reach = await countToCap(
      db,
      sql`select 1 from ${consultants} where ${indexedMatch(params, sql`${quoteLexeme(conceptLexeme(conceptId))}::tsquery`)}`,
    );
    if (kept.size >= CONCEPTS_KEPT) kept.clear();
    kept.set(conceptId, { value: reach, expiresAt: Date.now() + ANALYSIS_TTL_MS });
  }
  return terms.map((each) => (each === term ? { ...term, reach } : each));
}

/** Concept reaches kept per pool (the glossary has about 300 concepts). */
const CONCEPTS_KEPT = 1_000;
