import { Laptop } from "lucide-react";
import type { AccountSession } from "#common/devices.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { LocalTime } from "../ui/local-time.tsx";
import { useFormAnswer } from "./account-parts.tsx";

// The account page's sessions (issue 38): where the person is signed in, each with "Sign out",
// and "Sign out everywhere else". Plain forms to the page's action, so they work without JavaScript.

type Fetcher = ReturnType<typeof useFormAnswer>["fetcher"];

function EndSessionForm({ session, fetcher }: { session: AccountSession; fetcher: Fetcher }) {
  const ending = fetcher.state !== "idle" && fetcher.formData?.get("sessionId") === String(session.id);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="end-session" />
      <input type="hidden" name="sessionId" value={session.id} />
      <Button type="submit" variant="outline" size="sm" disabled={ending} aria-label={`Sign out ${session.device}`}>
        {ending ? "Signing out..." : "Sign out"}
      </Button>
    </fetcher.Form>
  );
}

function EndOthersForm({ fetcher }: { fetcher: Fetcher }) {
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="end-other-sessions" />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? "Signing out..." : "Sign out everywhere else"}
      </Button>
    </fetcher.Form>
  );
}

export function SessionsList({ sessions }: { sessions: AccountSession[] }) {
  const hasOthers = sessions.some((session) => !session.isCurrent);
  // The answers (and their toasts) live here, not in the forms: a form whose session ended is gone.
  const endOne = useFormAnswer("end-session");
  const endOthers = useFormAnswer("end-other-sessions");
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200" aria-label="Your sessions">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
            <div className="flex min-w-0 gap-3">
              <Laptop aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-ink">
                  {session.device}
                  {session.isCurrent && (
                    <Badge tone="success" className="ml-2">
                      This device
                    </Badge>
                  )}
                </p>
                <p className="text-muted">{session.network ? `Network ${session.network}` : "Network unknown"}</p>
                <p className="text-muted">
                  Signed in <LocalTime value={session.createdAt} /> · last seen <LocalTime value={session.lastSeenAt} />
                </p>
              </div>
            </div>
            {!session.isCurrent && <EndSessionForm session={session} fetcher={endOne.fetcher} />}
          </li>
        ))}
      </ul>
      {hasOthers && <EndOthersForm fetcher={endOthers.fetcher} />}
    </div>
  );
}
