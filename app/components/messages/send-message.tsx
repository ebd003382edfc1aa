import { Trans } from "@lingui/react/macro";
import { MessageSquare } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useHref, useLocation } from "react-router";
import { resumeAt, useResume } from "#app/lib/resume.ts";
import { Button } from "../ui/button.tsx";
import { messageActionPath } from "./message-path.ts";
import type { MessageSender } from "./send-message-form.tsx";

// Send Message on a profile: signed-in people get the message form in a dialog; everyone else is
// asked to sign in (spec: "A free account is needed to message a consultant"). Before JavaScript
// has loaded the button leads to the message page, which works as a plain form.
//
// Only the button is part of the profile page's first load: the dialog (Radix Dialog) and the
// form load when the button is first pressed, or earlier when the pointer or focus reaches it.

type Sender = MessageSender;

const loadDialog = () => import("./send-message-dialog.tsx");
const SendMessageDialog = lazy(loadDialog);
const preloadDialog = () => void loadDialog().catch(() => {});

export function SendMessage({
  consultant,
  sender,
  signIn,
}: {
  consultant: { id: number; name: string };
  /** The signed-in person, or null for a visitor. */
  sender: Sender | null;
  /** Opens the sign-in dialog on the Sign In or the Sign Up tab, coming back to `redirectTo`. */
  signIn: (view: "login" | "register", redirectTo: string) => void;
}) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed), so it opens at once the next time.
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // A visitor who signs in (or up) from the dialog comes back to this page with it open again.
  const back = resumeAt(`${location.pathname}${location.search}`, "send-message");
  useResume("send-message", sender !== null, () => {
    setUsed(true);
    setOpen(true);
  });
  // A hand-written action: under /th the message page is /th/consultant/…/message.
  const action = useHref(messageActionPath(consultant.id));
  return (
    <>
      {/* Before JavaScript runs, the button submits this form and leads to the message page. */}
      <form method="get" action={action}>
        <Button
          ref={trigger}
          type="submit"
          size="lg"
          className="w-full"
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={preloadDialog}
          onFocus={preloadDialog}
          onClick={(event) => {
            // The click opens the dialog instead of submitting.
            event.preventDefault();
            setUsed(true);
            setOpen(true);
          }}
        >
          <MessageSquare aria-hidden="true" className="size-4" />
          <Trans>Send Message</Trans>
        </Button>
      </form>
      {used && (
        <Suspense fallback={null}>
          <SendMessageDialog
            open={open}
            onOpenChange={setOpen}
            consultant={consultant}
            sender={sender}
            signIn={(view) => signIn(view, back)}
            returnFocus={() => trigger.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
