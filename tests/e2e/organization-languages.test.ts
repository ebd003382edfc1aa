import type { Page } from "playwright-core";
import { beforeAll, expect } from "vitest";
import { hashToken, newToken } from "#server/services/sessions.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, waitForHydration } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";
import { e2e, signInPage, unique } from "../setup/e2e.ts";
import { englishLeftWithDescription, englishOnlyBesideCountries, TRANSLATED, type Translated } from "../setup/english-left.ts";
import { insertVerifiedOrganization } from "../setup/organizations.ts";

// The organization pages in Bahasa Indonesia, Vietnamese and Thai (issue 37): what a member, a
// visitor and an invited person read on /my-organizations, /my-organizations/{id}, the public
// /organizations/{slug} (and its "not found"), and /invitations/{token}: no English left in the
// page, its title or its description.

const it = e2e();
let englishOnly = new Map<Translated, string[]>();

beforeAll(async () => {
  englishOnly = await englishOnlyBesideCountries();
});

/** A name as people write theirs (capitalised words): a made-up suffix keeps it apart from other tests' rows. */
const named = (name: string) => `${name} ${unique().toUpperCase()}`;

/** English left in the page's body, title and description (a web address shown in the page is no English). */
const leftovers = (page: Page, locale: Translated) =>
  englishLeftWithDescription(page, locale, englishOnly.get(locale) ?? [], /: https?:\/\/\S+$/);

it("shows a member's organizations and the manage page with no English, in each language", async ({
  app,
  sql,
  account,
  openPage,
}) => {
  const owner = await account("user", named("Ploy Srisuk"));
  const colleague = await account("user", named("Lan Nguyen"));
  const { id } = await insertVerifiedOrganization(
    sql,
    {
      slug: `mekong-${unique()}`,
      name: named("Mekong Water Alliance"),
      country: "TH",
      website: "https://mekong-water.org",
      description: "River basin governance across the lower Mekong.",
    },
    [
      { userId: owner.id, role: "owner", listed: true },
      { userId: colleague.id, role: "member" },
    ],
  );
  await sql`insert into organization_invitations (organization_id, email, role, token_hash, invited_by, expires_at)
    values (${id}, ${`somchai.${unique()}@example.org`}, 'admin', ${hashToken(newToken())}, ${owner.id}, now() + interval '7 days')`;

  const { page, errors } = await openPage({ viewport: "phone" });
  await signInPage(page, app.url, owner.token);
  for (const locale of TRANSLATED) {
    for (const path of ["/my-organizations", `/my-organizations/${id}`]) {
      await page.goto(`${app.url}/${locale}${path}`);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      expect(await leftovers(page, locale), `/${locale}${path}`).toEqual([]);
    }
  }
  // The Thai title and description of both pages.
  await page.goto(`${app.url}/th/my-organizations`);
  await expect.poll(() => page.title()).toBe("องค์กร | DevConsult SEA");
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(
    "องค์กรของคุณ องค์กรที่คุณดำเนินการในนาม และการสร้างองค์กรใหม่",
  );
  await expectNoAxeViolations(page);
  await page.goto(`${app.url}/vi/my-organizations/${id}`);
  await expect
    .poll(() => page.locator('meta[name="description"]').getAttribute("content"))
    .toMatch(/: thành viên, lời mời và xác minh\.$/);
  expectNoConsoleErrors(errors);
});

it("sends a signed-out visitor of the organization pages to sign in, in the page's language", async ({ app, openPage }) => {
  for (const path of ["/th/my-organizations", "/th/my-organizations/12"]) {
    const response = await fetch(`${app.url}${path}`, { redirect: "manual" });
    expect(response.status, path).toBe(302);
    expect(response.headers.get("location"), path).toBe(`/th/sign-in?redirectTo=${encodeURIComponent(path)}`);
  }
  const { page, errors } = await openPage({ viewport: "phone" });
  await page.goto(`${app.url}/th/my-organizations`);
  await page.waitForURL(/\/th\/sign-in\?redirectTo=/);
  await waitForHydration(page);
  await page.getByRole("button", { name: "เข้าสู่ระบบ" }).first().waitFor();
  expect(await leftovers(page, "th")).toEqual([]);
  expectNoConsoleErrors(errors);
});

