import { Search } from "lucide-react";
import { Form } from "react-router";
import { Button } from "./button.tsx";

// The plain forms of a list on a signed-in page: its search, and a row's post. One module (one
// file for the browser): each new file is one more name in the route manifest every first visit
// downloads.

/**
 * A list's search: a GET form whose fields sit in one wrapping row with the search button (its
 * magnifier and its word, "Search" or "Find") at the end, aligned with the fields' inputs.
 */
export function FindForm({
  action,
  className = "",
  button,
  children,
}: {
  action?: string;
  className?: string;
  button: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Form method="get" action={action} className={`flex flex-wrap items-end gap-3 ${className}`}>
      {children}
      <Button type="submit" variant="outline">
        <Search aria-hidden="true" className="size-4" />
        {button}
      </Button>
    </Form>
  );
}

/**
 * A plain form to the page's action naming what it does (`intent`) and the rows it does it to
 * (`ids`: hidden fields, such as `{ id: 4 }`), then its own fields and button. Works without
 * JavaScript.
 */
export function IntentForm({
  intent,
  ids,
  className,
  children,
}: {
  intent: string;
  ids: Record<string, string | number>;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(ids).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
