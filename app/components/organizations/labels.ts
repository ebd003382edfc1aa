import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { OrganizationKind, OrganizationRole } from "#common/organizations.ts";
import type { ShortlistStage } from "#common/shortlists.ts";

// The words pages show for issue 31's fixed values (the values stay English in the database and
// the API): an organization's kind, a member's role, a shortlist entry's stage, an admin's action
// on a report.

const KINDS: Record<OrganizationKind, MessageDescriptor> = {
  ngo: msg`NGO`,
  un_agency: msg`UN agency`,
  donor: msg`Donor / development bank`,
  implementing_firm: msg`Implementing firm`,
  government: msg`Government`,
  research: msg`Research / academia`,
  other: msg({ message: "Other", context: "organization kind" }),
};

const ROLES: Record<OrganizationRole, MessageDescriptor> = {
  owner: msg`Owner`,
  admin: msg({ message: "Admin", context: "organization role" }),
  member: msg`Member`,
};

const STAGES: Record<ShortlistStage, MessageDescriptor> = {
  considering: msg`Considering`,
  contacted: msg`Contacted`,
  replied: msg`Replied`,
  interview: msg`Interview`,
  selected: msg`Selected`,
  declined: msg`Declined`,
};

const REPORT_ACTION_LABELS: Record<string, MessageDescriptor> = {
  warn: msg`Warn the sender`,
  block: msg`Block the sender's account`,
  unverify: msg`Unverify the organization`,
  dismiss: msg`Dismiss`,
};

export const kindLabel = (i18n: I18n, kind: OrganizationKind) => i18n._(KINDS[kind]);
export const roleLabel = (i18n: I18n, role: OrganizationRole) => i18n._(ROLES[role]);
export const stageLabel = (i18n: I18n, stage: ShortlistStage) => i18n._(STAGES[stage]);
export const reportActionLabel = (i18n: I18n, action: string) => {
  const label = REPORT_ACTION_LABELS[action];
  return label ? i18n._(label) : action;
};

export const kindOptions = (i18n: I18n) =>
  (Object.keys(KINDS) as OrganizationKind[]).map((value) => ({ value, label: kindLabel(i18n, value) }));
export const roleOptions = (i18n: I18n, roles: readonly OrganizationRole[]) =>
  roles.map((value) => ({ value, label: roleLabel(i18n, value) }));
export const stageOptions = (i18n: I18n) =>
  (Object.keys(STAGES) as ShortlistStage[]).map((value) => ({ value, label: stageLabel(i18n, value) }));
/** Rows their members named (organizations, team shortlists) as a select's choices: the id, under its name. */
export const namedOptions = (rows: readonly { id: number; name: string }[]) =>
  rows.map((row) => ({ value: String(row.id), label: row.name }));
