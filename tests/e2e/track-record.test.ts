import { describe, expect } from "vitest";
import { replaceTrackRecord } from "#server/services/consultants/track-record.ts";
import { downloadBytes, expectNoAxeViolations, expectNoConsoleErrors, waitForHydration } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";
import { e2e } from "../setup/e2e.ts";
import { pdfText } from "../setup/pdf-text.ts";
import { mekongEvaluation } from "../setup/track-record.ts";

// Issue 12 in the browser and in the served HTML: the track record on the public profile, its
// privacy (rate, hidden contact details) in the HTML and the JSON-LD, a visitor filtering by
// donor and downloading the CV.

const SECRET_EMAIL = "lan.track.private@example.org";
const SECRET_PHONE = "+84 24 555 0888";

// The file's directory: Lan, with a hidden rate and contact details and one assignment funded by
// UNFPA (its description with markup to escape), and a consultant with no track record. `lanId`.
const it = e2e({ PUBLIC_URL: "https://devconsult.example" }).extend("lanId", { scope: "file" }, async ({ app, sql }) => {
  const id = (
    await insertConsultant(sql, {
      name: "Nguyễn Thị Lan",
      email: SECRET_EMAIL,
      phone: SECRET_PHONE,
      country: "Vietnam",
      city: "Hanoi",
      location: "Hà Nội, Vietnam",
      languages: ["Vietnamese", "English"],
    })
  ).id;
  await sql`update consultants set language_levels = ${JSON.stringify({ Vietnamese: "native", English: "fluent" })}::jsonb,
    daily_rate_min = 777, daily_rate_max = 888, rate_currency = 'USD', rate_visibility = 'hidden' where id = ${id}`;
  await replaceTrackRecord(app.database!.db, id, {
    assignments: [
      mekongEvaluation({
        title: "Mekong Maternal Health Evaluation",
        organization: "Ministry of Health",
        donors: ["Asian Development Bank", "UNFPA"],
        countries: ["Laos", "Vietnam"],
        description: "Led <b>six</b> evaluators.",
      }),
    ],
    education: [{ degree: "MSc", field: "Public Health", institution: "Mahidol University", year: 2010 }],
  });
  await insertConsultant(sql, { name: "No Track Record" });
  return id;
});

describe("track record on the public profile", () => {
  it("serves the experience, education, levels and badges, escaped, without the hidden rate or contact details", async ({
    app,
    lanId,
  }) => {
    const html = await (await fetch(`${app.url}/consultant/${lanId}`)).text();
    for (const expected of [
      "Experience",
      "Mekong Maternal Health Evaluation",
      "Education",
      "Mahidol University",
      "Donors worked with",
      "Countries of experience",
      "Total years of assignments",
      "Last updated",
      "Native",
      "Download CV",
      "Led &lt;b&gt;six&lt;/b&gt; evaluators.",
    ]) {
      expect(html, expected).toContain(expected);
    }
    expect(html).not.toContain("<b>six</b>");
    for (const secret of [SECRET_EMAIL, SECRET_PHONE, "777", "Daily rate"]) expect(html, secret).not.toContain(secret);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/s.exec(html)?.[1] ?? "null");
    expect(jsonLd.alumniOf).toEqual([{ "@type": "EducationalOrganization", name: "Mahidol University" }]);
    expect(jsonLd.hasOccupation[0]).toMatchObject({ "@type": "Occupation", name: "Team Leader" });
    expect(JSON.stringify(jsonLd)).not.toMatch(/email|telephone|777/i);
  });

  it("lets a visitor filter by donor on a phone, see the donor badges, open the profile and download the CV; axe-clean", async ({
    app,
    openPage,
    lanId,
  }) => {
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.goto(`${app.url}/`);
    await waitForHydration(page);
    await page.getByLabel("Donor", { exact: true }).selectOption("UNFPA");
    await page.waitForURL(/donor=UNFPA/);
    // The address changes as the filter is applied; the filtered list follows when its data
    // arrives (on a loaded machine the list may still be hydrating then): wait for the list that stays.
    const results = page.locator('[data-search*="donor=UNFPA"][aria-busy="false"]');
    await results.waitFor();
    await expect.poll(() => results.getByRole("link", { name: "No Track Record" }).count(), { timeout: 10_000 }).toBe(0);
    const cards = results.locator("article").filter({ has: page.getByRole("link", { name: "Nguyễn Thị Lan", exact: true }) });
    await expect.poll(() => cards.count(), { timeout: 10_000 }).toBe(1);
    await expect(page.getByRole("link", { name: "No Track Record" }).count()).resolves.toBe(0);
    await expect(cards.getByRole("list", { name: "Donors worked with" }).innerText()).resolves.toContain("UNFPA");
    await expect(page.getByRole("link", { name: /Funded by UNFPA/ }).count()).resolves.toBe(1);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Nguyễn Thị Lan", exact: true }).click();
    await page.waitForURL(new RegExp(`/consultant/${lanId}$`));
    await expectNoAxeViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CV" }).click(),
    ]);
    // The browser takes the UTF-8 file name (filename*), accents kept.
    expect(download.suggestedFilename()).toBe("CV-Nguyễn-Thị-Lan.pdf");
    const text = (await pdfText(await downloadBytes(download))).text.replace(/\s+/g, " ");
    expect(text).toContain("Nguyễn Thị Lan");
    expect(text).toContain("Mekong Maternal Health Evaluation");
    expect(text).not.toContain(SECRET_EMAIL);
    expect(text).not.toContain("777");
    expectNoConsoleErrors(errors);
  });
});
