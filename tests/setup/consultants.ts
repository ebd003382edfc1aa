import type { Database } from "../../server/db/client.ts";
import { consultants, type NewConsultant } from "../../server/db/schema.ts";

let sequence = 0;

/** Inserts one listed (approved) consultant; override any field. Returns its id. */
export async function insertConsultant(db: Database, overrides: Partial<NewConsultant> = {}): Promise<number> {
  sequence += 1;
  const [row] = await db
    .insert(consultants)
    .values({
      name: `Test Consultant ${sequence}`,
      title: "Development Consultant",
      email: `consultant${sequence}.${Date.now().toString(36)}@example.org`,
      phone: "+66 81 000 0000",
      location: "Bangkok, Thailand",
      city: "Bangkok",
      country: "Thailand",
      yearsExperience: 10,
      languages: ["English"],
      primarySpecialization: "Governance",
      secondarySpecializations: [],
      bio: "Works with governments and communities across the region.",
      status: "approved",
      ...overrides,
    })
    .returning({ id: consultants.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}
