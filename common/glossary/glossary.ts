import { z } from "zod";
import { GLOSSARY_LANGUAGES, type GlossaryLanguage } from "#common/glossary-languages.ts";
import { wordSegmenterOf } from "#common/word-segmentation.ts";
import fieldGlossaryData from "./field-glossary.json" with { type: "json" };

// The field glossary (field-glossary.json): the concepts of international development work with
// their acronyms, English variants and their terms in Bahasa Indonesia, Vietnamese and Thai (and,
// where known, Khmer, Lao and Burmese). One reviewed file serves the search (a typed acronym or
// local term finds its concept's other forms) and the translators (preferred labels, notes).
//
// Server-side data (the file is large): app/ code must not import this module (an architecture
// test checks it); the search service loads it once per process and keeps it in the runtime.

export { GLOSSARY_LANGUAGES, type GlossaryLanguage };
/** Every concept has a preferred label in each of these. */
export const REQUIRED_LANGUAGES = ["en", "id", "vi", "th"] as const satisfies readonly GlossaryLanguage[];

export const CONCEPT_CATEGORIES = ["sector", "theme", "method", "role", "instrument", "organization", "system"] as const;
export type ConceptCategory = (typeof CONCEPT_CATEGORIES)[number];

const MAX_FORM_LENGTH = 120;

/** The letters a form of each language is written in. */
const SCRIPT: Record<GlossaryLanguage, RegExp> = {
  en: /\p{Script=Latin}/u,
  id: /\p{Script=Latin}/u,
  vi: /\p{Script=Latin}/u,
  th: /\p{Script=Thai}/u,
  km: /\p{Script=Khmer}/u,
  lo: /\p{Script=Lao}/u,
  my: /\p{Script=Myanmar}/u,
};

// ---------------------------------------------------------------------------------------------
// Keys: how the search compares words
// ---------------------------------------------------------------------------------------------

/**
 * Letters PostgreSQL's unaccent maps that have no canonical decomposition (NFD cannot strip
 * them): the ones a name or term of this region may contain.
 */
