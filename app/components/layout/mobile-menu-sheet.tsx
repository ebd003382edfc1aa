import { Trans, useLingui } from "@lingui/react/macro";
import { UserPlus } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../ui/button.tsx";
import { Sheet, SheetClose, SheetContent } from "../ui/sheet.tsx";
import { JoinDatabaseLink, MobileAccountLinks } from "./header-account.tsx";
import { HOME_SECTIONS } from "./home-sections.ts";

// The phone menu's sheet (Radix Dialog); site-header.tsx loads it on first use.

export default function MobileMenuSheet({
  open,
  onOpenChange,
  siteName,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  siteName: string;
  trigger: React.RefObject<HTMLButtonElement | null>;
}) {
  const { t, i18n } = useLingui();
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        title={t`Menu`}
        description={t`Navigation and account links for ${siteName}`}
        // The menu button lives outside this module (no SheetTrigger): focus goes back to it on closing.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <nav aria-label={t`Mobile`}>
          <ul className="space-y-1">
            {HOME_SECTIONS.map((section) => (
              <li key={section.id}>
                <SheetClose asChild>
                  <Link
                    to={section.to ?? `/#${section.id}`}
                    className="flex rounded-lg px-3 py-3 text-base font-medium text-ink hover:bg-brand-50 hover:text-brand-800"
                  >
                    {i18n._(section.label)}
                  </Link>
                </SheetClose>
              </li>
            ))}
          </ul>
          <div className="mt-4 border-t border-line pt-4">
            <JoinDatabaseLink className={buttonClasses({ size: "lg", className: "w-full" })} onNavigate={close}>
              <UserPlus aria-hidden="true" className="size-5" />
              <Trans>Join Database</Trans>
            </JoinDatabaseLink>
          </div>
          <div className="mt-4 border-t border-line pt-4">
            <MobileAccountLinks onNavigate={close} />
          </div>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
