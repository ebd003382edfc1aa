import type { ReactNode } from "react";
import { Button } from "../ui/button.tsx";
import { DialogClose } from "../ui/dialog.tsx";

/**
 * An admin dialog's buttons: the one that closes it ("Cancel", "Close"), then the dialog's own,
 * stacked with the closing one last on a phone and in a row at the right from the sm breakpoint.
 */
export function DialogActions({
  close,
  className = "",
  children,
}: {
  close: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-end ${className}`.trim()}>
      <DialogClose asChild>
        <Button variant="outline">{close}</Button>
      </DialogClose>
      {children}
    </div>
  );
}
