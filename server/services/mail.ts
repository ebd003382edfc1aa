import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";

// Outgoing mail: through SMTP_URL when set; otherwise each message is written to
// DATA_DIR/mail/*.eml and a log line names the file, so a developer can open it.

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /**
   * The account the mail goes to, when it carries something a blocked account must not get (a
   * consultant's answer with her address as Reply-To, issue 36): the queue's worker drops the mail
   * if an admin blocked that account after it was queued.
   */
  withholdIfBlocked?: number;
};

export type Mailer = {
  send: (mail: OutgoingMail) => Promise<void>;
};

type Logger = { info: (obj: object, msg?: string) => void };

/** One line, for a mail header: text typed by a person may not carry line breaks into a subject. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

export function createMailer(config: Pick<Config, "mail" | "siteName">, log: Logger): Mailer {
  const { smtpUrl, from, outboxDir } = config.mail;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (mail) => {
        const info = await transport.sendMail({ from, ...mail });
        log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, "mail sent");
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`,
      );
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: mail.to, subject: mail.subject, file }, "mail written to the outbox (no SMTP_URL set)");
    },
  };
}

/** Escapes text for the simple HTML part of an e-mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A plain-text body plus a simple HTML version, both signed with the site name. */
export function composeMail(siteName: string, paragraphs: string[], action?: { label: string; url: string }) {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), "", `— ${siteName}`].join("\n\n");
  const html = [
    '<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#0f1e2e;max-width:560px">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`),
    action
      ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#11665e;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#4a5a6b">${escapeHtml(action.url)}</p>`
      : "",
    `<p style="font-size:13px;color:#4a5a6b">— ${escapeHtml(siteName)}</p></div>`,
  ].join("");
  return { text, html };
}
