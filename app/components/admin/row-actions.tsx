import { useLingui } from "@lingui/react/macro";
import type { LucideIcon } from "lucide-react";
import { Button, type ButtonProps } from "../ui/button.tsx";

// The buttons in an admin table's Actions cell. Each names its action and its row for a screen
// reader ("Delete Ana Reyes"), since a row's buttons all look alike to one.

type ActionProps = Omit<ButtonProps, "children" | "aria-label"> & {
  /** What the button does, as its visible text ("Promote") or, for an icon, its name: in the page's language. */
  action: string;
  /** Whom or what it does it to: the row's name. */
  target: string;
  icon: LucideIcon;
};

/** An icon-only action: the icon shows it, the label says it. */
export function IconAction({ action, target, icon: Icon, className, ...button }: ActionProps) {
  const { t } = useLingui();
  return (
    <Button variant="ghost" size="icon" aria-label={t`${action} ${target}`} className={className} {...button}>
      <Icon aria-hidden="true" className="size-4" />
    </Button>
  );
}

/** A labelled action that says when its request is on its way ("Promoting..."). */
export function TextAction({
  action,
  target,
  icon: Icon,
  pendingText,
  pending,
  ...button
}: ActionProps & { pendingText: string; pending: boolean }) {
  const { t } = useLingui();
  return (
    <Button size="sm" aria-label={t`${action} ${target}`} {...button}>
      <Icon aria-hidden="true" className="size-4" />
      {pending ? pendingText : action}
    </Button>
  );
}