const SPECIAL_LETTERS: Record<string, string> = {
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  ß: "ss",
  ẞ: "SS",
  ł: "l",
  Ł: "L",
  þ: "th",
  Þ: "TH",
  ħ: "h",
  Ħ: "H",
  ı: "i",
  ŋ: "n",
  Ŋ: "N",
};
const SPECIAL_LETTER = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join("")}]`, "gu");

/**
 * Accents folded the way the search folds them (search_key() and the search configurations of
 * migration 0007 use PostgreSQL's unaccent): Latin and Greek letters lose their combining marks
 * (U+0300-U+036F) and a few letters are spelled out (đ -> d, æ -> ae). Case is kept. Thai, Lao,
 * Khmer and Burmese vowel and tone marks are letters of their words, not accents: unaccent keeps
 * them and so does this (stripping every \p{M} would turn "ชลประทาน" into another word).
 */
export function foldAccents(text: string): string {
  if (!/[^ -~]/.test(text)) return text;
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(SPECIAL_LETTER, (letter) => SPECIAL_LETTERS[letter] ?? letter)
    .normalize("NFC");
}

/** Lower case without accents: how the search compares a word ("Giám sát" -> "giam sat"). */
export function foldForm(text: string): string {
  return foldAccents(text).toLowerCase();
}

/** The words of a text as the search's keywordWords reads them: runs of letters, marks and digits. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** Scripts written without spaces between words: their runs are split with ICU's dictionaries. */
const UNSPACED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** A token of a phrase: one word, or one dictionary word of a Thai, Lao, Khmer or Burmese run. */
export type GlossaryToken = {
  /** As written (NFC). */
  text: string;
  /** Accents folded, case kept: what a case-sensitive form is compared with. */
  cased: string;
  /** Accents folded, lower case: what every other form is compared with. */
  key: string;
  /** The index of the word (a run of letters and digits) this token is part of. */
  word: number;
  /** Whether the token starts, or ends, its word (false inside a Thai run split in several). */
  startsWord: boolean;
  endsWord: boolean;
  /** Where the token is in the text (NFC) when a string was tokenized; in its word otherwise. */
  from: number;
  to: number;
};

/** Runs of one kind inside a word: letters of a script written without spaces, or anything else. */
const SCRIPT_CHUNK =
  /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+|[^\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/gu;

/**
 * A word's parts with their offsets in it: the word itself, or, where it holds Thai, Lao, Khmer
 * or Burmese, those runs split into dictionary words ("DHIS2ในประเทศไทย" -> DHIS2, ใน, ประเทศไทย).
 */
function splitUnspaced(word: string): { text: string; at: number }[] {
  if (!UNSPACED.test(word)) return [{ text: word, at: 0 }];
  const parts: { text: string; at: number }[] = [];
  for (const chunk of word.matchAll(SCRIPT_CHUNK)) {
    if (!UNSPACED.test(chunk[0])) {
      parts.push({ text: chunk[0], at: chunk.index });
      continue;
    }
    for (const segment of wordSegmenterOf(chunk[0]).segment(chunk[0])) {
      if (!segment.isWordLike) continue;
      for (const part of segment.segment.matchAll(WORD))
        parts.push({ text: part[0], at: chunk.index + segment.index + part.index });
    }
  }
  return parts.length > 0 ? parts : [{ text: word, at: 0 }];
}

/**
 * The tokens of a text, or of words already split (the search's keywordWords): each word, with
 * runs of Thai, Lao, Khmer and Burmese split into dictionary words (Intl.Segmenter), so
 * "การติดตามและประเมินผล" is the same five tokens typed with or without spaces.
 */
export function glossaryTokens(input: string | readonly string[]): GlossaryToken[] {
  const words =
    typeof input === "string"
      ? [...input.normalize("NFC").matchAll(WORD)].map((match) => ({ text: match[0], at: match.index }))
      : wordsWithOffsets(input);
  const tokens: GlossaryToken[] = [];
  words.forEach((word, index) => {
    const parts = [...word.text.matchAll(WORD)].flatMap((run) =>
      splitUnspaced(run[0]).map((part) => ({ text: part.text, at: word.at + run.index + part.at })),
    );
    parts.forEach((part, position) => {
      const cased = foldAccents(part.text);
      tokens.push({
        text: part.text,
        cased,
        key: cased.toLowerCase(),
        word: index,
        startsWord: position === 0,
        endsWord: position === parts.length - 1,
        from: part.at,
        to: part.at + part.text.length,
      });
    });
  });
  return tokens;
}

/** Words joined by single spaces, each with where it starts in the joined text. */
function wordsWithOffsets(words: readonly string[]): { text: string; at: number }[] {
  let at = 0;
  return words.map((word) => {
    const text = word.normalize("NFC");
    const placed = { text, at };
    at += text.length + 1;
    return placed;
  });
}

type Tokenize = (text: string) => GlossaryToken[];

/** A tokenizer that remembers: validating and indexing a glossary tokenizes each form once. */
function rememberingTokenizer(): Tokenize {
  const known = new Map<string, GlossaryToken[]>();
  return (text) => {
    let tokens = known.get(text);
    if (!tokens) {
      tokens = glossaryTokens(text);
      known.set(text, tokens);
    }
    return tokens;
  };
}

/** The key of a form: its tokens' keys joined by spaces ("Gender-based violence" -> "gender based violence"). */
export function formKey(text: string): string {
  return glossaryTokens(text)
    .map((token) => token.key)
    .join(" ");
}

// ---------------------------------------------------------------------------------------------
// The file's schema
// ---------------------------------------------------------------------------------------------

const FormTextSchema = z
  .string()
  .min(1)
  .max(MAX_FORM_LENGTH)
  .refine((text) => text === text.trim() && !/\s{2}|[\n\r\t]/.test(text), "No leading, trailing, double or line-breaking spaces")
  .refine((text) => text === text.normalize("NFC"), "Write the form in NFC (composed) Unicode")
  .refine((text) => /[\p{L}]/u.test(text), "A form has at least one letter");

const FormObjectSchema = z
  .object({
    text: FormTextSchema,
    /** Recognized in a query only in this letter case (or all in capitals): "WASH", not "wash". */
    caseSensitive: z.boolean().optional(),
    /**
     * false: the form is also an ordinary word or a name in one of the languages ("TA" is "ta",
     * "we" in Vietnamese; "NGO" is the surname Ngô without accents), so it is never searched for
     * on its own in profiles (which are folded to lower case). It is recognized in a query only
     * when case-sensitive and typed in its case; otherwise it is listed for translators only.
     */
    standalone: z.boolean().optional(),
    /** The same key is a form of other concepts too ("PPP"): the search must not pick one blindly. */
    ambiguous: z.boolean().optional(),
    /**
     * false: a case-sensitive acronym that, written in capitals in a profile's or a ToR's text, too
     * often means something else ("API" the software term, "PM" the Prime Minister, "KM"
     * kilometres): it tags no document with its concept (cappedForms, server/services/search/
     * concepts.ts), though typed in a query it still names the concept.
     */
    tagsText: z.boolean().optional(),
    /** A word on usage for translators. */
    note: z.string().min(1).max(300).optional(),
  })
  .strict()
  .refine(
    (form) => form.tagsText !== false || (form.caseSensitive === true && form.standalone === false),
    "tagsText: false is for a case-sensitive form that is not standalone (the only forms that tag a text as written in capitals)",
  );

/** A form: a plain string, or an object when it carries flags. */
export const GlossaryFormSchema = z.union([FormTextSchema, FormObjectSchema]).transform((form) => {
  const value = typeof form === "string" ? { text: form } : form;
  return {
    text: value.text,
    caseSensitive: value.caseSensitive ?? false,
    standalone: value.standalone ?? true,
    ambiguous: value.ambiguous ?? false,
    ...(value.tagsText === false ? { tagsText: false } : {}),
    ...(value.note ? { note: value.note } : {}),
  };
});
export type GlossaryForm = z.output<typeof GlossaryFormSchema>;

const LabelsSchema = z
  .object({
    en: GlossaryFormSchema,
    id: GlossaryFormSchema,
    vi: GlossaryFormSchema,
    th: GlossaryFormSchema,
    km: GlossaryFormSchema.optional(),
    lo: GlossaryFormSchema.optional(),
    my: GlossaryFormSchema.optional(),
  })
  .strict();

const LanguageSchema = z.enum(GLOSSARY_LANGUAGES);
const TermsSchema = z.partialRecord(LanguageSchema, z.array(GlossaryFormSchema));
const NotesSchema = z.partialRecord(LanguageSchema, z.string().min(1).max(600));

export const GlossaryConceptSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "A concept id is kebab-case"),
    category: z.enum(CONCEPT_CATEGORIES),
    /** One English sentence a translator can rely on. */
    definition: z
      .string()
      .min(20)
      .max(300)
      .refine((text) => /^[A-Z].*\.$/.test(text) && !/[.!?]\s+[A-Z]/.test(text), "One sentence, starting with a capital"),
    /** The OECD DAC sector (3 digits) or CRS purpose code (5 digits) closest to the concept. */
    crs: z
      .string()
      .regex(/^\d{3}(\d{2})?$/)
      .optional(),
    /** The preferred term in each language: what a translator writes. */
    labels: LabelsSchema,
    /** Acronyms used across the languages (Latin script): "M&E", "WASH". */
    acronyms: z.array(GlossaryFormSchema).default([]),
    /** Other forms in each language: synonyms, spelling variants, local acronyms. */
    terms: TermsSchema.default({}),
    /** Notes on preferred translation usage, per language. */
    notes: NotesSchema.optional(),
  })
  .strict();
export type GlossaryConcept = z.output<typeof GlossaryConceptSchema>;

const SourceSchema = z.object({ name: z.string().min(3), url: z.url().optional(), usedFor: z.string().min(3) }).strict();

const GlossaryFileShapeSchema = z
  .object({
    $schema: z.string().optional(),
    title: z.string().min(3),
    about: z.array(z.string().min(3)).min(1),
    sources: z.array(SourceSchema).min(1),
    concepts: z.array(GlossaryConceptSchema).min(1),
  })
  .strict();

/** The file: its shape, and the rules across forms and concepts (scripts, diacritics, collisions). */
export const GlossaryFileSchema = GlossaryFileShapeSchema.superRefine((file, context) => {
  for (const problem of fileProblems(file, rememberingTokenizer())) context.addIssue({ code: "custom", ...problem });
});
export type GlossaryFile = z.output<typeof GlossaryFileSchema>;
export type GlossaryFileInput = z.input<typeof GlossaryFileSchema>;

// ---------------------------------------------------------------------------------------------
// The rules a form must keep (the file's and an admin's additions alike)
// ---------------------------------------------------------------------------------------------

/** Where a form sits in a concept: a language's label or terms, or the acronyms. */
export type FormSlot = GlossaryLanguage | "acronyms";

/** Keys of the concept's acronyms' words: the Latin words a Thai or Khmer form may contain ("ระบบ DHIS2"). */
function acronymKeys(concept: Pick<GlossaryConcept, "acronyms">, tokenize: Tokenize): Set<string> {
  return new Set(concept.acronyms.flatMap((form) => tokenize(form.text).map((token) => token.key)));
}

/** Why a form cannot stand in this slot of this concept; empty when it can. */
export function formProblems(concept: Pick<GlossaryConcept, "acronyms">, slot: FormSlot, text: string): string[] {
  return problemsOfForm(slot, text, glossaryTokens, () => acronymKeys(concept, glossaryTokens));
}

function problemsOfForm(slot: FormSlot, text: string, tokenize: Tokenize, allowedLatin: () => Set<string>): string[] {
  const tokens = tokenize(text);
  if (tokens.length === 0) return ["A form has at least one word"];
  const problems: string[] = [];
  if (slot === "acronyms") {
    if (!/^[\p{Script=Latin}\d&+/.\- ]+$/u.test(text)) problems.push(`An acronym is written in Latin letters: "${text}"`);
    if (!/\p{Lu}/u.test(text)) problems.push(`An acronym has a capital letter: "${text}"`);
    return problems;
  }
  const script = SCRIPT[slot];
  if (!script.test(text)) problems.push(`A ${slot} form is written in its own script: "${text}"`);
  if (slot === "en" || slot === "id" || slot === "vi") {
    if (/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(text)) {
      problems.push(`A ${slot} form has only Latin letters: "${text}"`);
    }
    return problems;
  }
  // Thai, Khmer, Lao and Burmese forms may name one of the concept's own acronyms in Latin
  // letters ("ระบบ DHIS2"), and numbers; nothing else outside their script.
  for (const token of tokens) {
    if (/^\d+$/.test(token.text) || script.test(token.text)) continue;
    if (!allowedLatin().has(token.key)) {
      problems.push(`"${token.text}" in the ${slot} form "${text}" is neither ${slot} script nor one of the concept's acronyms`);
    }
  }
  return problems;
}

