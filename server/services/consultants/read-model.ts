import { sql } from "drizzle-orm";
import type { AdminConsultant, OwnConsultant, PublicConsultant } from "#common/views.ts";
import { consultants } from "#server/db/schema.ts";
import { searchColumns } from "../admin/list-page.ts";

// One read model, three projections: what a visitor, the owner and an admin see of a consultant.
// Select what you show: the types are in common/views.ts; these column maps produce them.

export type { AdminConsultant, OwnConsultant, PublicConsultant };

/** The columns every projection shares (everything but the contact details and the workflow). */
const profileColumns = {
  id: consultants.id,
  name: consultants.name,
  title: consultants.title,
  location: consultants.location,
  city: consultants.city,
  country: consultants.country,
  yearsExperience: consultants.yearsExperience,
  languages: consultants.languages,
  primarySpecialization: consultants.primarySpecialization,
  secondarySpecializations: consultants.secondarySpecializations,
  bio: consultants.bio,
  profileLanguage: consultants.profileLanguage,
  profilePhotoUrl: consultants.profilePhotoUrl,
  showEmail: consultants.showEmail,
  showPhone: consultants.showPhone,
  availableForWork: consultants.availableForWork,
  rating: consultants.rating,
  projectsCompleted: consultants.projectsCompleted,
  createdAt: consultants.createdAt,
};

/** A visitor's view: the e-mail and phone leave the database only when the consultant chose to show them. */
export const publicConsultantColumns = {
  ...profileColumns,
  email: sql<string | null>`case when ${consultants.showEmail} then ${consultants.email} end`.as("email"),
  phone: sql<string | null>`case when ${consultants.showPhone} then ${consultants.phone} end`.as("phone"),
};

/** The owner's view: every stored field except internal ones (the owner's account id). */
export const ownConsultantColumns = {
  ...profileColumns,
  email: consultants.email,
  phone: consultants.phone,
  status: consultants.status,
  statusReason: consultants.statusReason,
  updatedAt: consultants.updatedAt,
};

/** The admin's view: the owner's, plus whose profile it is. */
export const adminConsultantColumns = { ...ownConsultantColumns, ownerId: consultants.userId };

/** The admin tables' search over consultants: name, title, e-mail, location or country. */
export function adminConsultantSearch(search: string | undefined) {
  return searchColumns(search, [
    consultants.name,
    consultants.title,
    consultants.email,
    consultants.location,
    consultants.country,
  ]);
}

/**
 * Only approved profiles are listed publicly. Written as a literal (not a parameter) so the
 * planner can use the partial indexes built for listed profiles.
 */
export const isListed = sql`${consultants.status} = 'approved'`;

export const CONSULTANT_NOT_FOUND = "Consultant not found";
