import { z } from "zod";

// "Report this opportunity" (issue 32): the reasons, the messages and the body both doors check.

/** The admins' Opportunities table's filters (GET /api/admin/opportunities?filter=, /admin/opportunities). */
export const ADMIN_OPPORTUNITY_FILTERS = ["pending", "published", "reported", "all"] as const;

export const OPPORTUNITY_REPORT_REASONS = ["spam", "scam", "discriminatory"] as const;
export type OpportunityReportReason = (typeof OPPORTUNITY_REPORT_REASONS)[number];

export const REPORT_TEXTS = {
  signIn: "You need to be signed in to report an opportunity.",
  reason: `Reason must be one of ${OPPORTUNITY_REPORT_REASONS.join(", ")}`,
  details: "Details must be at most 1000 characters",
  already: "You have already reported this opportunity; an administrator will look at it.",
  notPublished: "Only a published opportunity can be reported.",
  sent: "Thank you: an administrator will look at this opportunity.",
  noReports: "This opportunity has no open reports.",
  dismissed: "Reports dismissed",
} as const;

export const opportunityReportSchema = z
  .object({
    reason: z.enum(OPPORTUNITY_REPORT_REASONS, { error: REPORT_TEXTS.reason }),
    details: z.string({ error: REPORT_TEXTS.details }).trim().max(1000, REPORT_TEXTS.details).optional(),
  })
  .strict();