/** Whether a Vietnamese form is written with its diacritics (or đ). */
export function hasVietnameseDiacritics(text: string): boolean {
  return /[\u0300-\u036fđĐ]/.test(text.normalize("NFD"));
}

type Problem = { path: (string | number)[]; message: string };

function fileProblems(file: z.output<typeof GlossaryFileShapeSchema>, tokenize: Tokenize): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  file.concepts.forEach((concept, index) => {
    if (seen.has(concept.id)) problems.push({ path: ["concepts", index, "id"], message: `Duplicate concept id ${concept.id}` });
    seen.add(concept.id);
    for (const problem of conceptProblems(concept, tokenize)) {
      problems.push({ path: ["concepts", index, ...problem.path], message: problem.message });
    }
  });
  return [...problems, ...collisionProblems(file.concepts, tokenize)];
}

function conceptProblems(concept: GlossaryConcept, tokenize: Tokenize): Problem[] {
  const problems: Problem[] = [];
  let allowed: Set<string> | undefined;
  const allowedLatin = () => {
    allowed ??= acronymKeys(concept, tokenize);
    return allowed;
  };
  for (const slot of FORM_SLOTS) {
    formsOf(concept, slot).forEach((form, index) => {
      const label = slot !== "acronyms" && concept.labels[slot];
      const path = label
        ? index === 0
          ? ["labels", slot]
          : ["terms", slot, index - 1]
        : [slot === "acronyms" ? "acronyms" : "terms", ...(slot === "acronyms" ? [] : [slot]), index];
      for (const message of problemsOfForm(slot, form.text, tokenize, allowedLatin)) problems.push({ path, message });
    });
  }
  if (!formsOf(concept, "vi").some((form) => hasVietnameseDiacritics(form.text))) {
    problems.push({ path: ["labels", "vi"], message: `${concept.id}: no Vietnamese form carries its diacritics` });
  }
  return problems;
}

