import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "../../common/constants.ts";
import { replaceTrackRecord } from "../../server/services/consultants/track-record.ts";
import { type AppServer, startApp } from "../setup/app-server.ts";
import {
  expectNoAxeViolations,
  expectNoConsoleErrors,
  launchBrowser,
  openPage,
  saveScreenshot,
  waitForHydration,
} from "../setup/browser.ts";
import { fillRequired, pickLanguage, savedProfileId, signIn } from "./profile-form-helpers.ts";

// Issue 12 in the profile form, on a 390 × 844 phone: assignments and education added,
// reordered and removed with the keyboard's buttons and their announcements; languages picked
// with the type-ahead and a level; rate and availability; the draft that survives a reload; a
// large phone photo shrunk in the browser; the server's per-item errors beside their fields.

let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ env: { SEED_DEMO: "false" } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function phonePage(options: { javaScriptEnabled?: boolean } = {}) {
  const opened = await openPage(browser, { viewport: "phone", ...options });
  await opened.page.setViewportSize({ width: 390, height: 844 });
  return opened;
}

/** The list entry whose heading starts "Assignment 2" (or "Education entry 1"). */
function entry(page: Page, heading: string) {
  return page.locator("li", { has: page.getByRole("heading", { name: new RegExp(`^${heading}\\b`) }) });
}

const isFocused = (locator: ReturnType<Page["locator"]>) => locator.evaluate((element) => element === document.activeElement);

