import { useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";

/**
 * The page a signed e-mail link opens to stop those e-mails (search alerts, the opportunities
 * digest): a question and one button that posts the link's fields back, so a mail scanner opening
 * the link changes nothing; then what happened, or why nothing did.
 */
export function SignedLinkConfirm({
  title,
  question,
  fields,
  button,
  done,
  error,
}: {
  title: React.ReactNode;
  question: React.ReactNode;
  /** The link's query fields, posted back as hidden inputs. */
  fields: Record<string, string>;
  button: React.ReactNode;
  /** What the page says once it worked (null until then). */
  done: { title?: string; body: React.ReactNode } | null;
  /** Why it did not work (translated), if it did not. */
  error: string | null;
}) {
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      {done ? (
        <div className="mt-6">
          <Alert tone="info" title={done.title}>
            <p>{done.body}</p>
          </Alert>
        </div>
      ) : (
        <>
          {error !== null && (
            <div className="mt-6">
              <Alert tone="error" title={t`Not changed`}>
                <p>{error}</p>
              </Alert>
            </div>
          )}
          <p className="mt-4 text-muted">{question}</p>
          <Form method="post" className="mt-6">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button type="submit">{button}</Button>
          </Form>
        </>
      )}
    </div>
  );
}

/** The signed link's query fields (missing ones empty), for the page's loader to hand to SignedLinkConfirm. */
export function linkFields<Name extends string>(request: Request, names: readonly Name[]): Record<Name, string> {
  const query = new URL(request.url).searchParams;
  return Object.fromEntries(names.map((name) => [name, query.get(name) ?? ""])) as Record<Name, string>;
}
