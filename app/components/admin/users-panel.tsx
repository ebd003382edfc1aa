import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Ban, CircleCheck, LogOut, ShieldCheck, ShieldMinus } from "lucide-react";
import { useState } from "react";
import { useLocale } from "#app/i18n/use-locale.ts";
import { succeeded } from "#app/lib/form-answer.ts";
import { ADMIN_MESSAGES } from "#common/admin-schema.ts";
import { inSentence } from "#common/bidi.ts";
import { formatDate } from "#common/format.ts";
import type { AdminUser } from "#common/views.ts";
import { Badge } from "../ui/badge.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import type { Column } from "../ui/data-table.tsx";
import { AdminTable } from "./admin-table.tsx";
import { adminText } from "./admin-words.ts";
import { AskForm, askButton, instead } from "./plain-forms.tsx";
import { TextAction } from "./row-actions.tsx";
import { useAdminAction } from "./use-admin-action.ts";

export type AccountAction = { intent: "promote" | "demote" | "block" | "unblock" | "end-sessions"; user: AdminUser };

/** The account actions' buttons: what each says, and says while its request is on its way. */
const ACCOUNT_BUTTONS = {
  promote: { action: msg`Promote`, pendingText: msg`Promoting...`, icon: ShieldCheck, variant: "secondary" },
  block: { action: msg`Block`, pendingText: msg`Blocking...`, icon: Ban, variant: "outline", className: "text-red-700" },
  unblock: { action: msg`Unblock`, pendingText: msg`Unblocking...`, icon: CircleCheck, variant: "outline" },
  demote: { action: msg`Demote`, pendingText: msg`Demoting...`, icon: ShieldMinus, variant: "outline" },
  "end-sessions": { action: msg`End sessions`, pendingText: msg`Ending...`, icon: LogOut, variant: "outline" },
} as const;

/** An account action's button in the page's language. */
function accountButton(i18n: I18n, intent: AccountAction["intent"]) {
  const { action, pendingText, ...look } = ACCOUNT_BUTTONS[intent];
  return { ...look, action: i18n._(action), pendingText: i18n._(pendingText) };
}

/**
 * What the confirmation of an account action says, and its button's look: granting (promote,
 * unblock) is not red. The dialog and the page's own question (without JavaScript) both use it.
 */
export function confirmationText(
  i18n: I18n,
  action: { intent: AccountAction["intent"]; user: Pick<AdminUser, "name"> },
  isSelf: boolean,
) {
  const variant = action.intent === "promote" || action.intent === "unblock" ? "primary" : "destructive";
  const words = confirmationWords(action, isSelf);
  return {
    title: i18n._(words.title),
    description: i18n._(words.description),
    confirmLabel: i18n._(words.confirmLabel),
    pendingLabel: i18n._(words.pendingLabel),
    variant,
  } as const;
}

/** The words of an account action's confirmation; demoting oneself closes the dashboard. */
function confirmationWords(
  { intent, user }: { intent: AccountAction["intent"]; user: Pick<AdminUser, "name"> },
  isSelf: boolean,
): Record<"title" | "description" | "confirmLabel" | "pendingLabel", MessageDescriptor> {
  const name = inSentence(user.name);
  if (intent === "end-sessions") {
    // An admin ending their own keeps the session they are using (the service does).
    return isSelf
      ? {
          title: msg`End your other sessions?`,
          description: msg`Every other browser and device signed in to your account is signed out. You stay signed in here.`,
          confirmLabel: msg`End my other sessions`,
          pendingLabel: msg`Ending...`,
        }
      : {
          title: msg`End every session of ${name}?`,
          description: msg`${name} is signed out on every browser and device, and can sign in again with their password and second factor. Use it for a lost phone or a session someone else may hold.`,
          confirmLabel: msg`End sessions of ${name}`,
          pendingLabel: msg`Ending...`,
        };
  }
  if (intent === "block") {
    return {
      title: msg`Block ${name}?`,
      description: msg`${name} will be signed out everywhere and cannot sign in; their consultant profile and the reviews they wrote are hidden. Unblocking restores them.`,
      confirmLabel: msg`Block ${name}`,
      pendingLabel: msg`Blocking...`,
    };
  }
  if (intent === "unblock") {
    return {
      title: msg`Unblock ${name}?`,
      description: msg`${name} will be able to sign in again; their consultant profile and reviews return as they were before the block.`,
      confirmLabel: msg`Unblock ${name}`,
      pendingLabel: msg`Unblocking...`,
    };
  }
  if (intent === "promote") {
    return {
      title: msg`Make ${name} an admin?`,
      description: msg`${name} will be able to edit, hide and delete any consultant profile, see private contact details and change other users' roles.`,
      confirmLabel: msg`Promote ${name}`,
      pendingLabel: msg`Promoting...`,
    };
  }
  if (isSelf) {
    return {
      title: msg`Remove your own admin access?`,
      description: msg`You will no longer be an admin and the Admin Dashboard will close. Another admin can promote you again.`,
      confirmLabel: msg`Demote myself`,
      pendingLabel: msg`Demoting...`,
    };
  }
  return {
    title: msg`Remove ${name}'s admin access?`,
    description: msg`${name} will no longer see the Admin Dashboard. Another admin can promote them again.`,
    confirmLabel: msg`Demote ${name}`,
    pendingLabel: msg`Demoting...`,
  };
}

