import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Laptop } from "lucide-react";
import { useMemo } from "react";
import type { AccountSession } from "#common/devices.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { LocalTime } from "../ui/local-time.tsx";
import { type AccountFetcher, AccountRow, RowActionForm, Section, useFormAnswer } from "./account-parts.tsx";

// The account page's sessions (issue 38): where the person is signed in, each with "Sign out",
// and "Sign out everywhere else". Plain forms to the page's action, so they work without JavaScript.

function EndOthersForm({ fetcher }: { fetcher: AccountFetcher }) {
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="end-other-sessions" />
      <Button type="submit" variant="secondary" disabled={pending}>
        {pending ? <Trans>Signing out...</Trans> : <Trans>Sign out everywhere else</Trans>}
      </Button>
    </fetcher.Form>
  );
}

function SessionRow({ session, fetcher }: { session: AccountSession; fetcher: AccountFetcher }) {
  const { t } = useLingui();
  const network = session.network;
  // In the page's language already (the loader's listAccountSessions).
  const device = session.device;
  return (
    <AccountRow
      icon={Laptop}
      title={
        <>
          {device}
          {session.isCurrent && (
            <Badge tone="success" className="ml-2">
              <Trans>This device</Trans>
            </Badge>
          )}
        </>
      }
      action={
        !session.isCurrent && (
          <RowActionForm
            fetcher={fetcher}
            intent="end-session"
            field="sessionId"
            id={session.id}
            label={<Trans>Sign out</Trans>}
            busyLabel={<Trans>Signing out...</Trans>}
            ariaLabel={t`Sign out ${device}`}
          />
        )
      }
    >
      <p className="text-muted">{network ? <Trans>Network {network}</Trans> : <Trans>Network unknown</Trans>}</p>
      <p className="text-muted">
        <Trans>
          Signed in <LocalTime value={session.createdAt} /> · last seen <LocalTime value={session.lastSeenAt} />
        </Trans>
      </p>
    </AccountRow>
  );
}

export function SessionsSection({ sessions }: { sessions: AccountSession[] }) {
  const { t } = useLingui();
  const hasOthers = sessions.some((session) => !session.isCurrent);
  // The answers (and their toasts) live here, not in the forms: a form whose session ended is gone.
  const oneTexts = useMemo(
    () => ({
      success: t`Signed out`,
      failure: t`Could not sign out that session`,
      describe: () => t`That device has been signed out.`,
    }),
    [t],
  );
  const othersTexts = useMemo(
    () => ({
      success: t`Signed out everywhere else`,
      failure: t`Could not sign out the other sessions`,
      describe: ({ ended = 0 }: { ended?: number }) =>
        t`${plural(ended, { one: "# other session has been signed out.", other: "# other sessions have been signed out." })}`,
    }),
    [t],
  );
  const endOne = useFormAnswer("end-session", oneTexts);
  const endOthers = useFormAnswer("end-other-sessions", othersTexts);
  return (
    <Section
      id="section-sessions"
      title={t`Where you're signed in`}
      description={t`Sessions end after 30 days without use and 90 days in all (12 hours and 7 days for admins).`}
    >
      <div className="space-y-4">
        <ul className="divide-y divide-slate-200" aria-label={t`Your sessions`}>
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} fetcher={endOne.fetcher} />
          ))}
        </ul>
        {hasOthers && <EndOthersForm fetcher={endOthers.fetcher} />}
      </div>
    </Section>
  );
}
