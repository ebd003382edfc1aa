import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../db/embedded.ts";
import { composeMail, createMailer, isolate, plainIsolates } from "./mail.ts";
import { mailLanguage } from "./mail-language.ts";

const silent = { info: () => {} };
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe("mailer", () => {
  it("writes an .eml file to DATA_DIR/mail when no SMTP_URL is set", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "mail-"));
    dirs.push(dir);
    const mailer = createMailer(
      {
        siteName: "DevConsult SEA",
        mail: { smtpUrl: undefined, from: "DevConsult SEA <no-reply@devconsult.local>", outboxDir: dir },
      },
      silent,
    );
    await mailer.send({ to: "lan@example.org", subject: "Hello", text: "Body text", replyTo: "org@example.org" });
    const [file] = await readdir(dir);
    expect(file).toMatch(/\.eml$/);
    const eml = await readFile(path.join(dir, file!), "utf8");
    expect(eml).toContain("To: lan@example.org");
    expect(eml).toContain("Reply-To: org@example.org");
    expect(eml).toContain("Subject: Hello");
    expect(eml).toContain("Body text");
  });

  it("sends through a real SMTP server when SMTP_URL is set", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (chunk) => {
          data += chunk;
        });
        stream.on("end", () => {
          received.push(data);
          callback();
        });
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    try {
      const mailer = createMailer(
        {
          siteName: "DevConsult SEA",
          mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: "no-reply@devconsult.local", outboxDir: "/nonexistent" },
        },
        silent,
      );
      const { text, html, language } = composeMail("th", "DevConsult SEA", ["Welcome <friend>"], {
        label: "Open",
        url: "http://localhost/x?a=1&b=2",
      });
      await mailer.send({ to: "lan@example.org", subject: "Welcome", text, html, language });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("Subject: Welcome");
      expect(received[0]).toContain("Welcome &#60;friend&#62;");
      expect(received[0]).toContain("DevConsult SEA");
      // The language the mail is written in, as a header and on the HTML document.
      expect(received[0]).toMatch(/^Content-Language: th\r?$/m);
      expect(received[0]).toContain('<html lang=3D"th" dir=3D"ltr">');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

// Bidi isolation (issue 37): a name in Arabic script or Hebrew must not reorder the sentence it is in.
describe("people's words in e-mails", () => {
  const FSI = "\u2068";
  const PDI = "\u2069";
  const arabic = "محمد الأمين";

  it("isolates every placeholder of the mail's Lingui instance: <bdi> in HTML, U+2068…U+2069 in plain text only where needed", async () => {
    const { i18n } = await mailLanguage("en");
    const name = arabic;
    const organization = "UNDP";
    const line = i18n._({
      id: "test.from",
      message: "From: {name} ({organization}), 3 messages",
      values: { name, organization },
    });
    const { text, html, language } = composeMail("en", "DevConsult SEA", [line]);
    expect(language).toBe("en");
    expect(html).toMatch(/^<!doctype html><html lang="en" dir="ltr">/);
    expect(html).toContain(`<p>From: <bdi>${arabic}</bdi> (<bdi>UNDP</bdi>), 3 messages</p>`);
    // The HTML carries markup, never the characters (Outlook for Windows draws them as boxes).
    expect(html).not.toMatch(/[\u2066-\u2069]/);
    // Plain text: the Arabic name between isolates, the Latin one as typed.
    expect(text).toContain(`From: ${FSI}${arabic}${PDI} (UNDP), 3 messages`);
    // A plural's number goes through as a number.
    expect(i18n._({ id: "test.count", message: "{count, plural, one {# match} other {# matches}}", values: { count: 2 } })).toBe(
      "2 matches",
    );
  });

  it("keeps Latin, Thai and Vietnamese names as typed in the plain text, and isolates them in the HTML", () => {
    const { text, html } = composeMail("th", "DevConsult SEA", [
      `เรียน คุณ${isolate("Somchai Wongsawat")}`,
      `Xin chào ${isolate("Nguyễn Thị Lan")},`,
    ]);
    expect(text).toContain("เรียน คุณSomchai Wongsawat\n\nXin chào Nguyễn Thị Lan,");
    expect(text).not.toMatch(/[\u2066-\u2069]/);
    expect(html).toMatch(/^<!doctype html><html lang="th" dir="ltr">/);
    expect(html).toContain("<p>เรียน คุณ<bdi>Somchai Wongsawat</bdi></p>");
  });

  it("gives a paragraph that is wholly a person's text its own direction", () => {
    const { text, html } = composeMail("en", "DevConsult SEA", ["Their reason:", isolate(`${arabic}\nشكرا`)]);
    expect(html).toContain(`<p dir="auto">${arabic}<br>شكرا</p>`);
    expect(text).toContain(`Their reason:\n\n${arabic}\nشكرا\n\n`);
  });

  it("escapes what is inside an isolate, and nothing typed can end it early", () => {
    const typed = `<img src=x onerror=alert(1)>${PDI}\u202Eevil`;
    const { text, html } = composeMail("en", "DevConsult SEA", [`Hello ${isolate(typed)}, welcome.`]);
    expect(html).toContain("<p>Hello <bdi>&#60;img src=x onerror=alert(1)&#62;\u202Eevil</bdi>, welcome.</p>");
    expect(html).not.toContain("<img");
    // The typed U+2069 is dropped: the override ends with the isolate, before ", welcome.".
    expect(text).toContain(`Hello ${FSI}<img src=x onerror=alert(1)>\u202Eevil${PDI}, welcome.`);
    // An isolate typed and left open is closed inside the name.
    expect(isolate(`a${FSI}b`)).toBe(`${FSI}a${FSI}b${PDI}${PDI}`);
  });

  it("declares a right-to-left language's direction on the HTML document", () => {
    // The interface's four languages are left to right; the direction comes from the language, not a constant.
    const { html, language } = composeMail("ar", "DevConsult SEA", [`مرحبا ${isolate("Lan")}`]);
    expect(language).toBe("ar");
    expect(html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
  });

  it("drops the isolates of a subject that needs none", () => {
    expect(plainIsolates(`New message from ${isolate("Linh Tran")}: ${isolate("Baseline")}`)).toBe(
      "New message from Linh Tran: Baseline",
    );
    expect(plainIsolates(`New message from ${isolate("דוד")}: Baseline`)).toBe(`New message from ${FSI}דוד${PDI}: Baseline`);
  });
});
