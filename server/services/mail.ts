import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { FSI, isolate, LRI, needsIsolation, PDI, RLI } from "#common/bidi.ts";
import type { Config } from "../config.ts";
import { escapeMarkup } from "./markup.ts";

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
  /** The language the mail is written in (composeMail's `language`): its Content-Language header. */
  language?: string;
};

export type Mailer = {
  send: (mail: OutgoingMail) => Promise<void>;
};

type Logger = { info: (obj: object, msg?: string) => void };

/** One line, for a mail header: text typed by a person may not carry line breaks into a subject. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** What nodemailer sends: the subject's isolate marks as in the text part, the language as a header. */
function message(from: string, { language, subject, ...mail }: OutgoingMail) {
  return {
    from,
    ...mail,
    subject: plainIsolates(subject),
    ...(language ? { headers: { "Content-Language": language } } : {}),
  };
}

export function createMailer(config: Pick<Config, "mail" | "siteName">, log: Logger): Mailer {
  const { smtpUrl, from, outboxDir } = config.mail;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (mail) => {
        const info = await transport.sendMail(message(from, mail));
        log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, "mail sent");
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    send: async (mail) => {
      const info = await transport.sendMail(message(from, mail));
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

// Bidi isolation of people's words in e-mails (issue 37). A name, a subject, an organization or an
// opportunity's title set in Arabic script or Hebrew, dropped into a left-to-right sentence, pulls
// the punctuation and numbers next to it into its own direction ("From: <name> (UNDP)" comes out
// scrambled). Every piece of user text in a sentence is therefore carried between U+2068 FIRST
// STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, put there by the mail's Lingui instance for
// every placeholder (mailI18n) or by `isolate` for text a service joins itself. composeMail turns
// the marks into <bdi> in the HTML part (Outlook for Windows shows the characters themselves as
// boxes, so the HTML never carries them) and, in the plain-text part and the subject, keeps them
// only around text that needs them (right-to-left letters or bidi controls of its own): a Latin,
// Thai or Vietnamese name goes as typed, with no invisible characters to copy along.

export { isolate };

type Frame = { opener: string; start: number };

/**
 * Walks text with isolate marks: `open`/`close` write each FSI…PDI pair (the content between is
 * already written), other characters go through `write`. A line break ends every open isolate
 * (as the bidi algorithm does: a paragraph ends them) and they open again on the next line.
 */
function renderIsolates(
  text: string,
  out: {
    open: (frame: Frame, output: string) => string;
    close: (frame: Frame, output: string) => string;
    write: (char: string) => string;
    lineBreak: string;
  },
): string {
  const frames: Frame[] = [];
  let output = "";
  const closeAll = () => {
    for (const frame of [...frames].reverse()) output = out.close(frame, output);
  };
  const reopenAll = () => {
    for (const frame of frames) {
      frame.start = output.length;
      output = out.open(frame, output);
    }
  };
  for (const char of text) {
    if (char === FSI || char === LRI || char === RLI) {
      const frame = { opener: char, start: output.length };
      frames.push(frame);
      output = out.open(frame, output);
    } else if (char === PDI) {
      const frame = frames.pop();
      if (frame) output = out.close(frame, output);
    } else if (char === "\n") {
      closeAll();
      output += out.lineBreak;
      reopenAll();
    } else {
      output += out.write(char);
    }
  }
  closeAll();
  return output;
}

/**
 * Text with isolate marks as the plain-text part (and the subject) carries it: the marks stay
 * around text that needs them (right-to-left letters, bidi controls), the others are dropped.
 */
export function plainIsolates(text: string): string {
  return renderIsolates(text, {
    open: (frame, output) => output + frame.opener,
    close: (frame, output) => {
      const content = output.slice(frame.start + frame.opener.length);
      if (frame.opener === FSI && !needsIsolation(content)) return output.slice(0, frame.start) + content;
      return output + PDI;
    },
    write: (char) => char,
    lineBreak: "\n",
  });
}

/** Text with isolate marks as HTML: escaped, each FSI…PDI a <bdi>, line breaks <br>. */
function htmlIsolates(text: string): string {
  return renderIsolates(text, {
    open: (frame, output) => output + (frame.opener === FSI ? "<bdi>" : frame.opener),
    close: (frame, output) => output + (frame.opener === FSI ? "</bdi>" : PDI),
    write: escapeMarkup,
    lineBreak: "<br>",
  });
}

/** A paragraph that is one person's text as a whole (a message, a reason): its own direction. */
function wholeIsolate(paragraph: string): string | null {
  if (!paragraph.startsWith(FSI) || !paragraph.endsWith(PDI)) return null;
  let depth = 0;
  const chars = [...paragraph];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i];
    if (char === FSI || char === LRI || char === RLI) depth += 1;
    else if (char === PDI) {
      depth -= 1;
      if (depth === 0 && i < chars.length - 1) return null;
    }
  }
  return depth === 0 ? chars.slice(1, -1).join("") : null;
}

/** The writing direction of a language ("ltr" for the four the interface speaks). */
function directionOf(locale: string): "ltr" | "rtl" {
  const info = (new Intl.Locale(locale) as Intl.Locale & { getTextInfo?: () => { direction?: string } }).getTextInfo?.();
  return info?.direction === "rtl" ? "rtl" : "ltr";
}

/**
 * A plain-text body plus a simple HTML version, both signed with the site name, written in
 * `language` (the recipient's): the HTML document says so (`lang`, `dir`), and the mailer sends it
 * as the Content-Language header. People's words inside sentences are isolated (see above); a
 * paragraph that is wholly a person's text (`isolate(message)`) takes its own direction.
 */
export function composeMail(
  language: string,
  siteName: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): { text: string; html: string; language: string } {
  const text = plainIsolates(
    [
      ...paragraphs.map((paragraph) => wholeIsolate(paragraph) ?? paragraph),
      ...(action ? [`${action.label}: ${action.url}`] : []),
      "",
      `— ${siteName}`,
    ].join("\n\n"),
  );
  const html = [
    `<!doctype html><html lang="${escapeMarkup(language)}" dir="${directionOf(language)}"><head><meta charset="utf-8"></head><body>`,
    '<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#0f1e2e;max-width:560px">',
    ...paragraphs.map((paragraph) => {
      const whole = wholeIsolate(paragraph);
      return whole === null ? `<p>${htmlIsolates(paragraph)}</p>` : `<p dir="auto">${htmlIsolates(whole)}</p>`;
    }),
    action
      ? `<p><a href="${escapeMarkup(action.url)}" style="display:inline-block;background:#11665e;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${htmlIsolates(action.label)}</a></p><p style="font-size:13px;color:#4a5a6b">${escapeMarkup(action.url)}</p>`
      : "",
    `<p style="font-size:13px;color:#4a5a6b">— ${escapeMarkup(siteName)}</p></div></body></html>`,
  ].join("");
  return { text, html, language };
}
