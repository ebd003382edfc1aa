import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { LucideIcon } from "lucide-react";
import { ChevronDown, LogOut } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Fragment } from "react";
import { Link } from "react-router";
import type { SignedInUser } from "#app/lib/user.ts";
import { UnreadBadge } from "../messages/unread-badge.tsx";

/** One entry of the signed-in account menu (built by header-account.tsx). */
export type MenuEntry = { to: string; label: MessageDescriptor; icon: LucideIcon; unread?: boolean; offered?: boolean };

// The signed-in user's dropdown in the header (Radix DropdownMenu); header-account.tsx loads it
// for signed-in people only, once the page has hydrated.

const itemClasses =
  "flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900";

export default function AccountDropdown({
  user,
  entries,
  unread,
  face,
  triggerClassName,
  onSignOut,
}: {
  user: SignedInUser;
  entries: MenuEntry[];
  unread: number;
  face: React.ReactNode;
  triggerClassName: string;
  onSignOut: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={triggerClassName}>
        {face}
        <ChevronDown aria-hidden="true" className="size-4 text-slate-600" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold text-ink">{user.name}</span>
            <span className="block truncate text-xs text-muted">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {entries.map(({ to, label, icon: Icon, unread: withBadge, offered }) => (
            <Fragment key={to}>
              {offered && <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />}
              <DropdownMenu.Item asChild className={itemClasses}>
                <Link to={to}>
                  <Icon aria-hidden="true" className="size-4" />
                  {i18n._(label)}
                  {withBadge && <UnreadBadge count={unread} className="ml-auto" />}
                </Link>
              </DropdownMenu.Item>
            </Fragment>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClasses} onSelect={onSignOut}>
            <LogOut aria-hidden="true" className="size-4" />
            <Trans>Sign Out</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
