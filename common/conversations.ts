import { z } from "zod";
import { PAGE_MESSAGE } from "#common/constants.ts";
import { messageText } from "./messages.ts";
import type { OrganizationBadge } from "./organizations.ts";

// Conversations (issue 13): what the Messages page and GET /api/conversations show. A message to a
// consultant opens a conversation (one per sender account and consultant) or continues it; both
// parties read and answer it in the product, and every entry is still e-mailed to the other party.

export const CONVERSATION_PAGE_SIZE = 20;
export const conversationBoxes = ["sent", "received"] as const;
export type ConversationBox = (typeof conversationBoxes)[number];

/** sent: not opened by the consultant yet; read: opened; replied: the consultant answered last. */
export type ConversationStatus = "sent" | "read" | "replied";

export const CONVERSATION_TEXTS = {
  notFound: "Conversation not found",
  signIn: "You need to be signed in to read your messages.",
  box: "Box must be sent or received",
  page: PAGE_MESSAGE,
  notListed: "This consultant's profile is not listed at the moment, so it cannot take messages.",
  replyRateLimited: "You have sent a lot of replies in a short time. Please wait a while before sending another one.",
  blockedSender: "Blocked sender",
  blockedSenderReply: "This sender's account has been blocked for abuse, so replies to it are not sent.",
  deleted: "The conversation has been deleted from your messages.",
} as const;

export type ConversationParty = {
  name: string;
  /** The consultant's title, or the sender's organization. */
  detail: string | null;
  /** The consultant's profile, when the other party is a listed consultant. */
  consultantId: number | null;
  /** The sender's organization with its badge, when the other party is a sender who wrote for one (issue 31). */
  organization: OrganizationBadge | null;
};

export type ConversationSummary = {
  id: number;
  box: ConversationBox;
  subject: string;
  otherParty: ConversationParty;
  /** The organization a team conversation belongs to (issue 31): every member reads and answers it. */
  organization: OrganizationBadge | null;
  lastMessage: { preview: string; at: string; fromMe: boolean };
  unreadCount: number;
  status: ConversationStatus;
  /** Received from accounts an admin blocked (issue 36): marked, out of the unread counts, no replies. */
  isBlockedSender: boolean;
};

export type ConversationPage = {
  box: ConversationBox;
  conversations: ConversationSummary[];
  total: number;
  page: number;
  limit: number;
  /** Unread entries in each box (the header badge shows their sum). */
  unread: Record<ConversationBox, number>;
  /** Whether the caller has a consultant profile (a Received box). */
  hasProfile: boolean;
};

export type ConversationEntry = {
  id: string;
  author: "sender" | "consultant";
  /** Who wrote it: in a team conversation, the member (issue 31). */
  authorName: string;
  /** From the caller's side: the caller, or in a team conversation any member of the organization. */
  fromMe: boolean;
  body: string;
  subject: string | null;
  createdAt: string;
};

export type ConversationThread = {
  id: number;
  box: ConversationBox;
  subject: string;
  otherParty: ConversationParty;
  organization: OrganizationBadge | null;
  status: ConversationStatus;
  entries: ConversationEntry[];
  /**
   * For the consultant only: the address the sender gave to be answered at (the old inbox showed
   * it, and the notification's Reply-To is it). The sender never gets the consultant's address here.
   */
  senderEmail?: string;
  /** Received from accounts an admin blocked (issue 36): the page marks it and offers no reply. */
  isBlockedSender: boolean;
  /** For the consultant: they reported its sender and no admin has dealt with it yet (issue 31). */
  isReported: boolean;
};

/** An answer in the product: the same rule as the spec's message text (section 5). */
export const conversationMessageSchema = z.object({ message: messageText });

export const conversationListSchema = z.object({
  /** Without it, the box where the messages are: Received for a consultant with unread received messages or who started none, otherwise Sent. */
  box: z.enum(conversationBoxes, { error: CONVERSATION_TEXTS.box }).optional(),
  page: z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(1_000_000, PAGE_MESSAGE).default(1),
});
