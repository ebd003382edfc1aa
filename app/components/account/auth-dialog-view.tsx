import { Trans } from "@lingui/react/macro";
import { Suspense } from "react";
import { lazyWhenOnline } from "#app/lib/chunk-load.ts";
import { Dialog, DialogContent } from "../ui/dialog.tsx";
import type { AuthView } from "./auth-forms.tsx";

// The sign-in / sign-up dialog itself (Radix Dialog); auth-dialog.tsx loads it when it first opens.

// The forms (with zod and Conform) load when first needed, not with every page.
export const loadForms = () => import("./auth-forms.tsx");
const AuthForms = lazyWhenOnline(() => loadForms().then((module) => ({ default: module.AuthForms })));

export default function AuthDialogView({
  open,
  onOpenChange,
  title,
  description,
  view,
  onViewChange,
  redirectTo,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  redirectTo: string;
  returnFocus: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <DialogContent
          title={title}
          description={description}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <Suspense
            fallback={
              <p role="status" className="py-10 text-center text-sm text-muted">
                <Trans>Loading…</Trans>
              </p>
            }
          >
            <AuthForms idPrefix="dialog" view={view} onViewChange={onViewChange} redirectTo={redirectTo} />
          </Suspense>
        </DialogContent>
      )}
    </Dialog>
  );
}