it("shows a verified organization's public page, and its 'not found', with no English, in each language", async ({
  app,
  sql,
  account,
  openPage,
}) => {
  const officer = await account("user", named("Dewi Lestari"));
  const organization = await insertVerifiedOrganization(
    sql,
    { slug: `sulawesi-${unique()}`, name: named("Sulawesi Health Trust"), kind: "research", country: "ID" },
    [{ userId: officer.id, role: "admin", listed: true }],
  );
  const slug = organization.slug;
  const consultant = await insertConsultant(sql, { name: named("Maria Santos") });
  await sql`insert into reviews (consultant_id, reviewer_id, score, body, engagement, organization_id)
    values (${consultant.id}, ${officer.id}, 9, 'Careful, clear work on the district health survey.', 'Evaluation or review', ${organization.id})`;

  const { page, errors } = await openPage({ viewport: "desktop" });
  for (const locale of TRANSLATED) {
    await page.goto(`${app.url}/${locale}/organizations/${slug}`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await leftovers(page, locale), `/${locale}/organizations/${slug}`).toEqual([]);

    // An organization that has no public page (unknown, or not verified): a 404 in the page's language.
    const missing = await page.goto(`${app.url}/${locale}/organizations/no-such-organization`);
    expect(missing?.status()).toBe(404);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await leftovers(page, locale), `/${locale}/organizations/no-such-organization`).toEqual([]);
  }
  // The engagement of the review it wrote is a label of the page's language.
  await page.goto(`${app.url}/th/organizations/${slug}`);
  await page
    .getByText(/การประเมินผลหรือการทบทวน/)
    .first()
    .waitFor();
  await expectNoAxeViolations(page);
  expect(await page.title()).toMatch(/^Sulawesi Health Trust/);
  // No description of its own: the sentence about it, in Thai.
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(
    /^Sulawesi Health Trust \S+ องค์กรที่ยืนยันแล้ว \(.+\) ใน\S/,
  );
  const missing = await page.goto(`${app.url}/th/organizations/no-such-organization`);
  expect(missing?.status()).toBe(404);
  expect(await page.title()).not.toMatch(/Organization|Not Found/);
  // One title, the 404 screen's, in Thai; the page's own name for it stays in its Open Graph title.
  await expect.poll(() => page.locator("title").allTextContents()).toEqual(["404 ไม่พบหน้าที่ต้องการ | DevConsult SEA"]);
  expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe("ไม่พบองค์กร | DevConsult SEA");
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe("องค์กรนี้ไม่มีหน้าสาธารณะ");
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  await expectNoAxeViolations(page);
  expectNoConsoleErrors(errors, [/status of 404/]);
});

it("shows an invitation to the invited person, to another account and a used link, with no English", async ({
  app,
  sql,
  account,
  openPage,
}) => {
  const owner = await account("user", named("Ploy Srisuk"));
  const organization = await insertVerifiedOrganization(sql, { slug: `delta-${unique()}`, name: named("Delta Livelihoods") }, [
    { userId: owner.id, role: "owner" },
  ]);
  const token = newToken();
  await sql`insert into organization_invitations (organization_id, email, role, token_hash, invited_by, expires_at)
    values (${organization.id}, ${`hoa.${unique()}@example.org`}, 'member', ${hashToken(token)}, ${owner.id}, now() + interval '7 days')`;
  const other = await account("user", named("Budi Santoso"));

  const visitor = await openPage({ viewport: "phone" });
  const signedIn = await openPage({ viewport: "phone" });
  await signInPage(signedIn.page, app.url, other.token);
  for (const locale of TRANSLATED) {
    for (const { page } of [visitor, signedIn]) {
      await page.goto(`${app.url}/${locale}/invitations/${token}`);
      await waitForHydration(page);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(
        await leftovers(page, locale),
        `/${locale}/invitations/… ${page === visitor.page ? "signed out" : "another account"}`,
      ).toEqual([]);
    }
    const used = await visitor.page.goto(`${app.url}/${locale}/invitations/${newToken()}`);
    expect(used?.status()).toBe(404);
    await waitForHydration(visitor.page);
    expect(await leftovers(visitor.page, locale), `/${locale}/invitations/(unknown)`).toEqual([]);
  }
  await visitor.page.goto(`${app.url}/th/invitations/${token}`);
  await expect.poll(() => visitor.page.title()).toBe("คำเชิญ | DevConsult SEA");
  await expectNoAxeViolations(visitor.page);
  expectNoConsoleErrors(visitor.errors, [/status of 404/]);
  expectNoConsoleErrors(signedIn.errors);
});
