import { count } from "drizzle-orm";
import type { Database, Sql } from "../client.ts";
import { consultants } from "../schema.ts";
import { seedDemoReviews } from "./demo-reviews.ts";
import { generateConsultants } from "./generate.ts";
import { copyConsultants } from "./seed.ts";

export const DEMO_DIRECTORY_SIZE = 150;

/** On first start with no consultants at all, loads the demo directory (all approved). */
export async function seedDemoDirectory(db: Database, sql: Sql, log: { info: (obj: object, msg?: string) => void }) {
  const [row] = await db.select({ total: count() }).from(consultants);
  if ((row?.total ?? 0) > 0) return 0;
  const written = await copyConsultants(sql, generateConsultants({ count: DEMO_DIRECTORY_SIZE }), "approved");
  // Ratings are earned: demo organizations review the consultants who replied to them.
  const reviews = await seedDemoReviews(sql);
  log.info({ consultants: written, reviews }, "loaded the demo directory");
  return written;
}
