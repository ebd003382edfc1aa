import { useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";

export const Dialog = RadixDialog.Root;
export const DialogClose = RadixDialog.Close;

/** What every modal panel takes: the dialog here, the sheet (sheet.tsx). */
export type ModalProps = {
  title: React.ReactNode;
  description?: React.ReactNode;
  children: React.ReactNode;
  /** Where the focus goes on closing, for a modal opened without a Radix trigger (call preventDefault and focus it). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** The frame every modal panel shares: portalled, over a dimmed page, focus kept inside until it closes. */
export function ModalFrame({
  overlayClassName,
  className,
  onCloseAutoFocus,
  children,
}: {
  overlayClassName: string;
  className: string;
  onCloseAutoFocus?: (event: Event) => void;
  children: React.ReactNode;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlayClassName} />
      <RadixDialog.Content onCloseAutoFocus={onCloseAutoFocus} className={className}>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** A modal panel's close button: an X icon named by `label`. */
export function ModalCloseButton({ className, label }: { className: string; label: string }) {
  return (
    <RadixDialog.Close className={className} aria-label={label}>
      <X aria-hidden="true" className="size-5" />
    </RadixDialog.Close>
  );
}

/** A modal dialog with a title, an optional description and a close button; scrolls within 90% of the viewport. */
export function DialogContent({
  title,
  description,
  children,
  className = "max-w-md",
  onCloseAutoFocus,
}: ModalProps & { className?: string }) {
  const { t } = useLingui();
  return (
    <ModalFrame
      overlayClassName="fixed inset-0 z-50 bg-ink/60"
      onCloseAutoFocus={onCloseAutoFocus}
      className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl ${className}`}
    >
      <RadixDialog.Title className="pr-8 text-xl font-bold text-ink">{title}</RadixDialog.Title>
      {description ? (
        <RadixDialog.Description className="mt-1 text-sm text-muted">{description}</RadixDialog.Description>
      ) : (
        <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
      )}
      <div className="mt-5">{children}</div>
      <ModalCloseButton
        className="absolute right-4 top-4 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-ink"
        label={t`Close`}
      />
    </ModalFrame>
  );
}
