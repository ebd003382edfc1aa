import { Dialog as RadixDialog } from "radix-ui";
import { ModalCloseButton, ModalFrame, type ModalProps } from "./dialog.tsx";

export const Sheet = RadixDialog.Root;
export const SheetTrigger = RadixDialog.Trigger;
export const SheetClose = RadixDialog.Close;

/**
 * A panel that slides in from the right edge: a modal dialog (focus kept inside, Escape closes,
 * focus returns to the trigger), sized for phones. Without a `SheetTrigger`, `onCloseAutoFocus` says where focus goes.
 */
export function SheetContent({ title, description, children, onCloseAutoFocus }: ModalProps & { description: React.ReactNode }) {
  return (
    <ModalFrame
      overlayClassName="fixed inset-0 z-50 animate-fade-in bg-ink/50"
      onCloseAutoFocus={onCloseAutoFocus}
      className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,calc(100vw-2.5rem))] animate-sheet-in flex-col overflow-y-auto bg-white shadow-raised"
    >
      <div className="flex items-center justify-between border-b border-line px-5 py-4">
        <RadixDialog.Title className="text-lg font-bold text-ink">{title}</RadixDialog.Title>
        <ModalCloseButton
          className="grid size-10 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-ink"
          label="Close menu"
        />
      </div>
      <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>
      <div className="flex-1 px-5 py-4">{children}</div>
    </ModalFrame>
  );
}
