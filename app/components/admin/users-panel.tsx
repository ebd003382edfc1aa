import { ShieldCheck, ShieldMinus } from "lucide-react";
import { useState } from "react";
import { ADMIN_MESSAGES } from "../../../common/admin-schema.ts";
import type { AdminUser } from "../../../server/services/admin.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { EmptyRow, formatDate, tableClasses, useAdminAction } from "./shared.tsx";

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

  return (
    <>
      <div className={tableClasses.wrapper}>
        <table className={tableClasses.table}>
          <caption className="sr-only">Users</caption>
          <thead className={tableClasses.head}>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Name
              </th>
              <th scope="col" className={tableClasses.th}>
                Email
              </th>
              <th scope="col" className={tableClasses.th}>
                Role
              </th>
              <th scope="col" className={tableClasses.th}>
                Joined
              </th>
              <th scope="col" className={`${tableClasses.th} text-right`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.length === 0 && <EmptyRow colSpan={5}>No users found.</EmptyRow>}
            {users.map((user) => {
              const isAdmin = user.role === "admin";
              const isSelf = user.id === currentUserId;
              const isLastAdmin = isAdmin && adminCount <= 1;
              const isBusy = action.pendingId === String(user.id);
              const hintId = `last-admin-${user.id}`;
              return (
                <tr key={user.id} className={tableClasses.row} aria-busy={isBusy || undefined}>
                  <th scope="row" className={`${tableClasses.td} font-semibold text-ink`}>
                    {user.name}
                    {isSelf && <span className="ml-2 text-xs font-normal text-muted">(you)</span>}
                  </th>
                  <td className={`${tableClasses.td} whitespace-nowrap`}>{user.email}</td>
                  <td className={tableClasses.td}>
                    <span
                      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                        isAdmin ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-700"
                      }`}
                    >
                      {isAdmin ? "admin" : "user"}
                    </span>
                  </td>
                  <td className={`${tableClasses.td} whitespace-nowrap`}>{formatDate(user.createdAt)}</td>
                  <td className={`${tableClasses.td} whitespace-nowrap text-right`}>
                    {isAdmin ? (
                      <>
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Demote ${user.name}`}
                          aria-describedby={isLastAdmin ? hintId : undefined}
                          disabled={isBusy || isLastAdmin}
                          onClick={() =>
                            isSelf ? setConfirmSelf(true) : action.submit({ intent: "demote", id: String(user.id) })
                          }
                        >
                          <ShieldMinus aria-hidden="true" className="size-4" />
                          {isBusy ? "Demoting..." : "Demote"}
                        </Button>
                        {isLastAdmin && (
                          <p id={hintId} className="mt-1 text-xs text-muted">
                            {ADMIN_MESSAGES.lastAdmin}
                          </p>
                        )}
                      </>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Promote ${user.name}`}
                        disabled={isBusy}
                        onClick={() => action.submit({ intent: "promote", id: String(user.id) })}
                      >
                        <ShieldCheck aria-hidden="true" className="size-4" />
                        {isBusy ? "Promoting..." : "Promote"}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
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
