import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CheckCheck, CornerUpLeft, Send } from "lucide-react";
import type { ConversationBox, ConversationStatus } from "#common/conversations.ts";

const LABELS: Record<ConversationBox, Record<ConversationStatus, MessageDescriptor>> = {
  sent: { sent: msg`Sent`, read: msg`Read by the consultant`, replied: msg`Replied` },
  received: { sent: msg`New`, read: msg`Read`, replied: msg`You replied` },
};

/** Where a conversation stands: sent, read by the consultant, or replied. */
export function ConversationStatusLabel({ box, status }: { box: ConversationBox; status: ConversationStatus }) {
  const { i18n } = useLingui();
  const Icon = status === "replied" ? CornerUpLeft : status === "read" ? CheckCheck : Send;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-brand-800" data-testid="conversation-status">
      <Icon aria-hidden="true" className="size-3.5" />
      {i18n._(LABELS[box][status])}
    </span>
  );
}
