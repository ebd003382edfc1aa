import { customType, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { belongsTo, createdAt } from "./columns.ts";
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