/** Forms whose key belongs to two concepts must all say so (ambiguous). */
function collisionProblems(concepts: readonly GlossaryConcept[], tokenize: Tokenize): Problem[] {
  const owners = new Map<string, { index: number; id: string; ambiguous: boolean; text: string }[]>();
  concepts.forEach((concept, index) => {
    for (const form of allForms(concept)) {
      const key = keyOf(tokenize(form.text));
      const list = owners.get(key) ?? [];
      list.push({ index, id: concept.id, ambiguous: form.ambiguous, text: form.text });
      owners.set(key, list);
    }
  });
  const problems: Problem[] = [];
  for (const [key, list] of owners) {
    const ids = [...new Set(list.map((owner) => owner.id))];
    if (ids.length < 2) continue;
    for (const owner of list.filter((owner) => !owner.ambiguous)) {
      problems.push({
        path: ["concepts", owner.index, "id"],
        message: `"${owner.text}" (${key}) is a form of ${ids.join(" and ")}: mark it ambiguous in each, or keep it in one`,
      });
    }
  }
  return problems;
}

function keyOf(tokens: readonly GlossaryToken[]): string {
  return tokens.map((token) => token.key).join(" ");
}

// ---------------------------------------------------------------------------------------------
// A concept's forms
// ---------------------------------------------------------------------------------------------

const FORM_SLOTS = ["acronyms", ...GLOSSARY_LANGUAGES] as const;

/** A form with where it sits. */
export type PlacedForm = GlossaryForm & { slot: FormSlot };

