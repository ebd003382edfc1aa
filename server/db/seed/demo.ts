import { count } from "drizzle-orm";
import type { Database, Sql } from "../client.ts";
import { consultants } from "../schema.ts";
import { generateConsultants } from "./generate.ts";
import { copyConsultants } from "./seed.ts";

export const DEMO_DIRECTORY_SIZE = 150;

/** On first start with no consultants at all, loads the demo directory (all approved). */
export async function seedDemoDirectory(db: Database, sql: Sql, log: { info: (obj: object, msg?: string) => void }) {
  const [row] = await db.select({ total: count() }).from(consultants);
  if ((row?.total ?? 0) > 0) return 0;
  const written = await copyConsultants(sql, generateConsultants({ count: DEMO_DIRECTORY_SIZE }), "approved");
  log.info({ consultants: written }, "loaded the demo directory");
  return written;
}
