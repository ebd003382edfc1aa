import { Form } from "react-router";

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
