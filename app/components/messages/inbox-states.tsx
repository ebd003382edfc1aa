import { Inbox, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { MESSAGE_TEXTS } from "../../../common/messages.ts";
import type { SignInPromptCopy } from "../account/sign-in-prompt.tsx";
import { buttonClasses } from "../ui/button.tsx";

/** The inbox page frame: a heading and what sits under it. */
export function InboxFrame({ title, lead, children }: { title: string; lead?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Inbox className="size-6" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
      </div>
      {lead && <div className="mt-2 text-muted">{lead}</div>}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** What the inbox pages say to a signed-out visitor (shown by the signed-in layout). */
export const SIGNED_OUT_INBOX: SignInPromptCopy = {
  heading: "Inbox",
  title: "Please sign in",
  text: `${MESSAGE_TEXTS.signInToRead} Organizations' messages to your consultant profile arrive here.`,
};

/** An account without a consultant profile has no inbox: say why, and how to get one. */
export function NoProfileInbox() {
  return (
    <InboxFrame title="Inbox">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-xl font-bold text-ink">No consultant profile yet</h2>
        <p className="mt-2 max-w-prose text-slate-700">
          {MESSAGE_TEXTS.noProfile} Organizations message consultants through their public profile. Create your consultant
          profile, and the messages organizations send you will appear here.
        </p>
        <Link to="/profile/new" className={buttonClasses({ className: "mt-5" })}>
          <UserPlus aria-hidden="true" className="size-4" />
          Create Consultant Profile
        </Link>
      </div>
    </InboxFrame>
  );
}
