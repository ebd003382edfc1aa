import { type AnyPgColumn, integer, serial, timestamp } from "drizzle-orm/pg-core";

// The columns the tables share, written once (Drizzle's "reusable column definitions"). Each is a
// function so that every table gets its own column builder.

/** The serial primary key of a table whose rows have their own number. */
export const id = () => serial("id").primaryKey();

/** A moment with its time zone; null until it happens unless the caller adds `.notNull()`. */
export const moment = (name: string) => timestamp(name, { withTimezone: true });

/** The creation time every table keeps. */
export const createdAt = () => moment("created_at").notNull().defaultNow();

/** The creation and last-change times of a table whose rows are edited. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: moment("updated_at").notNull().defaultNow() });

/** A required link to the row this one belongs to: deleting that row deletes this one. */
export const belongsTo = (name: string, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: "cascade" });

/** An optional link to a row that may be deleted: the link is then cleared, this row stays. */
export const linkedTo = (name: string, target: () => AnyPgColumn) => integer(name).references(target, { onDelete: "set null" });
