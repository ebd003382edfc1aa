import { LogIn, MessageSquare } from "lucide-react";
import { useRef, useState } from "react";
import { messageSchema } from "../../common/message-schema.ts";
import { Button, buttonClasses } from "./ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "./ui/dialog.tsx";
import { Field, Input, Textarea } from "./ui/field.tsx";
import { toast } from "./ui/toast.tsx";

// Send Message: signed-in people get the message form; everyone else is asked to sign in
// (spec: "A free account is needed to message a consultant").

type Sender = { name: string; email: string };
type FieldErrors = Partial<Record<string, string>>;

async function errorMessage(response: Response): Promise<string | undefined> {
  const body = (await response.json().catch(() => null)) as { message?: string; errors?: { message: string }[] } | null;
  return body?.message ?? body?.errors?.map((error) => error.message).join(", ");
}

function MessageForm({ consultantId, sender, onSent }: { consultantId: number; sender: Sender; onSent: () => void }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSending, setIsSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget));
    const parsed = messageSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setIsSending(true);
    try {
      const response = await fetch(`/api/consultants/${consultantId}/messages`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(parsed.data),
      });
      if (response.status === 401) {
        toast({
          title: "Authentication Required",
          description: "You need to be logged in to send messages. Please sign in and try again.",
          variant: "destructive",
        });
        return;
      }
      if (!response.ok) {
        toast({
          title: "Failed to send message",
          description: (await errorMessage(response)) ?? "Something went wrong. Please try again.",
          variant: "destructive",
        });
        return;
      }
      toast({ title: "Message sent successfully!" });
      formRef.current?.reset();
      onSent();
    } catch {
      toast({ title: "Failed to send message", description: "Something went wrong. Please try again.", variant: "destructive" });
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="grid gap-4">
      <Field label="Your Name" required error={errors.senderName}>
        {(props) => <Input {...props} name="senderName" autoComplete="name" defaultValue={sender.name} />}
      </Field>
      <Field label="Your Email" required error={errors.senderEmail}>
        {(props) => <Input {...props} name="senderEmail" type="email" autoComplete="email" defaultValue={sender.email} />}
      </Field>
      <Field label="Organization" error={errors.senderOrganization}>
        {(props) => <Input {...props} name="senderOrganization" autoComplete="organization" />}
      </Field>
      <Field label="Subject" required error={errors.subject}>
        {(props) => <Input {...props} name="subject" />}
      </Field>
      <Field label="Message" required error={errors.message}>
        {(props) => <Textarea {...props} name="message" rows={5} />}
      </Field>
      <div className="flex justify-end gap-2">
        <DialogClose className={buttonClasses({ variant: "outline" })}>Cancel</DialogClose>
        <Button type="submit" disabled={isSending}>
          {isSending ? "Sending..." : "Send Message"}
        </Button>
      </div>
    </form>
  );
}

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
      <DialogTrigger className={buttonClasses({ size: "lg", className: "w-full" })}>
        <MessageSquare aria-hidden="true" className="size-4" />
        Send Message
      </DialogTrigger>
      {sender ? (
        <DialogContent
          title={`Message ${consultant.name}`}
          description="Your message is e-mailed to the consultant."
          className="max-w-lg"
        >
          <MessageForm consultantId={consultant.id} sender={sender} onSent={() => setOpen(false)} />
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
