import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { PHOTO_MAX_BYTES } from "#common/constants.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot, waitForHydration } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";
import {
  entry,
  fillAssignment,
  fillRequired,
  isFocused,
  phonePage,
  pickLanguage,
  savedProfileId,
  signIn,
} from "./profile-form-helpers.ts";

// Issue 12 in the profile form, on a 390 × 844 phone: assignments and education added,
// reordered and removed with the keyboard's buttons and their announcements; languages picked
// with the type-ahead and a level; rate and availability; the draft that survives a reload; a
// large phone photo shrunk in the browser; the server's per-item errors beside their fields.

const it = e2e();

/** A camera-like JPEG well over the server's limit: noise does not compress. */
async function largePhoto() {
  const width = 2400;
  const height = 1800;
  const noise = Buffer.alloc(width * height * 3);
  for (let index = 0; index < noise.length; index += 1) noise[index] = (index * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe("the track record in the profile form", () => {
  it("adds two assignments and an education entry on a phone, reorders and removes one, saves, and shows them publicly", async ({
    app,
    browser,
  }) => {
    const { page, errors, close } = await phonePage(browser);
    await signIn(app, page, "track");
    await page.goto(`${app.url}/profile/new`);
    await waitForHydration(page);
    await fillRequired(page);
    await pickLanguage(page, "vie", "Vietnamese", "Working knowledge");
    await page.getByLabel("Level of Indonesian").selectOption({ label: "Native" });
    await page.getByLabel("Level of English").selectOption({ label: "Fluent" });
    const status = page.locator("p[aria-live=polite]");

    // The first assignment: focus goes to its first field.
    await page.getByRole("button", { name: "Add assignment" }).click();
    expect(await isFocused(entry(page, "Assignment 1").getByLabel("Assignment title"))).toBe(true);
    await fillAssignment(
      page,
      "Assignment 1",
      {
        title: "Gender Assessment of Rural Roads",
        organization: "Ministry of Public Works",
        role: "Gender Specialist",
        sector: "Gender & Social Inclusion",
        start: "2016-02",
        end: "2018-06",
        other: "Timor-Leste, nepal",
        description: "Assessed access & safety for 40 villages.",
      },
      ["Asian Development Bank"],
      ["Indonesia"],
    );
    // A second one goes on top (newest first); its end before its start is caught beside it.
    await page.getByRole("button", { name: "Add assignment" }).click();
    await fillAssignment(
      page,
      "Assignment 1",
      {
        title: "GEDSI Strategy for Village Funds",
        organization: "Bappenas",
        role: "Team Leader",
        sector: "Governance",
        start: "2021-03",
        end: "2020-01",
        description: "Led a team of four.",
      },
      ["DFAT", "World Bank"],
      ["Indonesia", "Philippines"],
    );
    await entry(page, "Assignment 1").getByLabel("Assignment title").focus();
    await entry(page, "Assignment 1").getByText("End month must not be before the start month").waitFor();
    expect(await entry(page, "Assignment 1").getByLabel("End month").getAttribute("aria-invalid")).toBe("true");
    await entry(page, "Assignment 1").getByLabel("End month").fill("");

    // Reorder with the keyboard: the moved entry keeps its values, focus follows it, and it is said.
    await page.getByRole("button", { name: "Move assignment 2 up" }).focus();
    await page.keyboard.press("Enter");
    await status.filter({ hasText: "moved up to position 1 of 2" }).waitFor();
    expect(await entry(page, "Assignment 1").getByLabel("Assignment title").inputValue()).toBe(
      "Gender Assessment of Rural Roads",
    );
    expect(await entry(page, "Assignment 2").getByLabel("Assignment title").inputValue()).toBe(
      "GEDSI Strategy for Village Funds",
    );
    expect(await entry(page, "Assignment 2").getByRole("checkbox", { name: "DFAT" }).isChecked()).toBe(true);
    // Moved to the top: its Move up is disabled, so focus is on its heading.
    expect(await isFocused(page.getByRole("heading", { name: /^Assignment 1\b/ }))).toBe(true);
    await page.getByRole("button", { name: "Move assignment 1 down" }).click();
    await status.filter({ hasText: "moved down to position 2 of 2" }).waitFor();
    expect(await entry(page, "Assignment 1").getByLabel("Assignment title").inputValue()).toBe(
      "GEDSI Strategy for Village Funds",
    );

    // A third, removed again: the entry that takes its place gets the focus.
    await page.getByRole("button", { name: "Add assignment" }).click();
    await entry(page, "Assignment 1").getByLabel("Assignment title").fill("Mistake");
    await page.getByRole("button", { name: "Remove assignment 1" }).click();
    await status.filter({ hasText: "Mistake, removed. 2 assignments left." }).waitFor();
    expect(await page.getByRole("heading", { name: /^Assignment \d/ }).count()).toBe(2);
    expect(await isFocused(page.getByRole("heading", { name: /^Assignment 1\b/ }))).toBe(true);

    await page.getByRole("button", { name: "Add education" }).click();
    const education = entry(page, "Education entry 1");
    await education.getByLabel("Degree").fill("MSc");
    await education.getByLabel("Field of study").fill("Development Studies");
    await education.getByLabel("Institution").fill("Universitas Gadjah Mada");
    await education.getByLabel("Year").fill("2012");

    await page.getByLabel("Available from").fill("2027-01-15");
    await page.getByLabel("Lowest daily rate").fill("450");
    await page.getByLabel("Highest daily rate").fill("600");
    await page.getByLabel("Currency").selectOption("USD");
    await page.getByLabel("Who sees your daily rate").selectOption({ label: "Shown publicly" });
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("button", { name: "Create Profile" }).click();
    const { id } = await savedProfileId(app, page, "Profile created successfully!");
    const assignments = await app.database!.sql<
      { title: string; donors: string[]; countries: string[]; end_date: string | null }[]
    >`
      select title, donors, countries, end_date::text from consultant_assignments where consultant_id = ${id} order by position`;
    expect(assignments).toEqual([
      {
        title: "GEDSI Strategy for Village Funds",
        donors: ["World Bank", "DFAT"],
        countries: ["Indonesia", "Philippines"],
        end_date: null,
      },
      {
        title: "Gender Assessment of Rural Roads",
        donors: ["Asian Development Bank"],
        countries: ["Indonesia", "Timor-Leste", "Nepal"],
        end_date: "2018-06-01",
      },
    ]);
    const [row] = await app.database!.sql`select languages, language_levels, daily_rate_min, rate_visibility, available_from::text
      from consultants where id = ${id}`;
    expect(row).toEqual({
      languages: ["Indonesian", "English", "Vietnamese"],
      language_levels: { Indonesian: "native", English: "fluent", Vietnamese: "working" },
      daily_rate_min: 450,
      rate_visibility: "public",
      available_from: "2027-01-15",
    });
    // Saved: the draft is gone.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("profile-draft")))).toEqual([]);

    // The owner's page: how strong the profile is and what to add next (a photo, here).
    await page.goto(`${app.url}/my-consultant-profile`);
    const strength = await page.getByTestId("profile-strength").innerText();
    expect(strength).toContain("55%");
    expect(strength).toContain("Next: Add a photo.");
    await page.getByTestId("profile-strength").getByRole("link", { name: "Add a photo" }).waitFor();
    await expectNoAxeViolations(page);

    await app.database!.sql`update consultants set status = 'approved' where id = ${id}`;
    const visitor = await phonePage(browser);
    await visitor.page.goto(`${app.url}/consultant/${id}`);
    const profile = await visitor.page.getByTestId("consultant-profile").innerText();
    for (const expected of [
      "GEDSI Strategy for Village Funds",
      "Gender Assessment of Rural Roads",
      "Universitas Gadjah Mada",
      "Timor-Leste",
      "Asian Development Bank",
      "450–600 USD per day",
      "Native",
      "Assessed access & safety for 40 villages.",
    ]) {
      expect(profile, expected).toContain(expected);
    }
    expect(profile.indexOf("GEDSI Strategy")).toBeLessThan(profile.indexOf("Gender Assessment of Rural Roads"));
    await saveScreenshot(visitor.page, "profile-track-record-public-phone");
    expectNoConsoleErrors(visitor.errors);
    await visitor.close();
    expectNoConsoleErrors(errors);
    await close();
  }, 240_000);

  it("keeps what was typed through a reload, until it is discarded or saved", async ({ app, browser }) => {
    const { page, errors, close } = await phonePage(browser);
    await signIn(app, page, "draft");
    await page.goto(`${app.url}/profile/new`);
    await waitForHydration(page);
    await fillRequired(page);
    await page.getByLabel("Level of English").selectOption({ label: "Fluent" });
    await page.getByRole("button", { name: "Add education" }).click();
    await entry(page, "Education entry 1").getByLabel("Institution").fill("Chulalongkorn University");
    await page.getByLabel("Lowest daily rate").fill("300");
    // The draft is written a moment after the last change.
    await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.startsWith("profile-draft")));
    await page.waitForTimeout(500);

    await page.reload();
    await waitForHydration(page);
    await page.getByText("Your unsaved changes from").waitFor();
    expect(await page.getByLabel("Professional Title").inputValue()).toBe("Gender and Social Inclusion Adviser");
    expect(await entry(page, "Education entry 1").getByLabel("Institution").inputValue()).toBe("Chulalongkorn University");
    expect(await page.getByLabel("Level of English").inputValue()).toBe("fluent");
    expect(await page.getByLabel("Lowest daily rate").inputValue()).toBe("300");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Discard unsaved changes" }).click();
    expect(await page.getByLabel("Professional Title").inputValue()).toBe("");
    expect(await page.getByRole("heading", { name: /^Education entry/ }).count()).toBe(0);
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByLabel("Professional Title").inputValue()).toBe("");
    expect(await page.getByText("Your unsaved changes from").count()).toBe(0);
    expectNoConsoleErrors(errors);
    await close();
  }, 120_000);

  it("shrinks a phone photo larger than 1.5 MB in the browser and uploads it", async ({ app, browser }) => {
    const photo = await largePhoto();
    expect(photo.length).toBeGreaterThan(PHOTO_MAX_BYTES);
    const { page, errors, close } = await phonePage(browser);
    await signIn(app, page, "photo");
    await page.goto(`${app.url}/profile/new`);
    await waitForHydration(page);
    await fillRequired(page);
    await page.locator('input[type="file"]').setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByText("to fit the 1.5 MB limit").waitFor();
    expect(await page.getByText("File too large").count()).toBe(0);
    const uploads: number[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/upload-photo")) uploads.push(request.postDataBuffer()?.length ?? 0);
    });
    await page.getByRole("button", { name: "Create Profile" }).click();
    const { id } = await savedProfileId(app, page, "Profile created successfully!");
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toBeLessThan(PHOTO_MAX_BYTES + 10_000);
    const [row] = await app.database!.sql<{ url: string }[]>`select profile_photo_url as url from consultants where id = ${id}`;
    expect(row?.url).toMatch(/^\/uploads\/photos\/[\w-]{24}-400\.webp$/);
    expect((await readFile(path.join(app.dataDir, row!.url))).length).toBeGreaterThan(0);
    expectNoConsoleErrors(errors);
    await close();
  }, 120_000);
});
