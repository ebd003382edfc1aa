import type { AuditAction, AuditChanges, AuditTargetType, ConsultantStatus } from "./constants.ts";
import type { ProfileLanguage } from "./profile-languages.ts";

// What the UI renders of a consultant, an account and an audit entry: the services' answers, typed
// here so that components and route modules import them from the ground floor, never from a
// service module that also holds SQL (the column maps that produce them are in
// server/services/consultants/read-model.ts and server/services/admin/).

/** A consultant as a visitor sees it: e-mail and phone only when the consultant chose to show them. */
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
  /** The language the profile is written in (a BCP 47 code of common/profile-languages.ts), or null: not stated. */
  profileLanguage: ProfileLanguage | null;
  profilePhotoUrl: string | null;
  showEmail: boolean;
  showPhone: boolean;
  availableForWork: boolean;
  rating: number;
  projectsCompleted: number;
  createdAt: Date;
};

/** What the owner (and admins, through the owner's form) see: every stored field but the owner's account id. */
export type OwnConsultant = Omit<PublicConsultant, "email" | "phone"> & {
  email: string;
  phone: string | null;
  status: ConsultantStatus;
  statusReason: string | null;
  updatedAt: Date;
};

/** What an admin sees of a consultant: every stored field (all statuses, contact details even when private). */
export type AdminConsultant = OwnConsultant & { ownerId: number | null };

/** What an admin sees of an account: never the password hash, sessions or tokens. */
export type AdminUser = {
  id: number;
  name: string;
  email: string;
  role: "user" | "admin";
  isEmailVerified: boolean;
  /** When an admin blocked the account (issue 14), or null. */
  blockedAt: Date | null;
  createdAt: Date;
};

/** One line of the audit log. */
export type AuditLogEntry = {
  id: number;
  actorId: number | null;
  actorName: string;
  actorEmail: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  targetLabel: string;
  changes: AuditChanges;
  createdAt: Date;
};

/** The home page's stats strip and country tiles (GET /api/stats), from live data: listed profiles only. */
export type DirectoryStats = {
  totalConsultants: number;
  totalCountries: number;
  totalSpecializations: number;
  /** The sum of projectsCompleted. */
  totalProjects: number;
  /** Listed consultants per country, in the order of the ten countries (spec section 9). */
  countries: { country: string; count: number }[];
};
