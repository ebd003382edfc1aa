import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, primaryKey, text, varchar } from "drizzle-orm/pg-core";
import { belongsToUser } from "./accounts.ts";
import { belongsTo, createdAt, id } from "./columns.ts";
import { consultants } from "./consultants.ts";

// CVs as made (issue 35): a CV costs 100–700 ms of CPU to lay out, so each is made once per
// version of what it shows and kept here until the profile changes (server/services/cv/cache.ts).

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

export const cvDocuments = pgTable(
  "cv_documents",
  {
    consultantId: belongsTo("consultant_id", () => consultants.id),
    /** The layout's key (server/services/cv/formats.ts). */
    format: text("format").notNull(),
    /** SHA-256 of the layout's code and of everything the CV shows: a change of either is a new CV. */
    digest: text("digest").notNull(),
    body: bytea("body").notNull(),
    /** Kept for statistics of the cache; no row is larger than a CV of MAX_CV_PAGES pages. */
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.consultantId, table.format, table.digest] }),
    index("cv_documents_created_idx").on(table.createdAt),
  ],
);

/**
 * A CV its owner asked to keep attached to the profile when importing it (issue 34, migration
 * 0042): stored like photos under a private key (server/services/cv-import/kept-file.ts), one per
 * account. Deleting the row, the profile or the account queues the object's removal (a trigger
 * writes storedFileRemovals).
 */
export const keptCvFiles = pgTable(
  "kept_cv_files",
  {
    id: id(),
    userId: belongsToUser().unique(),
    storageKey: text("storage_key").notNull().unique(),
    /** The uploaded file's name, made safe (keptCvFileName); its extension is the content's. */
    filename: varchar("filename", { length: 120 }).notNull(),
    contentType: varchar("content_type", { length: 100 }).notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (table) => [check("kept_cv_files_size_check", sql`${table.size} between 1 and 5242880`)],
);

/** Stored objects whose row is gone, until a job has removed them from storage. */
export const storedFileRemovals = pgTable("stored_file_removals", {
  storageKey: text("storage_key").primaryKey(),
  createdAt: createdAt(),
});
