import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/config.ts";
import { readToast, redirectWithToast } from "./toast.server.ts";

// The toast cookie is signed with the session secret: the next page shows what our own action
// said, and nothing a cookie from elsewhere says.

const app = { config: loadConfig({ NODE_ENV: "test", SESSION_SECRET: randomBytes(32).toString("base64url") }) };

/** The `toast=…` pair a redirect set, as the browser sends it back. */
function toastPair(response: Response) {
  return (
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("toast="))
      ?.split(";")[0] ?? ""
  );
}

const next = (cookie: string) => new Request("http://localhost/inbox", { headers: { cookie } });

describe("the toast cookie", () => {
  it("redirects with the toast, which the next page reads once and clears", () => {
    const response = redirectWithToast(
      app,
      "/inbox",
      { title: "Message deleted" },
      { headers: { "Set-Cookie": "session=abc; Path=/" } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/inbox");
    expect(response.headers.getSetCookie()[0]).toBe("session=abc; Path=/");
    const read = readToast(app, next(toastPair(response)));
    expect(read.toast).toEqual({ title: "Message deleted" });
    expect(read.clear).toMatch(/^toast=; .*Max-Age=0/);
  });

  it("ignores, and clears, a cookie whose words or link were changed", () => {
    const pair = toastPair(
      redirectWithToast(app, "/", {
        title: "Profile updated successfully!",
        link: { href: "/consultant/7", label: "View your profile" },
      }),
    );
    const [payload, signature] = pair.slice("toast=".length).split(".");
    const forged = Buffer.from(
      JSON.stringify({ title: "Profile updated successfully!", link: { href: "/consultant/8", label: "View your profile" } }),
    ).toString("base64url");
    const tampered = readToast(app, next(`toast=${forged}.${signature}`));
    expect(tampered).toEqual({ toast: null, clear: expect.stringMatching(/^toast=; .*Max-Age=0/) });
    // The original still reads; a signature cut short, a missing one, or one of another key do not.
    expect(readToast(app, next(`toast=${payload}.${signature}`)).toast?.link?.href).toBe("/consultant/7");
    expect(readToast(app, next(`toast=${payload}.${signature?.slice(0, -2)}`)).toast).toBeNull();
    expect(readToast(app, next(`toast=${payload}`)).toast).toBeNull();
    const other = { config: { ...app.config, sessionSecret: randomBytes(32).toString("base64url") } };
    expect(readToast(other, next(pair)).toast).toBeNull();
  });

  it("is Secure when the site is served over https, and absent without a cookie", () => {
    const https = { config: { ...app.config, secureCookies: true } };
    expect(redirectWithToast(https, "/", { title: "Saved" }).headers.getSetCookie()[0]).toMatch(/; Secure$/);
    expect(readToast(app, new Request("http://localhost/"))).toEqual({ toast: null, clear: null });
  });
});
