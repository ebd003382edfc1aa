import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../db/embedded.ts";
import { composeMail, createMailer } from "./mail.ts";

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
      const { text, html } = composeMail("DevConsult SEA", ["Welcome <friend>"], {
        label: "Open",
        url: "http://localhost/x?a=1&b=2",
      });
      await mailer.send({ to: "lan@example.org", subject: "Welcome", text, html });
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("Subject: Welcome");
      expect(received[0]).toContain("Welcome &#60;friend&#62;");
      expect(received[0]).toContain("DevConsult SEA");
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
