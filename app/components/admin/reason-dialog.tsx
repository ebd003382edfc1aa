import { useState } from "react";
import { hideSchema, rejectSchema } from "#common/admin-schema.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../ui/dialog.tsx";
import { Field, Textarea } from "../ui/field.tsx";
import type { useAdminAction } from "./use-admin-action.ts";

export type ReasonTarget = { id: number; name: string; intent: "reject" | "hide" | "reject-change" };

/** What asking for a reason says, per action (the dialog, and the page's own question without JavaScript). */
export const REASON_TEXT = {
  reject: {
    title: "Reject profile",
    description: (name: string) =>
      `Tell ${name} what to change. The owner receives this reason by e-mail and sees it on their profile.`,
    label: "Reason for rejection",
    submit: "Reject profile",
    pending: "Rejecting...",
  },
  "reject-change": {
    title: "Reject change",
    description: (name: string) =>
      `${name}'s profile keeps its approved version. The owner receives this reason by e-mail and sees it on their profile.`,
    label: "Reason for rejection",
    submit: "Reject change",
    pending: "Rejecting...",
  },
  hide: {
    title: "Hide profile",
    description: (name: string) =>
      `${name} will no longer be listed, searchable or reachable by its public address until it is approved again.`,
    label: "Reason (optional, sent to the owner)",
    submit: "Hide profile",
    pending: "Hiding...",
  },
} as const;

/** Asks for the reason of a rejection (required) or of hiding a profile (optional). */
export function ReasonDialog({
  target,
  onClose,
  action,
}: {
  target: ReasonTarget | null;
  onClose: () => void;
  action: ReturnType<typeof useAdminAction>;
}) {
  const [error, setError] = useState<string | undefined>();
  const text = target ? REASON_TEXT[target.intent] : null;

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!target) return;
    const form = new FormData(event.currentTarget);
    const reason = String(form.get("reason") ?? "");
    const parsed = (target.intent === "hide" ? hideSchema : rejectSchema).safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      (event.currentTarget.elements.namedItem("reason") as HTMLTextAreaElement | null)?.focus();
      return;
    }
    setError(undefined);
    action.submit({ intent: target.intent, id: String(target.id), reason });
  }

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(undefined);
          onClose();
        }
      }}
    >
      {target && text && (
        <DialogContent title={text.title} description={text.description(target.name)}>
          <form onSubmit={handleSubmit} noValidate className="grid gap-4">
            <Field label={text.label} required={target.intent !== "hide"} error={error}>
              {(props) => <Textarea {...props} name="reason" rows={4} maxLength={1000} />}
            </Field>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" variant="destructive" disabled={action.isBusy}>
                {action.isBusy ? text.pending : text.submit}
              </Button>
            </div>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
