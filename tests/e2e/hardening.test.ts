import { readFileSync } from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_BODY_LIMIT,
  DRAIN_MAX_BYTES,
  JSON_BODY_LIMIT,
  PROFILE_JSON_BODY_LIMIT,
  SMALL_BODY_LIMIT,
  UPLOAD_BODY_LIMIT,
} from "#server/http/middleware/body-limit.ts";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { solidGif } from "../setup/images.ts";

// The security review of November 2026 (shared/reviews/security-2026-11.md), against the real
// production build as a process: request bodies, the page door's bad input, redirects, private
// pages, client aborts and image cost. The JSON door's defects are in server/http/hardening.test.ts.

let app: AppServer;
let user: { token: string; email: string };
let consultantId = 0;

function rssMegabytes() {
  const status = readFileSync(`/proc/${app.process.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${path}`, { method: "POST", body, headers, redirect: "manual" });
}

beforeAll(async () => {
  app = await startApp({ env: { LOG_LEVEL: "info", SEED_DEMO: "false" } });
  const email = `hardening-${Date.now()}@example.org`;
  const registered = await post(
    "/api/auth/register",
    JSON.stringify({ email, password: "hardening-pass-1", name: "Hardening Test" }),
    { "content-type": "application/json" },
  );
  const body = (await registered.json()) as { sessionToken: string };
  user = { token: body.sessionToken, email };
  const created = await post(
    "/api/consultants",
    JSON.stringify({
      name: "Hardening Test",
      title: "Evaluator",
      email: `consultant-${email}`,
      location: "Hanoi, Vietnam",
      country: "Vietnam",
      yearsExperience: 5,
      primarySpecialization: "Healthcare",
      bio: "Evaluates health programmes across the region.",
    }),
    { "content-type": "application/json", authorization: `Bearer ${user.token}` },
  );
  consultantId = ((await created.json()) as { id: number }).id;
});

afterAll(async () => {
  await app?.stop();
});

