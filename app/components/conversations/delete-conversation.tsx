import { Trans, useLingui } from "@lingui/react/macro";
import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import { translateText } from "#app/i18n/translate-text.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";

// "Delete from my messages" under a conversation (issue 36 item 5): a disclosure is the confirm
// step (what deleting does, then the button that does it), and the button posts a plain form, so
// it works without JavaScript. The service (server/services/conversations/hiding.ts) takes it out
// of the caller's boxes only: the other party keeps it, and a newer message brings it back.

export function DeleteConversation({
  otherName,
  error,
}: {
  otherName: string;
  /** The refusal of a delete that failed, if any. */
  error: string | null;
}) {
  const { t, i18n } = useLingui();
  return (
    <details className="mt-4 rounded-2xl border border-line bg-white p-4 text-sm" open={Boolean(error)}>
      <summary className="inline-flex cursor-pointer items-center gap-1.5 font-medium text-muted">
        <Trash2 aria-hidden="true" className="size-4" />
        <Trans>Delete from my messages</Trans>
      </summary>
      <p className="mt-2 text-ink" id="delete-conversation-what">
        <Trans>
          The conversation leaves your messages only: <bdi>{otherName}</bdi> keeps it. If a new message arrives in it, it comes
          back.
        </Trans>
      </p>
      <Form method="post" className="mt-3 space-y-3">
        {error && (
          <Alert tone="error" title={t`The conversation was not deleted`} live>
            <p>{translateText(i18n, error)}</p>
          </Alert>
        )}
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" variant="destructive" aria-describedby="delete-conversation-what">
          <Trash2 aria-hidden="true" className="size-4" />
          <Trans>Yes, delete it from my messages</Trans>
        </Button>
      </Form>
    </details>
  );
}
