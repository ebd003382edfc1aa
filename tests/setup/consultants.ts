import { randomBytes } from "node:crypto";
import type { Database, Sql } from "#server/db/client.ts";
import { consultants, type NewConsultant } from "#server/db/schema.ts";

// Consultant rows straight in the database, for tests that need a profile in a known state.

export type ConsultantRow = {
  name?: string;
  title?: string;
  email?: string;
  phone?: string | null;
  location?: string;
  city?: string | null;
  country?: string;
  years_experience?: number;
  languages?: string[];
  primary_specialization?: string;
  secondary_specializations?: string[];
  bio?: string;
  profile_photo_url?: string | null;
  show_email?: boolean;
  show_phone?: boolean;
  available_for_work?: boolean;
  rating?: number;
  projects_completed?: number;
  status?: string;
  user_id?: number | null;
};

export async function insertConsultant(sql: Sql, row: ConsultantRow = {}): Promise<{ id: number; email: string }> {
  const values = {
    name: "Maria Santos",
    title: "Education Policy Specialist",
    email: `maria-${randomBytes(5).toString("hex")}@example.org`,
    phone: "+63 2 8123 4567",
    location: "Makati, Metro Manila, Philippines",
    city: "Manila",
    country: "Philippines",
    years_experience: 14,
    languages: ["Filipino", "English"],
    primary_specialization: "Education",
    secondary_specializations: ["Gender & Social Inclusion", "Governance"],
    bio: "Fourteen years advising education ministries on basic education reform and teacher policy.",
    show_email: false,
    show_phone: false,
    available_for_work: true,
    rating: 75,
    projects_completed: 31,
    status: "approved",
    ...row,
  };
  const [inserted] = await sql<{ id: number; email: string }[]>`insert into consultants ${sql(values)} returning id, email`;
  if (!inserted) throw new Error("could not insert a consultant");
  return inserted;
}

/**
 * A complete, valid profile as the owner's form and `POST /api/consultants` take it (issue 5's
 * schema), for tests that need one and are about something else; `extra` changes what they are about.
 */
export function profileBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Lan Nguyen",
    title: "Water Supply Engineer",
    email: `lan.${randomBytes(5).toString("hex")}@example.org`,
    location: "Ba Dinh, Hanoi, Vietnam",
    country: "Vietnam",
    yearsExperience: 12,
    languages: ["Vietnamese", "English"],
    primarySpecialization: "Infrastructure",
    bio: "Twelve years designing rural water supply schemes with provincial utilities in the Red River delta.",
    ...extra,
  };
}

/** The fields of a profile its owner writes (the form, `POST`/`PUT /api/consultants`), in the form's order. */
export const PROFILE_FIELDS = [
  "name",
  "title",
  "email",
  "phone",
  "location",
  "city",
  "country",
  "yearsExperience",
  "languages",
  "primarySpecialization",
  "secondarySpecializations",
  "bio",
  "profilePhotoUrl",
  "showEmail",
  "showPhone",
  "availableForWork",
] as const;

/**
 * Profile bodies of one person (`details`), each with an e-mail address of its own
 * (`<local><n>@example.org`), `extra` on top: for files that post one person's profile again and again.
 */
export function numberedProfiles(local: string, details: Record<string, unknown>) {
  let count = 0;
  return (extra: Record<string, unknown> = {}): Record<string, unknown> => {
    count += 1;
    return { ...details, email: `${local}${count}@example.org`, ...extra };
  };
}

let sequence = 0;

/**
 * Inserts one listed (approved) consultant through Drizzle, any field overridable by its schema
 * name (createdAt included), and returns its id: for tests that build a directory to search.
 */
export async function insertListedConsultant(db: Database, overrides: Partial<NewConsultant> = {}): Promise<number> {
  sequence += 1;
  const [row] = await db
    .insert(consultants)
    .values({
      name: `Test Consultant ${sequence}`,
      title: "Development Consultant",
      email: `consultant${sequence}.${randomBytes(4).toString("hex")}@example.org`,
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

/**
 * A listed consultant whose words are only its name and bio (title "Consultant", Technology, no
 * secondary fields): for search tests about which words find whom. `overrides` as insertListedConsultant's.
 */
export function insertPlainConsultant(db: Database, overrides: Partial<NewConsultant> & { name: string; bio: string }) {
  return insertListedConsultant(db, {
    primarySpecialization: "Technology",
    secondarySpecializations: [],
    title: "Consultant",
    ...overrides,
  });
}