describe("defects 1 and 7: every request body is bounded, and the 413 reaches the client", () => {
  const cases: [string, number, string][] = [
    ["/contact", DEFAULT_BODY_LIMIT, "application/x-www-form-urlencoded"],
    ["/sign-in", SMALL_BODY_LIMIT, "application/x-www-form-urlencoded"],
    ["/auth/logout", SMALL_BODY_LIMIT, "application/x-www-form-urlencoded"],
    ["/reset-password", SMALL_BODY_LIMIT, "application/x-www-form-urlencoded"],
    ["/profile/manage", DEFAULT_BODY_LIMIT, "application/x-www-form-urlencoded"],
    ["/admin", DEFAULT_BODY_LIMIT, "application/x-www-form-urlencoded"],
    ["/profile/new", UPLOAD_BODY_LIMIT, "multipart/form-data; boundary=x"],
    ["/profile/new.data", UPLOAD_BODY_LIMIT, "application/x-www-form-urlencoded"],
    ["/api/auth/login", SMALL_BODY_LIMIT, "application/json"],
    ["/api/consultants", PROFILE_JSON_BODY_LIMIT, "application/json"],
    ["/api/consultants/1/messages", JSON_BODY_LIMIT, "application/json"],
    ["/api/upload-photo", UPLOAD_BODY_LIMIT, "multipart/form-data; boundary=x"],
  ];
  for (const [path, limit, type] of cases) {
    it(`POST ${path}: ten times its limit is a 413 the client receives, and the next request is served`, async () => {
      const response = await post(path, "a".repeat(limit * 10), {
        "content-type": type,
        origin: app.url,
        authorization: `Bearer ${user.token}`,
      });
      expect(response.status).toBe(413);
      expect(response.headers.get("connection")).toBe("close");
      await response.text();
      const next = await fetch(`${app.url}/healthz`);
      expect(next.status).toBe(200);
    });
  }

  it("bounds a streamed body without Content-Length the same way", async () => {
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream({
      pull(controller) {
        if (sent >= 8 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${app.url}/contact`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it("answers a declared body far above every limit (64 MB) at once, without waiting for it", async () => {
    // Only the headers are sent: the 413 must come without the server reading (or waiting for) a byte.
    const answer = await new Promise<string>((resolve, reject) => {
      let received = "";
      const socket = net.connect(Number(new URL(app.url).port), "127.0.0.1", () => {
        socket.write(
          `POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${2 * DRAIN_MAX_BYTES}\r\n\r\n`,
        );
      });
      socket.setEncoding("utf8");
      socket.on("data", (data) => {
        received += data;
      });
      socket.on("error", reject);
      socket.on("close", () => resolve(received));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain("connection: close");
  });

  it("keeps memory flat under a body far above every limit (64 MB, anonymous)", async () => {
    const before = rssMegabytes();
    // Past DRAIN_MAX_BYTES the server answers and closes while the client is still sending, so a
    // client may see its write fail (EPIPE, reset) instead of reading the 413 first; both are fine.
    // What must hold is that the server neither buffers the body nor falls over.
    const status = await post("/contact", "a".repeat(2 * DRAIN_MAX_BYTES), {
      "content-type": "application/x-www-form-urlencoded",
    }).then(
      (response) => response.status,
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? String(error),
    );
    expect([413, "EPIPE", "ECONNRESET"]).toContain(status);
    expect(rssMegabytes() - before).toBeLessThan(100);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it("answers the photo upload's 413 on a keep-alive connection without resetting the next request", async () => {
    const boundary = "photo-boundary";
    const file = Buffer.alloc(1_700_000, 1);
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="profilePhoto"; filename="a.jpg"\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    for (let i = 0; i < 3; i++) {
      const response = await post("/api/upload-photo", multipart, {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${user.token}`,
      });
      expect([413, 400]).toContain(response.status);
      await response.text();
      expect((await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${user.token}` } })).status).toBe(200);
    }
  });
});

describe("defect 2: redirects after sign-in stay on the site", () => {
  it("sends a signed-in visitor to / for a tab, newline or carriage return trick, never a 500", async () => {
    for (const target of [
      "%2F%09%2Fevil.example.org",
      "%2F%0A%2Fevil.example.org",
      "%2F%0D%2Fevil.example.org",
      "%2F%5Cevil.example.org",
    ]) {
      const response = await fetch(`${app.url}/sign-in?redirectTo=${target}`, {
        headers: { cookie: `session=${user.token}` },
        redirect: "manual",
      });
      expect(response.status, target).toBe(302);
      expect(response.headers.get("location"), target).toBe("/");
    }
    const inbox = await fetch(`${app.url}/sign-in?redirectTo=%2Finbox%3Fpage%3D2`, {
      headers: { cookie: `session=${user.token}` },
      redirect: "manual",
    });
    expect(inbox.headers.get("location")).toBe("/inbox?page=2");
  });

  it("sends the sign-in form to / for the same tricks", async () => {
    const form = new URLSearchParams({
      intent: "login",
      email: user.email,
      password: "hardening-pass-1",
      redirectTo: "/\t/evil.example.org",
    });
    const response = await post("/sign-in", form, { "content-type": "application/x-www-form-urlencoded", origin: app.url });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("defect 3: the page door answers bad input with a 4xx", () => {
  it("refuses a NUL in a page's query and in a form, naming the field", async () => {
    for (const path of ["/?location=%00", "/?expertise=a%00b", "/_root.data?location=%00"]) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.text()).toMatch(/contains characters that are not allowed/);
    }
    const contact = await post(
      "/contact",
      "firstName=A&lastName=B&email=a%40example.org&subject=general&message=Hello%20there%00friend%20x",
      { "content-type": "application/x-www-form-urlencoded", origin: app.url },
    );
    expect(contact.status).toBe(400);
    expect(await contact.text()).toBe("message contains characters that are not allowed");
  });

  it("answers JSON, plain text and broken multipart sent to a page action with 415 or 400", async () => {
    const bodies: [string, string, number][] = [
      ["application/json", '{"a":1}', 415],
      ["text/plain", "a=1", 415],
      ["multipart/form-data; boundary=zzz", '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n', 400],
    ];
    for (const path of ["/contact", "/sign-in", "/reset-password", "/profile/new", "/profile/manage", "/admin"]) {
      for (const [type, body, status] of bodies) {
        const response = await post(path, body, { "content-type": type, origin: app.url });
        expect(response.status, `${path} ${type}`).toBe(status);
      }
    }
  });
});

describe("defect 8: private pages are not cached", () => {
  it("sends Cache-Control: private, no-store on the signed-in pages", async () => {
    for (const path of ["/profile/manage", "/my-consultant-profile", "/inbox", `/profile/edit/${consultantId}`, "/"]) {
      const response = await fetch(`${app.url}${path}`, { headers: { cookie: `session=${user.token}` }, redirect: "manual" });
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });
});

describe("defect 10: an image's cost is bounded before it is decoded", () => {
  it("refuses a 9 KB GIF of 200×60 000 px with a 413", async () => {
    const gif = await solidGif(200, 60_000);
    const form = new FormData();
    form.set("profilePhoto", new Blob([new Uint8Array(gif)], { type: "image/gif" }), "tall.gif");
    const response = await fetch(`${app.url}/api/upload-photo`, {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe("Image too large: at most 10000 pixels wide and high");
  });
});

describe("defect 11: a client that disconnects is not a server error", () => {
  it("logs an aborted request body at info, not as an unhandled error", async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(new URL(app.url).port), "127.0.0.1", () => {
        socket.write(
          'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
        );
        setTimeout(() => socket.destroy(), 300);
      });
      socket.on("close", () => resolve());
    });
    const deadline = Date.now() + 10_000;
    while (!app.output().includes("client closed the request") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lines = app
      .output()
      .split("\n")
      .filter((line) => line.includes("client closed the request"));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.includes('"level":30'))).toBe(true);
    expect(app.output()).not.toContain("unhandled error");
  });
});
