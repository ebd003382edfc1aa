import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { hideSchema, rejectSchema } from "#common/admin-schema.ts";
import { inSentence } from "#common/bidi.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent } from "../ui/dialog.tsx";
import { Field, Textarea } from "../ui/field.tsx";
import { adminText } from "./admin-words.ts";
import { DialogActions } from "./dialog-actions.tsx";
import type { useAdminAction } from "./use-admin-action.ts";

export type ReasonTarget = { id: number; name: string; intent: "reject" | "hide" | "reject-change" };

/** What asking for a reason about `name` says, per action (the dialog, and the page's own question without JavaScript). */
export function reasonText(i18n: I18n, intent: ReasonTarget["intent"], who: string) {
  const name = inSentence(who);
  if (intent === "hide") {
    const title = i18n._(msg`Hide profile`);
    return {
      title,
      description: i18n._(
        msg`${name} will no longer be listed, searchable or reachable by its public address until it is approved again.`,
      ),
      label: i18n._(msg`Reason (optional, sent to the owner)`),
      submit: title,
      pending: i18n._(msg`Hiding...`),
    };
  }
  // A rejection: the owner reads the reason (required).
  const title = intent === "reject" ? i18n._(msg`Reject profile`) : i18n._(msg`Reject change`);
  const description =
    intent === "reject"
      ? i18n._(msg`Tell ${name} what to change. The owner receives this reason by e-mail and sees it on their profile.`)
      : i18n._(
          msg`${name}'s profile keeps its approved version. The owner receives this reason by e-mail and sees it on their profile.`,
        );
  return { title, description, label: i18n._(msg`Reason for rejection`), submit: title, pending: i18n._(msg`Rejecting...`) };
}

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
  const { i18n } = useLingui();
  const [error, setError] = useState<string | undefined>();
  const text = target ? reasonText(i18n, target.intent, target.name) : null;

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!target) return;
    const form = new FormData(event.currentTarget);
    const reason = String(form.get("reason") ?? "");
    const parsed = (target.intent === "hide" ? hideSchema : rejectSchema).safeParse({ reason });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message && adminText(i18n, message));
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
        <DialogContent title={text.title} description={text.description}>
          <form onSubmit={handleSubmit} noValidate className="grid gap-4">
            <Field label={text.label} required={target.intent !== "hide"} error={error}>
              {(props) => <Textarea {...props} name="reason" rows={4} maxLength={1000} />}
            </Field>
            <DialogActions close={<Trans>Cancel</Trans>}>
              <Button type="submit" variant="destructive" disabled={action.isBusy}>
                {action.isBusy ? text.pending : text.submit}
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
