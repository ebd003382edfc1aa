import type { SubmissionResult } from "@conform-to/react";
import { CircleCheck, Clock } from "lucide-react";
import { useEffect } from "react";
import { useActionData, useFetcher } from "react-router";
import { Button } from "../ui/button.tsx";
import { CardSection } from "../ui/card-section.tsx";
import { toast } from "../ui/toast.tsx";

// Parts of /profile/manage (app/routes/profile-manage.tsx): each form's answer, the e-mail's
// verification status with its resend button, and the page's titled sections.

/** What the /profile/manage action answers for each of its forms. */
export type AccountFormAnswer = {
  intent: "profile" | "password" | "resend-verification" | "end-session" | "end-other-sessions";
  status: "success" | "error";
  message: string;
  /** Issue 38: how many other sessions were ended. */
  ended?: number;
  result?: SubmissionResult<string[]>;
};
type Answer = AccountFormAnswer;

/** This form's answer: from its fetcher, or from the page when posted without JavaScript. */
export function useFormAnswer(
  intent: Answer["intent"],
  /** A translated toast for this form (titles, and the success text), in place of the English default. */
  texts?: { success: string; failure: string; describe?: (answer: Answer) => string },
) {
  const fetcher = useFetcher<AccountFormAnswer>({ key: `account-${intent}` });
  const actionData = useActionData<AccountFormAnswer>();
  const candidate = fetcher.data ?? actionData;
  const answer = candidate?.intent === intent ? candidate : undefined;
  const isIdle = fetcher.state === "idle";
  // One toast per answer, and only for answers that arrived through the fetcher.
  useEffect(() => {
    if (!isIdle || !fetcher.data || fetcher.data.intent !== intent) return;
    const titles = {
      profile: ["Profile updated", "Update failed"],
      password: ["Password changed", "Password change failed"],
      "resend-verification": ["Verification email sent", "Could not send the verification email"],
      // Issue 38's forms pass their own (translated) texts.
      "end-session": ["", ""],
      "end-other-sessions": ["", ""],
    } as const;
    const [success, failure] = texts ? [texts.success, texts.failure] : titles[intent];
    const ok = fetcher.data.status === "success";
    const description = ok && texts?.describe ? texts.describe(fetcher.data) : fetcher.data.message;
    toast({ title: ok ? success : failure, description, variant: ok ? "default" : "destructive" });
  }, [isIdle, fetcher.data, intent, texts]);
  const result = answer && "result" in answer ? (answer.result as SubmissionResult<string[]>) : undefined;
  return { fetcher, answer, lastResult: isIdle ? result : undefined, pending: !isIdle };
}

export function VerificationStatus({ account }: { account: { isEmailVerified: boolean } }) {
  const { fetcher, answer, pending } = useFormAnswer("resend-verification");
  if (account.isEmailVerified) {
    return (
      <span className="inline-flex items-center gap-1.5 font-semibold text-brand-800">
        <CircleCheck aria-hidden="true" className="size-4" />
        Yes
      </span>
    );
  }
  return (
    <div className="space-y-2">
      <span className="inline-flex items-center gap-1.5 font-semibold text-accent-700">
        <Clock aria-hidden="true" className="size-4" />
        Pending
      </span>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="resend-verification" />
        <Button type="submit" variant="secondary" size="sm" disabled={pending}>
          {pending ? "Sending..." : "Resend verification email"}
        </Button>
      </fetcher.Form>
      {answer && (
        <p role="status" className={`text-sm ${answer.status === "error" ? "text-red-700" : "text-muted"}`}>
          {answer.message}
        </p>
      )}
    </div>
  );
}

export function Section({
  title,
  description,
  children,
  id: givenId,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  /** A stable id when the title is translated. */
  id?: string;
}) {
  const id = givenId ?? `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <CardSection id={id} title={title} description={description} bodyClassName="mt-5">
      {children}
    </CardSection>
  );
}
