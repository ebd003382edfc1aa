import { ShieldCheck, ShieldMinus } from "lucide-react";
import { useState } from "react";
import { ADMIN_MESSAGES } from "../../../common/admin-schema.ts";
import { formatDate } from "../../../common/format.ts";
import type { AdminUser } from "../../../common/views.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { type Column, DataTable } from "../ui/data-table.tsx";
import { useAdminAction } from "./use-admin-action.ts";

/**
 * The Users tab's table (spec section 2): name, email, role, joined date, promote or demote. The
 * last admin's Demote is disabled (the server refuses it with 409 as well), and demoting oneself
 * asks first, since the dashboard closes right after.
 */
export function UsersTable({
  users,
  adminCount,
  currentUserId,
}: {
  users: AdminUser[];
  adminCount: number;
  currentUserId: number;
}) {
  const [confirmSelf, setConfirmSelf] = useState(false);
  const action = useAdminAction(() => setConfirmSelf(false));
  const isBusy = (user: AdminUser) => action.pendingId === String(user.id);

  const columns: Column<AdminUser>[] = [
    {
      header: "Name",
      rowHeader: true,
      className: "font-semibold text-ink",
      cell: (user) => (
        <>
          {user.name}
          {user.id === currentUserId && <span className="ml-2 text-xs font-normal text-muted">(you)</span>}
        </>
      ),
    },
    { header: "Email", className: "whitespace-nowrap", cell: (user) => user.email },
    {
      header: "Role",
      cell: (user) => (
        <Badge tone={user.role === "admin" ? "solid" : "neutral"}>{user.role === "admin" ? "admin" : "user"}</Badge>
      ),
    },
    { header: "Joined", className: "whitespace-nowrap", cell: (user) => formatDate(user.createdAt) },
    {
      header: "Actions",
      align: "end",
      className: "whitespace-nowrap",
      cell: (user) => {
        const busy = isBusy(user);
        if (user.role !== "admin") {
          return (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Promote ${user.name}`}
              disabled={busy}
              onClick={() => action.submit({ intent: "promote", id: String(user.id) })}
            >
              <ShieldCheck aria-hidden="true" className="size-4" />
              {busy ? "Promoting..." : "Promote"}
            </Button>
          );
        }
        const isSelf = user.id === currentUserId;
        const isLastAdmin = adminCount <= 1;
        const hintId = `last-admin-${user.id}`;
        return (
          <>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Demote ${user.name}`}
              aria-describedby={isLastAdmin ? hintId : undefined}
              disabled={busy || isLastAdmin}
              onClick={() => (isSelf ? setConfirmSelf(true) : action.submit({ intent: "demote", id: String(user.id) }))}
            >
              <ShieldMinus aria-hidden="true" className="size-4" />
              {busy ? "Demoting..." : "Demote"}
            </Button>
            {isLastAdmin && (
              <p id={hintId} className="mt-1 text-xs text-muted">
                {ADMIN_MESSAGES.lastAdmin}
              </p>
            )}
          </>
        );
      },
    },
  ];

  return (
    <>
      <DataTable
        caption="Users"
        columns={columns}
        rows={users}
        rowKey={(user) => user.id}
        empty="No users found."
        isRowBusy={isBusy}
      />
      <ConfirmDialog
        open={confirmSelf}
        onOpenChange={setConfirmSelf}
        title="Remove your own admin access?"
        description="You will no longer be an admin and the Admin Dashboard will close. Another admin can promote you again."
        confirmLabel="Demote myself"
        pendingLabel="Demoting..."
        isPending={action.isBusy}
        onConfirm={() => action.submit({ intent: "demote", id: String(currentUserId) })}
      />
    </>
  );
}
