// The database schema, one file a part (server/db/schema/): the tables of spec section 3, plus
// what product.md adds (profile owner, approval status). The database keeps its own promises:
// case-insensitive unique e-mails, foreign keys with the right ON DELETE, and checks on every
// bounded value. Drizzle (drizzle.config.ts) and every module read the tables from here.

export * from "./schema/accounts.ts";
export * from "./schema/consultants.ts";
export * from "./schema/cv.ts";
export * from "./schema/hiring.ts";
export * from "./schema/messages.ts";
export * from "./schema/opportunities.ts";
export * from "./schema/organizations.ts";
export * from "./schema/references.ts";
export * from "./schema/search.ts";
export * from "./schema/site.ts";
export * from "./schema-trust.ts";
