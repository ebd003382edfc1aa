import { LogIn, MessageSquare } from "lucide-react";
import { useState } from "react";
import { Button, buttonClasses } from "../ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "../ui/dialog.tsx";
import { messageActionPath, SendMessageForm } from "./send-message-form.tsx";

// Send Message on a profile: signed-in people get the message form in a dialog; everyone else is
// asked to sign in (spec: "A free account is needed to message a consultant"). Before JavaScript
// has loaded the button leads to the message page, which works as a plain form.

type Sender = { name: string; email: string };

export function SendMessage({
  consultant,
  sender,
  signIn,
}: {
  consultant: { id: number; name: string };
  /** The signed-in person, or null for a visitor. */
  sender: Sender | null;
  /** Opens the sign-in dialog. */
  signIn: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {/* Before JavaScript runs, the button submits this form and leads to the message page. */}
      <form method="get" action={messageActionPath(consultant.id)}>
        {/* The trigger (for focus to return to); the click opens the dialog instead of submitting. */}
        <DialogTrigger asChild>
          <Button
            type="submit"
            size="lg"
            className="w-full"
            onClick={(event) => {
              event.preventDefault();
              setOpen(true);
            }}
          >
            <MessageSquare aria-hidden="true" className="size-4" />
            Send Message
          </Button>
        </DialogTrigger>
      </form>
      {sender ? (
        <DialogContent
          title={`Message ${consultant.name}`}
          description="Your message is e-mailed to the consultant, who replies to you by e-mail."
          className="max-w-lg"
        >
          <SendMessageForm
            consultant={consultant}
            sender={sender}
            onSent={() => setOpen(false)}
            footer={<DialogClose className={buttonClasses({ variant: "outline" })}>Cancel</DialogClose>}
          />
        </DialogContent>
      ) : (
        <DialogContent title="Sign in to send a message" description="A free account is needed to message a consultant.">
          <p className="text-sm text-slate-700">
            You need to be logged in to send messages. Sign in, or create an account in a minute, then write to {consultant.name}.
          </p>
          <div className="mt-5 flex justify-end gap-2">
            <DialogClose className={buttonClasses({ variant: "outline" })}>Cancel</DialogClose>
            <Button
              onClick={() => {
                setOpen(false);
                signIn();
              }}
            >
              <LogIn aria-hidden="true" className="size-4" />
              Sign In
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
