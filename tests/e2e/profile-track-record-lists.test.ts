import { describe, expect } from "vitest";
import { replaceTrackRecord } from "#server/services/consultants/track-record.ts";
import { expectNoConsoleErrors, waitForHydration } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";
import { entry, fillAssignment, fillRequired, isFocused, phonePage, savedProfileId, signIn } from "./profile-form-helpers.ts";

// Issue 12 in the profile form, continued (tests/e2e/profile-track-record.test.ts has the rest):
// lists emptied with Remove are saved empty; without JavaScript the saved entries stay editable
// and the server's per-item errors sit beside the item's field.

const it = e2e();

describe("emptying the track record", () => {
  it("saves a list emptied with Remove as empty, and picks a language with the arrow keys", async ({ app, browser }) => {
    const { page, errors, close } = await phonePage(browser);
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
  it("keeps the saved track record, and shows the server's per-item errors beside the item's field", async ({ app, browser }) => {
    const { page, close } = await phonePage(browser, { javaScriptEnabled: false });
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
