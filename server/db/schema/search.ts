import { sql } from "drizzle-orm";
import { boolean, check, date, integer, pgTable, primaryKey, text, unique, varchar } from "drizzle-orm/pg-core";
import type { GlossaryLanguage } from "#common/glossary/glossary.ts";
import { authUsers } from "./accounts.ts";
import { createdAt, id, linkedTo } from "./columns.ts";

// What the search keeps besides the documents (migrations 0007, 0028 and 0046, written in SQL and not
// declared here: search_words, opportunity_words, search_concept_forms, the documents' columns): the admins' additions
// to the field glossary and the searches that found nothing.

/**
 * A form an admin added to a concept of the field glossary (issue 33): merged into the glossary at
 * load time; the file (common/glossary/field-glossary.json) stays the source, and the export of
 * the merged glossary is reviewed into it.
 */
export const glossaryAdditions = pgTable(
  "glossary_additions",
  {
    id: id(),
    conceptId: varchar("concept_id", { length: 80 }).notNull(),
    language: varchar("language", { length: 2 }).$type<GlossaryLanguage>().notNull(),
    text: varchar("text", { length: 120 }).notNull(),
    caseSensitive: boolean("case_sensitive").notNull().default(false),
    standalone: boolean("standalone").notNull().default(true),
    addedBy: linkedTo("added_by", () => authUsers.id),
    createdAt: createdAt(),
  },
  (table) => [
    unique("glossary_additions_form_key").on(table.conceptId, table.language, table.text),
    check("glossary_additions_language_check", sql`${table.language} in ('en', 'id', 'vi', 'th', 'km', 'lo', 'my')`),
  ],
);

/**
 * How many searches a day found nothing, per search (its keywords and filters as a normalized
 * query string): counted without storing who searched, for the admins' list of the most frequent.
 */
export const searchZeroResults = pgTable(
  "search_zero_results",
  {
    day: date("day").notNull(),
    query: text("query").notNull(),
    searches: integer("searches").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.query] }),
    check("search_zero_results_query_check", sql`length(${table.query}) <= 500`),
  ],
);
