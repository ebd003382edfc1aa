import { count } from "drizzle-orm";
import type { Database, Sql } from "../client.ts";
import { consultants } from "../schema.ts";
import { seedDemoReviews } from "./demo-reviews.ts";
import { DEMO_NOW, generateConsultants } from "./generate.ts";
import { copyConsultants } from "./seed.ts";

export const DEMO_DIRECTORY_SIZE = 150;

/** The demo directory as generated (deterministic): what the first start loads. */
export function demoDirectory() {
  return [...generateConsultants({ count: DEMO_DIRECTORY_SIZE, now: DEMO_NOW })];
}

/** On first start with no consultants at all, loads the demo directory (all approved). */
export async function seedDemoDirectory(db: Database, sql: Sql, log: { info: (obj: object, msg?: string) => void }) {
  const [row] = await db.select({ total: count() }).from(consultants);
  if ((row?.total ?? 0) > 0) return 0;
  const directory = demoDirectory();
  const written = await copyConsultants(sql, directory, "approved");
  // Ratings are earned: the clients of the consultants' assignments reviewed them after a conversation.
  const reviews = await seedDemoReviews(sql, directory, DEMO_NOW);
  log.info({ consultants: written, reviews }, "loaded the demo directory");
  return written;
}
