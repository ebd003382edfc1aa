import { useFetcher } from "react-router";
import { type FormAnswer, useAnswerToast } from "#app/lib/form-answer.ts";
import type { AdminIntent } from "./admin-tabs.ts";

/**
 * A fetcher for the /admin action that shows the answer's Success or Error toast once per answer
 * and calls `onResult`. It reacts as soon as the answer arrives (while the lists revalidate), so it
 * still fires when the revalidation removes the row or, after demoting oneself, leaves the page.
 * Keep it in a component that outlives the row it acts on.
 */
export function useAdminAction(onResult?: (answer: FormAnswer<AdminIntent>) => void) {
  const fetcher = useFetcher<FormAnswer<AdminIntent>>();
  useAnswerToast(fetcher.state === "submitting" ? undefined : fetcher.data, onResult);
  const submit = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post", action: "/admin" });
  /** The id the pending request acts on, if any: that row shows it is busy. */
  const pendingId = fetcher.state === "idle" ? null : (fetcher.formData?.get("id")?.toString() ?? null);
  const pendingIntent = fetcher.state === "idle" ? null : (fetcher.formData?.get("intent")?.toString() ?? null);
  return { fetcher, submit, pendingId, pendingIntent, isBusy: fetcher.state !== "idle" };
}
