import { sql } from "drizzle-orm";
import { consultants } from "../db/schema.ts";

// Select what you show: a visitor-facing consultant is built only from these columns, and the
// e-mail and phone leave the database only when the consultant chose to show them.
export const publicConsultantColumns = {
  id: consultants.id,
  name: consultants.name,
  title: consultants.title,
  email: sql<string | null>`case when ${consultants.showEmail} then ${consultants.email} end`.as("email"),
  phone: sql<string | null>`case when ${consultants.showPhone} then ${consultants.phone} end`.as("phone"),
  location: consultants.location,
  city: consultants.city,
  country: consultants.country,
  yearsExperience: consultants.yearsExperience,
  languages: consultants.languages,
  primarySpecialization: consultants.primarySpecialization,
  secondarySpecializations: consultants.secondarySpecializations,
  bio: consultants.bio,
  profilePhotoUrl: consultants.profilePhotoUrl,
  showEmail: consultants.showEmail,
  showPhone: consultants.showPhone,
  availableForWork: consultants.availableForWork,
  rating: consultants.rating,
  projectsCompleted: consultants.projectsCompleted,
  createdAt: consultants.createdAt,
};

export type PublicConsultant = {
  id: number;
  name: string;
  title: string;
  email: string | null;
  phone: string | null;
  location: string;
  city: string | null;
  country: string;
  yearsExperience: number;
  languages: string[];
  primarySpecialization: string;
  secondarySpecializations: string[];
  bio: string;
  profilePhotoUrl: string | null;
  showEmail: boolean;
  showPhone: boolean;
  availableForWork: boolean;
  rating: number;
  projectsCompleted: number;
  createdAt: Date;
};

/**
 * Only approved profiles are listed publicly. Written as a literal (not a parameter) so the
 * planner can use the partial indexes built for listed profiles.
 */
export const isListed = sql`${consultants.status} = 'approved'`;
