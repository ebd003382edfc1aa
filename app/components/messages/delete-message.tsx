import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClasses } from "../ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../ui/dialog.tsx";

/**
 * Delete asks first. With JavaScript the question is a dialog; without it the link reloads the
 * page with `?confirm=delete`, which shows the same question in place.
 */
export function DeleteMessage({ senderName, isConfirming }: { senderName: string; isConfirming: boolean }) {
  const [open, setOpen] = useState(false);
  const question = "Delete this message?";
  const explanation = `This cannot be undone. The message from ${senderName} and your replies to it will be removed from your inbox.`;
  const confirmForm = (
    <Form method="post" className="flex flex-wrap justify-end gap-3">
      <input type="hidden" name="intent" value="delete" />
      {isConfirming && !open ? (
        <Link to="?" className={buttonClasses({ variant: "outline" })} replace>
          Cancel
        </Link>
      ) : (
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      )}
      <Button type="submit" variant="destructive">
        <Trash2 aria-hidden="true" className="size-4" />
        Delete message
      </Button>
    </Form>
  );
  if (isConfirming) {
    return (
      <div className="w-full" role="alertdialog" aria-labelledby="delete-question" aria-describedby="delete-explanation">
        <div className="rounded-xl border border-red-200 bg-red-50 p-4">
          <p id="delete-question" className="font-semibold text-red-900">
            {question}
          </p>
          <p id="delete-explanation" className="mt-1 text-sm text-red-900">
            {explanation}
          </p>
          <div className="mt-4">{confirmForm}</div>
        </div>
      </div>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <a
        href="?confirm=delete"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className={buttonClasses({ variant: "outline", className: "text-red-800" })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </a>
      <DialogContent title={question} description={explanation}>
        {confirmForm}
      </DialogContent>
    </Dialog>
  );
}
