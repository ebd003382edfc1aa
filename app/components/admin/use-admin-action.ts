import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { ADMIN_TOASTS } from "#common/admin-schema.ts";
import { toast } from "../ui/toast.tsx";
import type { AdminActionResult } from "./admin-tabs.ts";

/**
 * A fetcher for the /admin action that shows the Success or Error toast once per answer and
 * calls `onResult`. It reacts as soon as the answer arrives (while the lists revalidate), so it
 * still fires when the revalidation removes the row or, after demoting oneself, leaves the page.
 * Keep it in a component that outlives the row it acts on.
 */
export function useAdminAction(onResult?: (result: AdminActionResult) => void) {
  const fetcher = useFetcher<AdminActionResult>();
  const handled = useRef<AdminActionResult | null>(null);
  const callback = useRef(onResult);
  callback.current = onResult;
  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state === "submitting" || handled.current === result) return;
    handled.current = result;
    toast(
      result.ok
        ? { title: ADMIN_TOASTS.success, description: result.message }
        : { title: ADMIN_TOASTS.error, description: result.message, variant: "destructive" },
    );
    callback.current?.(result);
  }, [fetcher.data, fetcher.state]);
  const submit = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post", action: "/admin" });
  /** The id the pending request acts on, if any: that row shows it is busy. */
  const pendingId = fetcher.state === "idle" ? null : (fetcher.formData?.get("id")?.toString() ?? null);
  const pendingIntent = fetcher.state === "idle" ? null : (fetcher.formData?.get("intent")?.toString() ?? null);
  return { fetcher, submit, pendingId, pendingIntent, isBusy: fetcher.state !== "idle" };
}