async function fillAssignment(
  page: Page,
  heading: string,
  values: Record<string, string>,
  donors: string[],
  countries: string[],
) {
  const item = entry(page, heading);
  // The ticks first: an error appearing above them must not move them under the pointer.
  for (const donor of donors) await item.getByRole("checkbox", { name: donor, exact: true }).check();
  for (const country of countries) await item.getByRole("checkbox", { name: country, exact: true }).check();
  if (values.other) await item.getByLabel("Other countries").fill(values.other);
  await item.getByLabel("Assignment title").fill(values.title ?? "");
  await item.getByLabel("Client or employing organization").fill(values.organization ?? "");
  await item.getByLabel("Role or position").fill(values.role ?? "");
  await item.getByLabel("Sector").selectOption(values.sector ?? "");
  await item.getByLabel("Description").fill(values.description ?? "");
  await item.getByLabel("Start month").fill(values.start ?? "");
  await item.getByLabel("End month").fill(values.end ?? "");
}

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
  it("adds two assignments and an education entry on a phone, reorders and removes one, saves, and shows them publicly", async () => {
    const { page, errors, close } = await phonePage();
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
    const visitor = await phonePage();
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

  it("keeps what was typed through a reload, until it is discarded or saved", async () => {
    const { page, errors, close } = await phonePage();
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

  it("shrinks a phone photo larger than 1.5 MB in the browser and uploads it", async () => {
    const photo = await largePhoto();
    expect(photo.length).toBeGreaterThan(PHOTO_MAX_BYTES);
    const { page, errors, close } = await phonePage();
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

describe("emptying the track record", () => {
  it("saves a list emptied with Remove as empty, and picks a language with the arrow keys", async () => {
    const { page, errors, close } = await phonePage();
    await signIn(app, page, "empty");
    await page.goto(`${app.url}/profile/new`);
    await waitForHydration(page);
    await fillRequired(page);
    await page.getByRole("button", { name: "Add assignment" }).click();
    await fillAssignment(
      page,
      "Assignment 1",
      { title: "Flood Recovery Review", organization: "BNPB", start: "2018-01" },
      ["JICA"],
      ["Indonesia"],
    );
    await page.getByRole("button", { name: "Add education" }).click();
    await entry(page, "Education entry 1").getByLabel("Degree").fill("BA");
    await entry(page, "Education entry 1").getByLabel("Institution").fill("Universitas Indonesia");
    await page.getByLabel("Lowest daily rate").fill("250");
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByRole("button", { name: "Create Profile" }).click();
    const { id } = await savedProfileId(app, page, "Profile created successfully!");
    const counts = async () => {
      const [row] = await app.database!.sql<
        { assignments: number; education: number; rate: number | null; languages: string[] }[]
      >`
        select (select count(*)::int from consultant_assignments where consultant_id = ${id}) as assignments,
               (select count(*)::int from consultant_education where consultant_id = ${id}) as education,
               daily_rate_min as rate, languages from consultants where id = ${id}`;
      return row;
    };
    expect(await counts()).toEqual({ assignments: 1, education: 1, rate: 250, languages: ["Indonesian", "English"] });

    await page.goto(`${app.url}/profile/edit/${id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Remove assignment 1" }).click();
    await page
      .locator("p[aria-live=polite]")
      .filter({ hasText: "Flood Recovery Review, removed. 0 assignments left." })
      .waitFor();
    expect(await isFocused(page.getByRole("button", { name: "Add assignment" }))).toBe(true);
    await page.getByRole("button", { name: "Remove education entry 1" }).click();
    // A highest rate without a lowest one is refused beside the field; both cleared, no rate.
    await page.getByLabel("Lowest daily rate").fill("");
    await page.getByLabel("Currency").selectOption("");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await page.getByText("Give the lowest daily rate", { exact: true }).waitFor();
    expect(await page.getByLabel("Lowest daily rate").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Highest daily rate").fill("");
    await page.getByRole("button", { name: "Remove Indonesian" }).click();
    // Keyboard only: "ma" lists Malay then Mandarin; one arrow down, Enter.
    const combobox = page.getByRole("combobox", { name: "Add a language" });
    await combobox.fill("ma");
    await page.getByRole("listbox", { name: "Languages to add" }).getByRole("option", { name: "Malay", exact: true }).waitFor();
    await combobox.press("ArrowDown");
    expect(
      await page
        .getByRole("listbox", { name: "Languages to add" })
        .getByRole("option", { name: "Mandarin" })
        .getAttribute("aria-selected"),
    ).toBe("true");
    await combobox.press("Enter");
    await page.getByLabel("Level of Mandarin").selectOption({ label: "Basic" });
    await page.getByRole("button", { name: "Update Profile" }).click();
    await savedProfileId(app, page, "Profile updated successfully!");
    expect(await counts()).toEqual({ assignments: 0, education: 0, rate: null, languages: ["English", "Mandarin"] });
    expectNoConsoleErrors(errors);
    await close();
  }, 120_000);
});

describe("without JavaScript", () => {
  it("keeps the saved track record, and shows the server's per-item errors beside the item's field", async () => {
    const { page, close } = await phonePage({ javaScriptEnabled: false });
    const person = await signIn(app, page, "nojs");
    await page.goto(`${app.url}/profile/new`);
    await fillRequired(page, { javaScript: false });
    await page.locator("form#consultant-profile-form button[type=submit]").click();
    await page.waitForURL(`${app.url}/`);
    const [saved] = await app.database!.sql<{ id: number }[]>`
      select c.id from consultants c join auth_users u on u.id = c.user_id where u.email = ${person.email}`;
    const id = saved!.id;
    const assignment = {
      organization: "UNICEF Viet Nam",
      donors: ["UNICEF" as const],
      countries: ["Vietnam"],
      role: null,
      sector: null,
      description: null,
    };
    await replaceTrackRecord(app.database!.db, id, {
      assignments: [
        { ...assignment, title: "Child Protection Review", startDate: "2022-01", endDate: null },
        { ...assignment, title: "School WASH Baseline", startDate: "2019-05", endDate: "2019-12" },
      ],
      education: [{ degree: "BA", field: null, institution: "Hanoi University", year: 2008 }],
    });

    await page.goto(`${app.url}/profile/edit/${id}`);
    await entry(page, "Assignment 2").getByLabel("End month").fill("2018-01");
    await page.locator("form#consultant-profile-form button[type=submit]").click();
    const second = entry(page, "Assignment 2");
    await second.getByText("End month must not be before the start month").waitFor();
    expect(await second.getByLabel("End month").getAttribute("aria-invalid")).toBe("true");
    const [unchanged] = await app.database!.sql`
      select end_date::text from consultant_assignments where consultant_id = ${id} and title = 'School WASH Baseline'`;
    expect(unchanged).toEqual({ end_date: "2019-12-01" });

    // Fixed and saved: the entries the form showed are kept as they were.
    await second.getByLabel("End month").fill("2019-11");
    await page.locator("form#consultant-profile-form button[type=submit]").click();
    await page.waitForURL(`${app.url}/`);
    const titles = await app.database!.sql<{ title: string; end_date: string | null }[]>`
      select title, end_date::text from consultant_assignments where consultant_id = ${id} order by position`;
    expect(titles).toEqual([
      { title: "Child Protection Review", end_date: null },
      { title: "School WASH Baseline", end_date: "2019-11-01" },
    ]);
    const [education] = await app.database!.sql`select institution from consultant_education where consultant_id = ${id}`;
    expect(education).toEqual({ institution: "Hanoi University" });
    await close();
  }, 120_000);
});
