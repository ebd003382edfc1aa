/** An assignment's organization, and the consultant's role there when given: "UNICEF · Team Leader". */
export function organizationAndRole(item: { organization: string; role?: string | null }): string {
  return item.role ? `${item.organization} · ${item.role}` : item.organization;
}
