import { CheckCheck, CornerUpLeft, Send } from "lucide-react";
import type { ConversationBox, ConversationStatus } from "#common/conversations.ts";

const LABELS: Record<ConversationBox, Record<ConversationStatus, string>> = {
  sent: { sent: "Sent", read: "Read by the consultant", replied: "Replied" },
  received: { sent: "New", read: "Read", replied: "You replied" },
};

/** Where a conversation stands: sent, read by the consultant, or replied. */
export function ConversationStatusLabel({ box, status }: { box: ConversationBox; status: ConversationStatus }) {
  const Icon = status === "replied" ? CornerUpLeft : status === "read" ? CheckCheck : Send;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-brand-800" data-testid="conversation-status">
      <Icon aria-hidden="true" className="size-3.5" />
      {LABELS[box][status]}
    </span>
  );
}
