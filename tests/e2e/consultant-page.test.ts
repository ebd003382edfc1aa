import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";
import { e2e } from "../setup/e2e.ts";

const ids = { both: 0, emailOnly: 0, phoneOnly: 0, neither: 0, pending: 0 };
const SECRET_EMAIL = "maria.private.inbox@example.org";
const SECRET_PHONE = "+63 917 555 0142";

const it = e2e({ PUBLIC_URL: "https://devconsult.example" });

it.beforeAll(async ({ sql }) => {
  ids.both = (await insertConsultant(sql, { show_email: true, show_phone: true, email: "both@example.org" })).id;
  ids.emailOnly = (await insertConsultant(sql, { show_email: true, email: "email.only@example.org" })).id;
  ids.phoneOnly = (await insertConsultant(sql, { show_phone: true, phone: "+66 2 555 0100" })).id;
  ids.neither = (
    await insertConsultant(sql, {
      name: "Nguyen Thi Lan",
      title: "Maternal Health Adviser",
      email: SECRET_EMAIL,
      phone: SECRET_PHONE,
      location: "Ba Dinh, Hanoi, Vietnam",
      city: "Hanoi",
      country: "Vietnam",
      years_experience: 12,
      languages: ["Vietnamese", "English", "French"],
      primary_specialization: "Healthcare",
      secondary_specializations: ["Gender & Social Inclusion", "Governance", "Education"],
      bio: "Twelve years designing maternal and newborn health programmes with provincial health departments.\n\nFormer WHO country office staff.",
      rating: 87,
      projects_completed: 42,
      available_for_work: false,
    })
  ).id;
  // Her 8.7 is earned (issues 14, 31): three reviews of 9, 9 and 8 by verified organizations she replied to.
  for (const [index, score] of [9, 9, 8].entries()) {
    const [reviewer] = await sql<{ id: number }[]>`
      insert into auth_users (email, name, hashed_password) values (${`reviewer${index}@example.org`}, ${`Reviewer ${index}`}, 'x')
      returning id`;
    const [organization] = await sql<{ id: number }[]>`
      insert into organizations (slug, name, kind, country, verified_at, verification_method)
      values (${`reviewing-organization-${index}`}, ${`Reviewing Organization ${index}`}, 'ngo', 'VN', now(), 'admin')
      returning id`;
    await sql`insert into reviews (consultant_id, reviewer_id, organization_id, score, body, engagement)
      values (${ids.neither}, ${reviewer?.id ?? 0}, ${organization?.id ?? 0}, ${score}, 'Careful work, delivered on time.', 'Evaluation or review')`;
  }
  ids.pending = (await insertConsultant(sql, { status: "pending", name: "Pending Person" })).id;
});

