import { Alert } from "../ui/alert.tsx";

/** What the owner (or an admin) is told about a profile that visitors cannot see yet. */
export function StatusBanner({ status, statusReason }: { status: string; statusReason: string | null }) {
  if (status === "approved") return null;
  const text = {
    pending: "This profile is waiting for an administrator's approval. Until then only you and the administrators can see it.",
    rejected: `This profile was not approved${statusReason ? `: ${statusReason}` : "."} Edit it to send it for approval again.`,
    hidden: "An administrator has hidden this profile from the directory. Only you and the administrators can see it.",
  }[status];
  return (
    <div className="mb-6">
      <Alert tone="warning" title={status === "pending" ? "Pending approval" : status === "rejected" ? "Not approved" : "Hidden"}>
        {text}
      </Alert>
    </div>
  );
}
