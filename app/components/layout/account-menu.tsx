import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import type { LucideIcon } from "lucide-react";
import { BadgeCheck, ChevronDown, LogOut } from "lucide-react";
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
  onActFor,
}: {
  user: SignedInUser;
  entries: MenuEntry[];
  unread: number;
  face: React.ReactNode;
  triggerClassName: string;
  onSignOut: () => void;
  /** Switches the organization the person acts for ("" is themselves). */
  onActFor: (organizationId: string) => void;
}) {
  const { i18n } = useLingui();
  const acting = user.organizations.find((organization) => organization.acting);
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
          {user.organizations.length > 0 && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Label className="px-3 pt-1 text-xs font-semibold uppercase tracking-wide text-muted">
                <Trans>Acting for</Trans>
              </DropdownMenu.Label>
              <DropdownMenu.RadioGroup value={acting ? String(acting.id) : ""} onValueChange={onActFor}>
                <DropdownMenu.RadioItem value="" className={itemClasses}>
                  <Radio checked={!acting} />
                  <Trans>Myself</Trans>
                </DropdownMenu.RadioItem>
                {user.organizations.map((organization) => (
                  <DropdownMenu.RadioItem key={organization.id} value={String(organization.id)} className={itemClasses}>
                    <Radio checked={organization.acting} />
                    <bdi className="truncate">{organization.name}</bdi>
                    {organization.verified && (
                      <>
                        <BadgeCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-700" />
                        <span className="sr-only">
                          {" "}
                          <Trans>(verified)</Trans>
                        </span>
                      </>
                    )}
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            </>
          )}
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

/** The radio item's mark (the item itself carries the checked state for assistive technology). */
function Radio({ checked }: { checked: boolean }) {
  return (
    <span aria-hidden="true" className="grid size-4 place-items-center rounded-full ring-1 ring-slate-400">
      {checked && <span className="size-2 rounded-full bg-brand-700" />}
    </span>
  );
}