describe("public profile page", () => {
  it("shows every element of the profile, server-rendered, accessible and without console errors", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    const response = await page.goto(`${app.url}/consultant/${ids.neither}`);
    expect(response?.status()).toBe(200);
    const profile = page.getByTestId("consultant-profile");
    await expect(page.locator("h1").innerText()).resolves.toBe("Nguyen Thi Lan");
    const text = await profile.innerText();
    for (const expected of [
      "Maternal Health Adviser",
      "Ba Dinh, Hanoi, Vietnam",
      "12 years experience",
      "8.7",
      "42 projects completed",
      "About",
      "Former WHO country office staff.",
      "Healthcare",
      "Gender & Social Inclusion",
      "Vietnamese",
      "French",
      "Contact Information",
      "Availability",
      "Not taking new assignments",
      "Unavailable",
      "Quick Stats",
      "8.7/10",
      "Member since",
    ]) {
      expect(text).toContain(expected);
    }
    await expect(page.getByRole("img", { name: "Rated 8.7 out of 10 from 3 reviews" }).count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole("button", { name: "Send Message" }).count()).resolves.toBe(1);
    await expect(page.getByRole("link", { name: "Edit Profile" }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "consultant-profile-desktop");
    expectNoConsoleErrors(errors);
  });

  it("is complete for search engines: title, description, canonical, Open Graph, Twitter and Person JSON-LD", async ({ app }) => {
    const html = await (await fetch(`${app.url}/consultant/${ids.neither}`)).text();
    expect(html).toContain("<title>Nguyen Thi Lan — Maternal Health Adviser | DevConsult SEA</title>");
    expect(html).toContain('<meta name="description" content="Twelve years designing maternal and newborn health programmes');
    expect(html).toContain(`<link rel="canonical" href="https://devconsult.example/consultant/${ids.neither}"/>`);
    expect(html).toContain('<meta property="og:type" content="profile"/>');
    expect(html).toContain('<meta property="og:title" content="Nguyen Thi Lan — Maternal Health Adviser | DevConsult SEA"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/s.exec(html)?.[1] ?? "null");
    expect(jsonLd).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Person",
      name: "Nguyen Thi Lan",
      jobTitle: "Maternal Health Adviser",
      url: `https://devconsult.example/consultant/${ids.neither}`,
      address: { "@type": "PostalAddress", addressLocality: "Hanoi", addressCountry: "Vietnam" },
      knowsLanguage: ["Vietnamese", "English", "French"],
      knowsAbout: ["Healthcare", "Gender & Social Inclusion", "Governance", "Education"],
    });
  });

  it("never sends hidden contact details: not in the HTML, the JSON-LD, the hydration data or the API", async ({ app }) => {
    const html = await (await fetch(`${app.url}/consultant/${ids.neither}`)).text();
    expect(html).not.toContain(SECRET_EMAIL);
    expect(html).not.toContain("555 0142");
    expect(html).not.toContain("5550142");
    const api = await fetch(`${app.url}/api/consultants/${ids.neither}`);
    expect(api.status).toBe(200);
    const body = await api.json();
    expect(body).toMatchObject({ id: ids.neither, name: "Nguyen Thi Lan", email: null, phone: null, showEmail: false });
    expect(JSON.stringify(body)).not.toContain(SECRET_EMAIL);
    expect(JSON.stringify(body)).not.toContain("555 0142");
    expect(body).not.toHaveProperty("userId");
    expect(body).not.toHaveProperty("status");
  });

  it("answers unknown, unlisted and malformed ids with the 'Consultant Not Found' page and status 404", async ({
    app,
    openPage,
  }) => {
    const { page, errors } = await openPage();
    for (const id of ["99999999", String(ids.pending), "abc", "0", "-3", "1.5", "99999999999999999999"]) {
      const response = await page.goto(`${app.url}/consultant/${id}`);
      expect(response?.status(), id).toBe(404);
      await expect(page.locator("h1").innerText()).resolves.toBe("Consultant Not Found");
    }
    expect(await page.content()).not.toContain("Pending Person");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to Consultants" }).click();
    await page.waitForURL(`${app.url}/#consultants`);
    expectNoConsoleErrors(errors, [/status of 404/]);
  });

  it("answers the JSON API with 404 for unknown, unlisted and malformed ids", async ({ app }) => {
    for (const id of ["99999999", String(ids.pending), "abc", "0", "-3", "1.5", "99999999999999999999", "%00"]) {
      const response = await fetch(`${app.url}/api/consultants/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ message: "Consultant not found" });
    }
  });
});

describe("Direct Contact", () => {
  it("with e-mail and phone public, toggles a panel with both", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/consultant/${ids.both}`);
    const panelEmail = page.getByRole("link", { name: "Email both@example.org" });
    expect(await panelEmail.isVisible()).toBe(false);
    await page.getByText("Direct Contact").click();
    expect(await panelEmail.isVisible()).toBe(true);
    expect(await panelEmail.getAttribute("href")).toBe("mailto:both@example.org");
    expect(await page.getByRole("link", { name: "Call +63 2 8123 4567" }).getAttribute("href")).toBe("tel:+63281234567");
    await expectNoAxeViolations(page);
    await page.getByText("Direct Contact").click();
    expect(await panelEmail.isVisible()).toBe(false);
    expectNoConsoleErrors(errors);
  });

  it("with only one public, acts directly", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/consultant/${ids.emailOnly}`);
    const direct = page.getByRole("link", { name: "Direct Contact" });
    expect(await direct.getAttribute("href")).toBe("mailto:email.only@example.org");
    // The hidden phone: its contact row explains instead.
    await page.getByRole("button", { name: "Not shared publicly" }).click();
    await expect(page.getByTestId("toast").innerText()).resolves.toContain("Phone not available");

    await page.goto(`${app.url}/consultant/${ids.phoneOnly}`);
    expect(await page.getByRole("link", { name: "Direct Contact" }).getAttribute("href")).toBe("tel:+6625550100");
    await page.getByRole("button", { name: "Not shared publicly" }).click();
    await expect(page.getByTestId("toast").innerText()).resolves.toContain("Email not available");
    expectNoConsoleErrors(errors);
  });

  it("with neither public, is disabled and says why", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/consultant/${ids.neither}`);
    const button = page.getByRole("button", { name: "Direct Contact" });
    expect(await button.getAttribute("aria-disabled")).toBe("true");
    // aria-disabled keeps it focusable and clickable: the click explains instead of acting.
    await button.click({ force: true });
    const toast = page.getByTestId("toast");
    await expect(toast.innerText()).resolves.toContain("Contact information not available");
    expect(await page.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0);
    expectNoConsoleErrors(errors);
  });
});