/**
 * The Users tab's table (spec section 2): name, email, role, joined date, promote or demote, and
 * block or unblock (issue 14). Every action asks first, as deleting does. The last admin's Demote
 * is disabled (the server refuses it with 409 as well); an admin is demoted before being blocked,
 * so admins and oneself have no Block.
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
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const [confirming, setConfirming] = useState<AccountAction | null>(null);
  // Done: the confirmation closes. Failed: it stays (the page-door rule), so the admin may retry.
  const action = useAdminAction((result) => {
    if (succeeded(result)) setConfirming(null);
  });
  const isBusy = (user: AdminUser) => action.pendingId === String(user.id);

  const columns: Column<AdminUser>[] = [
    {
      header: t`Name`,
      rowHeader: true,
      className: "font-semibold text-ink",
      cell: (user) => (
        <>
          <bdi>{user.name}</bdi>
          {user.id === currentUserId && (
            <span className="ml-2 text-xs font-normal text-muted">
              <Trans>(you)</Trans>
            </span>
          )}
          {user.blockedAt && (
            <Badge tone="danger" className="ml-2">
              <Trans>Blocked</Trans>
            </Badge>
          )}
        </>
      ),
    },
    { header: t`Email`, cell: (user) => <bdi>{user.email}</bdi> },
    {
      header: t`Role`,
      cell: (user) => (
        <Badge tone={user.role === "admin" ? "solid" : "neutral"}>{user.role === "admin" ? t`admin` : t`user`}</Badge>
      ),
    },
    { header: t`Joined`, nowrap: true, cell: (user) => formatDate(user.createdAt, locale) },
    {
      header: t`Actions`,
      actions: true,
      cell: (user) => {
        const busy = isBusy(user);
        const pending = busy ? action.pendingIntent : null;
        // A row action's button in its plain form: it asks first (a dialog, or the page's question).
        const ask = (intent: AccountAction["intent"], extra: { disabled?: boolean; "aria-describedby"?: string } = {}) => (
          <AskForm key={intent} id={user.id}>
            <TextAction
              {...accountButton(i18n, intent)}
              {...askButton(intent)}
              target={user.name}
              pending={pending === intent}
              disabled={busy}
              onClick={instead(() => setConfirming({ intent, user }))}
              {...extra}
            />
          </AskForm>
        );
        if (user.role !== "admin") {
          // A blocked account can only be unblocked; any other plain account promoted or blocked.
          const intents: AccountAction["intent"][] = user.blockedAt ? ["unblock"] : ["promote", "block", "end-sessions"];
          return <div className="inline-flex gap-2">{intents.map((intent) => ask(intent))}</div>;
        }
        const isLastAdmin = adminCount <= 1;
        const hintId = `last-admin-${user.id}`;
        return (
          <div className="flex-col items-start">
            <div className="inline-flex gap-2">
              {ask("demote", { "aria-describedby": isLastAdmin ? hintId : undefined, disabled: busy || isLastAdmin })}
              {ask("end-sessions")}
            </div>
            {isLastAdmin && (
              <p id={hintId} className="mt-1 text-xs text-muted">
                {adminText(i18n, ADMIN_MESSAGES.lastAdmin)}
              </p>
            )}
          </div>
        );
      },
    },
  ];

  const text = confirming ? confirmationText(i18n, confirming, confirming.user.id === currentUserId) : null;
  return (
    <>
      <AdminTable caption={t`Users`} columns={columns} rows={users} empty={t`No users found.`} isRowBusy={isBusy} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={text?.title ?? ""}
        description={text?.description ?? ""}
        confirmLabel={text?.confirmLabel ?? ""}
        pendingLabel={text?.pendingLabel}
        confirmVariant={text?.variant}
        isPending={action.isBusy}
        onConfirm={() => {
          if (confirming) action.submit({ intent: confirming.intent, id: String(confirming.user.id) });
        }}
      />
    </>
  );
}