/** A concept's forms in one language (its label first), or its acronyms. */
export function formsOf(concept: GlossaryConcept, slot: FormSlot): GlossaryForm[] {
  if (slot === "acronyms") return [...concept.acronyms];
  const label = concept.labels[slot];
  return [...(label ? [label] : []), ...(concept.terms[slot] ?? [])];
}

/** Every form of a concept: the acronyms, then each language's label and terms. */
export function allForms(concept: GlossaryConcept): PlacedForm[] {
  return FORM_SLOTS.flatMap((slot) => formsOf(concept, slot).map((form) => ({ ...form, slot })));
}

/** A concept's forms as text, per language and acronyms (for translators and the admin page). */
export function formsByLanguage(concept: GlossaryConcept): Record<FormSlot, string[]> {
  return Object.fromEntries(FORM_SLOTS.map((slot) => [slot, formsOf(concept, slot).map((form) => form.text)])) as Record<
    FormSlot,
    string[]
  >;
}

// ---------------------------------------------------------------------------------------------
// A loaded glossary and its lookups
// ---------------------------------------------------------------------------------------------

type Entry = { conceptId: string; form: PlacedForm; cased: string[] };
type TrieNode = { next: Map<string, TrieNode>; entries: Entry[] };

/** Letters of the scripts written without spaces, with their marks: the runs searched character by character. */
const UNSPACED_RUN =
  /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+(?:\s+[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+)*/gu;
/** A Thai or Lao vowel written before its consonant: a phrase cannot end just after one. */
const LEADING_VOWEL = /[\u0e40-\u0e44\u0ec0-\u0ec4]/u;
/** Marks and following vowels that belong to the letter before them: a phrase cannot start on one, nor end before one. */
const ATTACHED = /[\p{M}\u0e30\u0e32\u0e33\u0e45\u0eb0\u0eb2\u0eb3]/u;

export type Glossary = {
  /** The file as loaded (with any merged additions): what an export writes back. */
  readonly file: GlossaryFile;
  readonly concepts: readonly GlossaryConcept[];
  readonly byId: ReadonlyMap<string, GlossaryConcept>;
  /** The concepts each key is a form of. */
  readonly owners: ReadonlyMap<string, readonly string[]>;
  /** Phrases by their tokens' keys. */
  readonly trie: TrieNode;
  /**
   * Forms written only in Thai, Lao, Khmer or Burmese by their letters without spaces: found
   * anywhere in a run of those scripts, since a dictionary may join a phrase's first or last
   * word to the text around it ("ทะเล" + "ใน" is the word "ทะเลใน").
   */
  readonly unspaced: ReadonlyMap<string, ReadonlyMap<string, readonly Entry[]>>;
  /** The tokens of every form, kept so that merging additions does not tokenize the file again. */
  readonly tokenize: Tokenize;
};

/** Parses, checks and indexes a glossary file; throws (with every problem) when it breaks a rule. */
export function loadGlossary(data: unknown): Glossary {
  const file = GlossaryFileShapeSchema.parse(data);
  const tokenize = rememberingTokenizer();
  const problems = fileProblems(file, tokenize);
  if (problems.length > 0) {
    throw new Error(
      `The glossary breaks ${problems.length} rule(s):\n${problems.map((p) => `${p.path.join(".")}: ${p.message}`).join("\n")}`,
    );
  }
  return indexGlossary(file, tokenize);
}

/** The repository's field glossary (common/glossary/field-glossary.json). */
export function loadFieldGlossary(): Glossary {
  return loadGlossary(fieldGlossaryData);
}

function indexGlossary(file: GlossaryFile, tokenize: Tokenize): Glossary {
  const trie: TrieNode = { next: new Map(), entries: [] };
  /** By first letter, then by the whole form's letters. */
  const unspaced = new Map<string, Map<string, Entry[]>>();
  const owners = new Map<string, string[]>();
  for (const concept of file.concepts) {
    for (const form of allForms(concept)) {
      const tokens = tokenize(form.text);
      const key = keyOf(tokens);
      const conceptIds = owners.get(key) ?? [];
      if (!conceptIds.includes(concept.id)) owners.set(key, [...conceptIds, concept.id]);
      let node = trie;
      for (const token of tokens) {
        let next = node.next.get(token.key);
        if (!next) {
          next = { next: new Map(), entries: [] };
          node.next.set(token.key, next);
        }
        node = next;
      }
      const entry = { conceptId: concept.id, form, cased: tokens.map((token) => token.cased) };
      node.entries.push(entry);
      if (tokens.every((token) => UNSPACED.test(token.text))) {
        const letters = tokens.map((token) => token.key).join("");
        const first = letters[0] ?? "";
        const byLetters = unspaced.get(first) ?? new Map<string, Entry[]>();
        byLetters.set(letters, [...(byLetters.get(letters) ?? []), entry]);
        unspaced.set(first, byLetters);
      }
    }
  }
  const byId = new Map(file.concepts.map((concept) => [concept.id, concept]));
  return { file, concepts: file.concepts, byId, owners, trie, unspaced, tokenize };
}

export function getConcept(glossary: Glossary, id: string): GlossaryConcept | undefined {
  return glossary.byId.get(id);
}

/** A case-sensitive form matches its own case or all capitals ("ToT", "TOT"; not "tot"). */
function caseMatches(entry: Entry, typed: readonly GlossaryToken[]): boolean {
  if (!entry.form.caseSensitive) return true;
  const written = typed.map((token) => token.cased);
  if (written.every((token, index) => token === entry.cased[index])) return true;
  return written.every((token, index) => token === entry.cased[index]?.toUpperCase() && token !== token.toLowerCase());
}

/** Entries that a query may recognize here: case-sensitive ones in their case; standalone: false ones only so. */
function recognized(entries: readonly Entry[], typed: readonly GlossaryToken[]): Entry[] {
  return entries.filter((entry) => (entry.form.standalone || entry.form.caseSensitive) && caseMatches(entry, typed));
}

export type ConceptMatch = {
  /** The matched text as typed (from the words, joined by spaces, when words were given). */
  typed: string;
  /** Where the match is in the text (or in the words joined by spaces). */
  from: number;
  to: number;
  /** Input words start..end (exclusive) that the match touches. */
  start: number;
  end: number;
  /** false when the match begins or ends inside a word (a Thai run holding more than the phrase). */
  wholeWords: boolean;
  /** The concepts this phrase is a form of: one, or several for an ambiguous form. */
  conceptIds: string[];
  /** The forms matched (one per concept). */
  forms: PlacedForm[];
  ambiguous: boolean;
};

type Candidate = { from: number; to: number; entries: Entry[] };

/**
 * The concepts named in a text or in the search's words, longest phrase first, left to right,
 * no letter used twice: "M&E WASH specialist" -> monitoring-evaluation (words 0-1), wash (word 2).
 * Case-sensitive forms match only in their case; forms that are ordinary words elsewhere
 * (standalone: false) match only that way. Several concepts come back only for ambiguous forms.
 * Thai, Lao, Khmer and Burmese forms are found inside a run of their script too, typed with or
 * without spaces, as long as no syllable is cut.
 */
export function findConcepts(glossary: Glossary, input: string | readonly string[]): ConceptMatch[] {
  const text =
    typeof input === "string"
      ? input.normalize("NFC")
      : wordsWithOffsets(input)
          .map((word) => word.text)
          .join(" ");
  const tokens = glossaryTokens(input);
  const candidates = [...phraseCandidates(glossary, tokens), ...unspacedCandidates(glossary, text)].sort(
    (a, b) => a.from - b.from || b.to - a.to,
  );
  const matches: ConceptMatch[] = [];
  let cursor = 0;
  for (const candidate of candidates) {
    if (candidate.from < cursor) continue;
    const same = candidates.filter((other) => other.from === candidate.from && other.to === candidate.to);
    const byConcept = new Map<string, PlacedForm>();
    for (const entry of same.flatMap((other) => other.entries)) {
      if (!byConcept.has(entry.conceptId)) byConcept.set(entry.conceptId, entry.form);
    }
    const touched = tokens.filter((token) => token.to > candidate.from && token.from < candidate.to);
    const first = touched[0];
    const last = touched.at(-1);
    if (!first || !last) continue;
    matches.push({
      typed: text.slice(candidate.from, candidate.to),
      from: candidate.from,
      to: candidate.to,
      start: first.word,
      end: last.word + 1,
      wholeWords: wordStarts(tokens, first, candidate.from) && wordEnds(tokens, last, candidate.to),
      conceptIds: [...byConcept.keys()],
      forms: [...byConcept.values()],
      ambiguous: byConcept.size > 1,
    });
    cursor = candidate.to;
  }
  return matches;
}

function wordStarts(tokens: readonly GlossaryToken[], token: GlossaryToken, at: number): boolean {
  return token.from === at && tokens.find((other) => other.word === token.word)?.from === at;
}

function wordEnds(tokens: readonly GlossaryToken[], token: GlossaryToken, at: number): boolean {
  return token.to === at && tokens.findLast((other) => other.word === token.word)?.to === at;
}

/** Phrases made of whole tokens, from the trie, at every token. */
function phraseCandidates(glossary: Glossary, tokens: readonly GlossaryToken[]): Candidate[] {
  const candidates: Candidate[] = [];
  tokens.forEach((first, start) => {
    let node: TrieNode | undefined = glossary.trie;
    for (const [offset, token] of tokens.slice(start).entries()) {
      node = node.next.get(token.key);
      if (!node) break;
      const entries = recognized(node.entries, tokens.slice(start, start + offset + 1));
      if (entries.length > 0) candidates.push({ from: first.from, to: token.to, entries });
    }
  });
  return candidates;
}

/** Thai, Lao, Khmer and Burmese forms inside runs of their scripts, spaces ignored, no syllable cut. */
function unspacedCandidates(glossary: Glossary, text: string): Candidate[] {
  if (glossary.unspaced.size === 0 || !UNSPACED.test(text)) return [];
  const candidates: Candidate[] = [];
  for (const run of text.matchAll(UNSPACED_RUN)) {
    // The run without its spaces, and where each of its letters is in the text (these scripts
    // are all in the Basic Multilingual Plane: a letter is one UTF-16 unit).
    const positions: number[] = [];
    let letters = "";
    for (const [offset, letter] of [...run[0]].entries()) {
      if (/\s/u.test(letter)) continue;
      letters += letter;
      positions.push(run.index + offset);
    }
    for (const [at, letter] of [...letters].entries()) {
      for (const [key, entries] of glossary.unspaced.get(letter) ?? []) {
        if (!letters.startsWith(key, at)) continue;
        const end = at + key.length;
        const before = letters[at - 1];
        const after = letters[end];
        const cutsSyllable =
          ATTACHED.test(letters[at] ?? "") ||
          (before !== undefined && LEADING_VOWEL.test(before)) ||
          (after !== undefined && ATTACHED.test(after)) ||
          LEADING_VOWEL.test(letters[end - 1] ?? "");
        const from = positions[at];
        const last = positions[end - 1];
        if (cutsSyllable || from === undefined || last === undefined) continue;
        candidates.push({ from, to: last + 1, entries: [...entries] });
      }
    }
  }
  return candidates;
}

/** The concepts a whole phrase is a form of ("gender based violence", "GBV", "KDRT"), or none. */
export function lookupPhrase(glossary: Glossary, phrase: string): string[] {
  const tokens = glossaryTokens(phrase);
  const matches = findConcepts(glossary, phrase);
  const [match] = matches;
  if (!match || matches.length > 1) return [];
  return match.from === tokens[0]?.from && match.to === tokens.at(-1)?.to ? match.conceptIds : [];
}

/** A form to look for in the profiles: its key and tokens (lower case, no accents). */
export type ExpansionForm = { text: string; key: string; tokens: string[]; slot: FormSlot };

/**
 * The forms of a concept the search looks for in profiles, one per key, in file order (acronyms,
 * then English, Indonesian, Vietnamese, Thai...). Forms that are ordinary words elsewhere
 * (standalone: false) are left out: a document's words have lost their letter case (the
 * documents find those acronyms from the words they keep written in capitals: cappedForms,
 * server/services/search/concepts.ts).
 */
export function expansionForms(glossary: Glossary, conceptId: string): ExpansionForm[] {
  const concept = glossary.byId.get(conceptId);
  if (!concept) return [];
  const seen = new Set<string>();
  const forms: ExpansionForm[] = [];
  for (const form of allForms(concept)) {
    if (!form.standalone) continue;
    const tokens = glossary.tokenize(form.text).map((token) => token.key);
    const key = tokens.join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    forms.push({ text: form.text, key, tokens, slot: form.slot });
  }
  return forms;
}

/** The preferred label of a concept in a language, English when it has none. */
export function preferredLabel(concept: GlossaryConcept, language: GlossaryLanguage): string {
  return (concept.labels[language] ?? concept.labels.en).text;
}

// ---------------------------------------------------------------------------------------------
// Additions (an admin's synonyms, stored in the database) merged at load time
// ---------------------------------------------------------------------------------------------

export const GlossaryAdditionSchema = z
  .object({
    conceptId: z.string().min(1).max(80),
    language: LanguageSchema,
    text: z
      .string()
      .trim()
      .min(1)
      .max(MAX_FORM_LENGTH)
      .transform((text) => text.normalize("NFC").replace(/\s+/g, " ")),
    caseSensitive: z.boolean().optional(),
    standalone: z.boolean().optional(),
  })
  .strict();
export type GlossaryAddition = z.output<typeof GlossaryAdditionSchema>;

export type RefusedAddition = {
  ok: false;
  reason: "unknown-concept" | "invalid" | "duplicate" | "conflict";
  message: string;
  conflictsWith?: string[];
};
export type AdditionCheck = { ok: true; key: string } | RefusedAddition;

/**
 * Whether an addition may join its concept: a known concept, a form in the language's script,
 * not already a form of it, and not a form of another concept (an admin cannot declare a form
 * ambiguous: that is a reviewed change of the file).
 */
export function checkAddition(glossary: Glossary, addition: GlossaryAddition): AdditionCheck {
  return checkAgainst(glossary.byId, glossary.owners, glossary.tokenize, addition);
}

function checkAgainst(
  byId: ReadonlyMap<string, GlossaryConcept>,
  owners: ReadonlyMap<string, readonly string[]>,
  tokenize: Tokenize,
  addition: GlossaryAddition,
): AdditionCheck {
  const concept = byId.get(addition.conceptId);
  if (!concept) return { ok: false, reason: "unknown-concept", message: `No concept ${addition.conceptId}` };
  const text = FormTextSchema.safeParse(addition.text);
  const problems = text.success
    ? problemsOfForm(addition.language, addition.text, tokenize, () => acronymKeys(concept, tokenize))
    : text.error.issues.map((issue) => issue.message);
  if (problems.length > 0) return { ok: false, reason: "invalid", message: problems.join("; ") };
  const key = keyOf(tokenize(addition.text));
  const conceptIds = owners.get(key) ?? [];
  if (conceptIds.includes(concept.id)) {
    return { ok: false, reason: "duplicate", message: `"${addition.text}" is already a form of ${concept.id}` };
  }
  if (conceptIds.length > 0) {
    return {
      ok: false,
      reason: "conflict",
      message: `"${addition.text}" is a form of ${conceptIds.join(", ")}`,
      conflictsWith: [...conceptIds],
    };
  }
  return { ok: true, key };
}

/**
 * A glossary with additions merged into their concepts' terms (in order, each checked against
 * the glossary as it grows); the ones refused come back with why. The loaded glossary is not changed.
 */
export function mergeAdditions(
  glossary: Glossary,
  additions: readonly GlossaryAddition[],
): { glossary: Glossary; rejected: { addition: GlossaryAddition; check: RefusedAddition }[] } {
  const rejected: { addition: GlossaryAddition; check: RefusedAddition }[] = [];
  const byId = new Map(glossary.byId);
  const owners = new Map(glossary.owners);
  for (const addition of additions) {
    const check = checkAgainst(byId, owners, glossary.tokenize, addition);
    if (!check.ok) {
      rejected.push({ addition, check });
      continue;
    }
    const concept = byId.get(addition.conceptId);
    if (!concept) continue;
    const form: GlossaryForm = {
      text: addition.text,
      caseSensitive: addition.caseSensitive ?? false,
      standalone: addition.standalone ?? true,
      ambiguous: false,
    };
    byId.set(concept.id, {
      ...concept,
      terms: { ...concept.terms, [addition.language]: [...(concept.terms[addition.language] ?? []), form] },
    });
    owners.set(check.key, [concept.id]);
  }
  if (rejected.length === additions.length) return { glossary, rejected };
  const file = { ...glossary.file, concepts: glossary.file.concepts.map((concept) => byId.get(concept.id) ?? concept) };
  return { glossary: indexGlossary(file, glossary.tokenize), rejected };
}

/** A form as the file writes it: a plain string unless it carries a flag. */
function writtenForm(form: GlossaryForm): z.input<typeof GlossaryFormSchema> {
  const flags = {
    ...(form.caseSensitive ? { caseSensitive: true } : {}),
    ...(form.standalone ? {} : { standalone: false }),
    ...(form.ambiguous ? { ambiguous: true } : {}),
    ...(form.tagsText === false ? { tagsText: false } : {}),
    ...(form.note ? { note: form.note } : {}),
  };
  return Object.keys(flags).length === 0 ? form.text : { text: form.text, ...flags };
}

/** The glossary in the file's shape (merged additions included): an export to review into the file. */
export function glossaryFileOf(glossary: Glossary): GlossaryFileInput {
  type ConceptInput = GlossaryFileInput["concepts"][number];
  return {
    ...glossary.file,
    concepts: glossary.file.concepts.map(
      (concept): ConceptInput => ({
        ...concept,
        labels: Object.fromEntries(
          Object.entries(concept.labels).map(([language, form]) => [language, form && writtenForm(form)]),
        ) as ConceptInput["labels"],
        acronyms: concept.acronyms.length > 0 ? concept.acronyms.map(writtenForm) : undefined,
        terms: Object.fromEntries(
          Object.entries(concept.terms).map(([language, forms]) => [language, (forms ?? []).map(writtenForm)]),
        ),
      }),
    ),
  };
}
