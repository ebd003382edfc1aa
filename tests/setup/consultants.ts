import { randomBytes } from "node:crypto";
import type { Sql } from "../../server/db/client.ts";

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
