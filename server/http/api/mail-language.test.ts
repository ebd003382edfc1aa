import { describe, expect } from "vitest";
import { call, PUBLIC_URL } from "../../../tests/setup/api-app.ts";
import { apiTest, fileApi } from "../../../tests/setup/fixtures.ts";
import { findLink } from "../../../tests/setup/smtp.ts";

// E-mails in the recipient's language (issue 37): the account's `locale`, set when signing up on a
// page in that language (or by the API's `locale`) and moved along by the pages the person reads.
// The mail and the page its link opens are in that language.

const it = apiTest();
const env = fileApi(it);

let counter = 0;
function fresh() {
  counter += 1;
  return { email: `lang${counter}@example.org`, ip: `198.51.100.${counter + 100}` };
}

describe("e-mails in the account's language", () => {
  it("writes the verification mail in the language the account was made in, with a link to that language's page", async () => {
    const { email, ip } = fresh();
    const body = { email, password: "kettle-harbour-59", name: "Somchai Wongsawat", locale: "th" };
    const response = await call(env.app, "POST", "/api/auth/register", { body, ip });
    expect(response.status, response.text).toBe(201);
    const [stored] = await env.database.sql<{ locale: string }[]>`select locale from auth_users where email = ${email}`;
    expect(stored?.locale).toBe("th");

    const mail = await env.smtp.waitForMail(email);
    expect(mail.subject).toBe("ยืนยันอีเมลของคุณสำหรับ DevConsult SEA");
    expect(mail.text).toContain("เรียน คุณSomchai Wongsawat");
    expect(mail.text).toContain(`โปรดยืนยันว่า ${email} เป็นอีเมลของบัญชี DevConsult SEA ของคุณ`);
    expect(mail.text).not.toMatch(/Hello|Please confirm|expires/);
    expect(mail.html).toContain("ยืนยันอีเมล");
    const link = findLink(mail, "/th/verify-email");
    expect(link.origin).toBe(PUBLIC_URL);
    // The link is the same token as in English: following it verifies the address.
    const verified = await call(env.app, "POST", "/api/auth/verify-email", { body: { token: link.searchParams.get("token") } });
    expect(verified.status).toBe(200);
  });

  it("writes the password reset mail in the account's current language", async () => {
    const { email, ip } = fresh();
    const created = await call(env.app, "POST", "/api/auth/register", {
      body: { email, password: "kettle-harbour-59", name: "Lan Nguyen" },
      ip,
    });
    expect(created.status).toBe(201);
    // Signed up in English: the first mail is English.
    expect((await env.smtp.waitForMail(email)).subject).toBe("Verify your email address for DevConsult SEA");
    // Since then the person reads the site in Vietnamese (the pages move the account's language).
    await env.database.sql`update auth_users set locale = 'vi' where email = ${email}`;
    const asked = await call(env.app, "POST", "/api/auth/forgot-password", { body: { email }, ip });
    expect(asked.status).toBe(200);
    const mail = await env.smtp.waitForMailAbout(email, (sent) => sent.text.includes("/reset-password"));

    expect(mail.subject).toBe("Đặt lại mật khẩu DevConsult SEA của bạn");
    expect(mail.text).toContain("Xin chào Lan Nguyen,");
    expect(mail.text).toContain("hết hạn sau 1 giờ");
    findLink(mail, "/vi/reset-password");
  });

  it("refuses a language that is not one of the four", async () => {
    const { email, ip } = fresh();
    const response = await call(env.app, "POST", "/api/auth/register", {
      body: { email, password: "kettle-harbour-59", name: "Anna", locale: "fr" },
      ip,
    });
    expect(response.status).toBe(400);
  });
});
