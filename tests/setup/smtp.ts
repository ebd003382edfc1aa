import { SMTPServer } from "smtp-server";
import { freePort } from "#server/db/embedded.ts";

// A real SMTP server for tests that send mail: the app delivers to it over TCP, the test reads
// the decoded message and follows the link inside, as a person would.

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string; raw: string };

function unfoldHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const index = line.indexOf(":");
    if (index > 0) headers.set(line.slice(0, index).trim().toLowerCase(), line.slice(index + 1).trim());
  }
  return headers;
}

function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

function decodeEncodedWords(value: string): string {
  // RFC 2047: the space between two encoded words is not part of the text (a long Thai or
  // Vietnamese subject comes as several of them).
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset, kind: string, text: string) =>
      kind.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** Reads the subject and the text and HTML parts of a (possibly multipart) message. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = unfoldHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const parts: { type: string; content: string }[] = [];
  const collect = (partHeaders: Map<string, string>, partBody: string) => {
    const type = partHeaders.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      for (const section of partBody.split(`--${boundary}`).slice(1)) {
        if (section.startsWith("--")) break;
        const at = section.search(/\r?\n\r?\n/);
        collect(
          unfoldHeaders(section.slice(0, at)),
          section
            .slice(at)
            .replace(/^\r?\n\r?\n/, "")
            .replace(/\r?\n$/, ""),
        );
      }
      return;
    }
    parts.push({ type: type.toLowerCase(), content: decodeBody(partBody, partHeaders.get("content-transfer-encoding")) });
  };
  collect(headers, body);
  return {
    to,
    subject: decodeEncodedWords(headers.get("subject") ?? ""),
    text: parts.find((part) => part.type.startsWith("text/plain"))?.content ?? "",
    html: parts.find((part) => part.type.startsWith("text/html"))?.content ?? "",
    raw,
  };
}

/** The first link in a message's text that points at `pathname`. */
export function findLink(mail: ReceivedMail, pathname: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`no link to ${pathname} in the mail "${mail.subject}":\n${mail.text}`);
}

export type TestSmtp = Awaited<ReturnType<typeof startSmtpServer>>;

/**
 * `refuse`: how many messages to refuse first (451, "try again later"), as a busy server does.
 * `silent`: accept connections but never answer (no greeting) until `answer()` is called, as a
 * hung mail server does.
 */
export async function startSmtpServer(options: { refuse?: number; silent?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  let toRefuse = options.refuse ?? 0;
  let refused = 0;
  let silent = options.silent ?? false;
  let connections = 0;
  const held: (() => void)[] = [];
  const waiters = new Set<() => void>();
  /** Until the next message arrives, or a quarter of a second. */
  const nextArrival = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        waiters.delete(wake);
        resolve();
      };
      waiters.add(wake);
      setTimeout(wake, 250);
    });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      if (silent) held.push(() => callback());
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          refused += 1;
          callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
          return;
        }
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        received.push(parseMail(Buffer.concat(chunks).toString("utf8"), to));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** How many messages were refused so far. */
    refusedCount: () => refused,
    /** How many connections clients opened so far (a silent server counts them too). */
    connectionCount: () => connections,
    /** A silent server starts answering: the connections it held get their greeting now. */
    answer: () => {
      silent = false;
      for (const release of held.splice(0)) release();
    },
    /** Mail to this address, in order of arrival. */
    mailTo: (address: string) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    /** Waits for the `count`-th message to this address (1 = the first), up to 15 s. */
    waitForMail: async (address: string, count = 1): Promise<ReceivedMail> => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const found = received.filter((mail) => mail.to.includes(address.toLowerCase()));
        if (found.length >= count) return found[count - 1] as ReceivedMail;
        if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address} within 15 s`);
        await nextArrival();
      }
    },
    /**
     * Waits for the first message to this address that `about` matches (its subject for a RegExp),
     * up to 15 s: for tests that mean one mail among others (a sign-in may add a security mail).
     */
    waitForMailAbout: async (address: string, about: RegExp | ((mail: ReceivedMail) => boolean)): Promise<ReceivedMail> => {
      const matches = typeof about === "function" ? about : (mail: ReceivedMail) => about.test(mail.subject);
      const deadline = Date.now() + 15_000;
      for (;;) {
        const mine = received.filter((mail) => mail.to.includes(address.toLowerCase()));
        const found = mine.find(matches);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`no mail ${about} to ${address} within 15 s (got: ${mine.map((mail) => mail.subject).join(" | ")})`);
        }
        await nextArrival();
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
