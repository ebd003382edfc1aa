import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";

export const Sheet = RadixDialog.Root;
export const SheetTrigger = RadixDialog.Trigger;
export const SheetClose = RadixDialog.Close;

/**
 * A panel that slides in from the right edge: a modal dialog (focus kept inside, Escape closes,
 * focus returns to the trigger), sized for phones.
 */
export function SheetContent({
  title,
  description,
  children,
  onCloseAutoFocus,
}: {
  title: React.ReactNode;
  description: React.ReactNode;
  children: React.ReactNode;
  /** Where focus goes on closing when the sheet has no `SheetTrigger` (call `preventDefault()` and focus it). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-ink/50" />
      <RadixDialog.Content
        onCloseAutoFocus={onCloseAutoFocus}
        className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,calc(100vw-2.5rem))] animate-sheet-in flex-col overflow-y-auto bg-white shadow-raised"
      >
        <div className="flex items-center justify-between border-b border-line px-5 py-4">
          <RadixDialog.Title className="text-lg font-bold text-ink">{title}</RadixDialog.Title>
          <RadixDialog.Close
            className="grid size-10 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-ink"
            aria-label="Close menu"
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </div>
        <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>
        <div className="flex-1 px-5 py-4">{children}</div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
