import { Alert } from "./alert.tsx";

/**
 * Why the action just sent changed nothing, announced as it appears: a title saying what did not
 * happen ("Not changed", "Not sent" …) and the reason, above the part of the page it concerns.
 */
export function RefusalNotice({
  title,
  className = "mt-4",
  children,
}: {
  title: string;
  /** The space above it. */
  className?: string;
  /** The reason, in the page's words. */
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <Alert tone="error" title={title} live>
        <p>{children}</p>
      </Alert>
    </div>
  );
}
