import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CheckCheck, CornerUpLeft, Send, ShieldBan } from "lucide-react";
import { translateText } from "#app/i18n/translate-text.ts";
import { CONVERSATION_TEXTS, type ConversationBox, type ConversationStatus } from "#common/conversations.ts";

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

/**
 * A conversation from an account an admin blocked (issue 36 item 5): said in words, with an icon,
 * not by colour alone, wherever the conversation is listed or opened.
 */
export function BlockedSenderLabel() {
  const { i18n } = useLingui();
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800"
      data-testid="blocked-sender"
    >
      <ShieldBan aria-hidden="true" className="size-3.5" />
      {translateText(i18n, CONVERSATION_TEXTS.blockedSender)}
    </span>
  );
}
