import { and, asc, between, max, sql } from "drizzle-orm";
import { GUIDES } from "#common/guides.ts";
import type { Database } from "../db/client.ts";
import { consultants } from "../db/schema.ts";
import { isListed } from "./consultants/read-model.ts";

// The sitemap is an index of small files so it stays fast at any directory size: one file of
// the static pages, and one file per block of consultant ids (a block is read through the
// primary key). Only approved profiles are listed, each with the time it last changed.

/** Ids per consultant sitemap file; the sitemap protocol allows 50 000 URLs a file. */
export const SITEMAP_BLOCK_SIZE = 10_000;
const MAX_ID = 2_147_483_647;
/** The last block that can hold an id (PostgreSQL integer): past it there can be no profile. */
export const MAX_SITEMAP_BLOCK = Math.floor((MAX_ID - 1) / SITEMAP_BLOCK_SIZE) + 1;

/** The home page, the static information pages (spec section 2) and the Resources guides. */
export const STATIC_PAGE_PATHS = [
  "/",
  "/about",
  "/resources",
  "/opportunities",
  ...GUIDES.map((guide) => `/resources/${guide.slug}`),
  "/help-center",
  "/contact",
  "/privacy-policy",
];

export type SitemapBlock = { block: number; lastModified: Date };

/** The id blocks that hold at least one listed profile, numbered from 1, with their newest change. */
export async function listSitemapBlocks(db: Database): Promise<SitemapBlock[]> {
  const block = sql<number>`((${consultants.id} - 1) / ${sql.raw(String(SITEMAP_BLOCK_SIZE))} + 1)::int`;
  const rows = await db
    .select({ block, lastModified: max(consultants.updatedAt) })
    .from(consultants)
    .where(isListed)
    .groupBy(block)
    .orderBy(block);
  return rows.map((row) => ({ block: row.block, lastModified: row.lastModified ?? new Date(0) }));
}

/** The listed profiles of one block, in id order. */
export async function listSitemapProfiles(db: Database, block: number): Promise<{ id: number; lastModified: Date }[]> {
  const first = (block - 1) * SITEMAP_BLOCK_SIZE + 1;
  return db
    .select({ id: consultants.id, lastModified: consultants.updatedAt })
    .from(consultants)
    .where(and(isListed, between(consultants.id, first, Math.min(MAX_ID, first + SITEMAP_BLOCK_SIZE - 1))))
    .orderBy(asc(consultants.id));
}
