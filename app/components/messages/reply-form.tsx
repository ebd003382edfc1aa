import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Send } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { REPLY_MAX, replySchema } from "../../../common/messages.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { Field, Textarea } from "../ui/field.tsx";

/** The consultant's reply to a message, e-mailed to the sender; posts to the message page's action. */
export function ReplyForm({
  senderName,
  senderEmail,
  profileEmail,
  siteName,
  lastResult,
}: {
  senderName: string;
  senderEmail: string;
  profileEmail: string;
  siteName: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const isSending = navigation.state !== "idle" && navigation.formData?.get("intent") === "reply";
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: replySchema }),
  });
  return (
    <section aria-labelledby="reply-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="reply-heading" className="text-lg font-bold text-ink">
        Reply to {senderName}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Your reply is e-mailed from {siteName} to {senderEmail}, with your address ({profileEmail}) as the reply-to address, so{" "}
        {senderName} can write back to you directly.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        {form.errors && form.errors.length > 0 && (
          <Alert tone="error" title="Your reply was not sent" live>
            {form.errors[0]}
          </Alert>
        )}
        <input type="hidden" name="intent" value="reply" />
        <Field label="Your reply" required error={fields.reply.errors}>
          {(props) => (
            <Textarea
              {...props}
              key={fields.reply.key}
              name={fields.reply.name}
              defaultValue={fields.reply.initialValue}
              rows={6}
              maxLength={REPLY_MAX}
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={isSending}>
            <Send aria-hidden="true" className="size-4" />
            {isSending ? "Sending..." : "Send reply"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
