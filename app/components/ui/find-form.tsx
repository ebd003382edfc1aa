import { Search } from "lucide-react";
import { Form } from "react-router";
import { Button } from "./button.tsx";

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
