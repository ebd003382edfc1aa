import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { LogIn, UserPlus } from "lucide-react";
import { Button, buttonClasses } from "../ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../ui/dialog.tsx";
import { type MessageSender, SendMessageForm } from "./send-message-form.tsx";

/** The signed-out dialog's ways on: each closes this dialog and opens the sign-in dialog on its tab. */
const SIGN_IN_CHOICES = [
  { view: "register", label: msg`Create account`, icon: UserPlus, variant: "secondary" },
  { view: "login", label: msg`Sign In`, icon: LogIn, variant: "primary" },
] as const;

// The dialog behind a profile's Send Message button (send-message.tsx loads it on first use):
// the message form for a signed-in person, or the invitation to sign in for a visitor.

export default function SendMessageDialog({
  open,
  onOpenChange,
  consultant,
  sender,
  signIn,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  consultant: { id: number; name: string };
  sender: MessageSender | null;
  signIn: (view: "login" | "register") => void;
  /** Puts the focus back on the Send Message button when the dialog closes. */
  returnFocus: () => void;
}) {
  const { t, i18n } = useLingui();
  const name = consultant.name;
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    returnFocus();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {sender ? (
        <DialogContent
          title={t`Message ${name}`}
          description={t`Your message is e-mailed to the consultant, who replies to you by e-mail.`}
          className="max-w-lg"
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <SendMessageForm
            consultant={consultant}
            sender={sender}
            onSent={() => onOpenChange(false)}
            footer={
              <DialogClose className={buttonClasses({ variant: "outline" })}>
                <Trans>Cancel</Trans>
              </DialogClose>
            }
          />
        </DialogContent>
      ) : (
        <DialogContent
          title={t`Sign in to send a message`}
          description={t`A free account is needed to message a consultant.`}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <p className="text-sm text-slate-700">
            <Trans>
              You need to be logged in to send messages. Sign in, or create an account in a minute, then write to{" "}
              <bdi>{name}</bdi>.
            </Trans>
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <DialogClose className={buttonClasses({ variant: "outline" })}>
              <Trans>Cancel</Trans>
            </DialogClose>
            {SIGN_IN_CHOICES.map(({ view, label, icon: Icon, variant }) => (
              <Button
                key={view}
                variant={variant}
                onClick={() => {
                  onOpenChange(false);
                  signIn(view);
                }}
              >
                <Icon aria-hidden="true" className="size-4" />
                {i18n._(label)}
              </Button>
            ))}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
