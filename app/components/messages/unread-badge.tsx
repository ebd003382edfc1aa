import { Plural } from "@lingui/react/macro";

/** The unread-message count beside the Inbox entries and on the account menu button; nothing at 0. */
export function UnreadBadge({ count, className = "" }: { count: number; className?: string }) {
  if (count <= 0) return null;
  const text = count > 99 ? "99+" : String(count);
  return (
    <span
      className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-700 px-1.5 text-xs font-bold leading-none text-white ${className}`}
      data-testid="unread-badge"
    >
      {text}
      <span className="sr-only">
        {" "}
        <Plural value={count} one="unread message" other="unread messages" />
      </span>
    </span>
  );
}
