import { Trans } from "@lingui/react/macro";
import { AlertDialog } from "radix-ui";
import { type ButtonVariant, buttonClasses } from "./button.tsx";

/**
 * A confirmation before something that cannot be undone (role="alertdialog"): focus starts on
 * Cancel, Escape cancels, and the confirming button stays open until the caller closes it, so a
 * pending request can show on it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  isPending = false,
  onConfirm,
  confirmVariant = "destructive",
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel?: string;
  isPending?: boolean;
  onConfirm: () => void;
  /** A confirmation of something that grants rather than takes away (promote) is not red. */
  confirmVariant?: ButtonVariant;
  children?: React.ReactNode;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-xl font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: "outline" })}>
              <Trans>Cancel</Trans>
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClasses({ variant: confirmVariant })}
              disabled={isPending}
              onClick={(event) => {
                // Keep the dialog open while the request runs; the caller closes it when done.
                event.preventDefault();
                onConfirm();
              }}
            >
              {isPending && pendingLabel ? pendingLabel : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
