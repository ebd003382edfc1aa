import { useLingui } from "@lingui/react/macro";
import { Alert } from "../ui/alert.tsx";

/** What the owner (or an admin) is told about a profile that visitors cannot see yet. */
export function StatusBanner({ status, statusReason }: { status: string; statusReason: string | null }) {
  const { t } = useLingui();
  if (status === "approved") return null;
  const reason = statusReason ?? "";
  const text = {
    pending: t`This profile is waiting for an administrator's approval. Until then only you and the administrators can see it.`,
    rejected: statusReason
      ? t`This profile was not approved: ${reason} Edit it to send it for approval again.`
      : t`This profile was not approved. Edit it to send it for approval again.`,
    hidden: t`An administrator has hidden this profile from the directory. Only you and the administrators can see it.`,
  }[status];
  const title = status === "pending" ? t`Pending approval` : status === "rejected" ? t`Not approved` : t`Hidden`;
  return (
    <div className="mb-6">
      <Alert tone="warning" title={title}>
        {text}
      </Alert>
    </div>
  );
}
