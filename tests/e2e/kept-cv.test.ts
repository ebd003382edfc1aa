import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { downloadBytes, expectNoAxeViolations, expectNoConsoleErrors, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";

// Issue 34, on a phone: "The uploaded file is deleted once parsed unless the consultant asks to
// keep it attached to the profile (then it is stored like photos, private to the owner and
// admins)." A consultant imports a PDF CV with "Keep this file attached to my profile" ticked,
// downloads it from their own profile page, an admin downloads it from the dashboard, and the
// owner removes it. axe-core finds nothing on the way.

const CV = path.resolve(import.meta.dirname, "../fixtures/cv/pdf/01-wanida-kittisak.pdf");

const it = e2e({ REQUIRE_APPROVAL: "false" });

it("on a phone: import with the box ticked, download it from the own profile, an admin too, then remove it", async ({
  app,
  sql,
  signedInPage,
}) => {
  const original = await readFile(CV);
  const owner = await signedInPage("consultant", { viewport: "phone", name: `Wanida ${process.pid}` });
  const { page, errors } = owner;
  await page.goto(`${app.url}/profile/edit/${owner.consultantId}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Import from your CV" }).click();
  await page.getByLabel("CV file").setInputFiles(CV);
  const keep = page.getByRole("checkbox", { name: /Keep this file attached to my profile/ });
  expect(await keep.isChecked()).toBe(false);
  await keep.check();
  await page.getByRole("button", { name: "Read the CV into the form" }).click();
  const summary = page.getByRole("status").filter({ hasText: "is kept with your profile" });
  await summary.waitFor();
  expect(await summary.innerText()).toContain("Your file “01-wanida-kittisak.pdf” is kept with your profile.");
  await expectNoAxeViolations(page);

  // Stored privately: a row naming a private key, and no URL of the site serves it.
  const rows = await sql<{ storage_key: string; size: number }[]>`
    select storage_key, size from kept_cv_files where user_id = ${owner.user.id}`;
  expect(rows).toHaveLength(1);
  expect(rows[0]!.size).toBe(original.byteLength);
  expect((await fetch(`${app.url}/uploads/${rows[0]!.storage_key}`)).status).toBe(404);
  // The object itself, in the app's local storage (DATA_DIR/uploads).
  const stored = path.join(app.dataDir, "uploads", rows[0]!.storage_key);
  const isStored = () =>
    access(stored).then(
      () => true,
      () => false,
    );
  expect(await isStored()).toBe(true);

  // The note's link leads to the own profile page, where the file waits with its download.
  await summary.getByRole("link", { name: "My Consultant Profile" }).click();
  const panel = page.getByRole("region", { name: "Your CV file" });
  await panel.waitFor();
  await panel.getByText("01-wanida-kittisak.pdf").waitFor();
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("link", { name: "Download your CV file" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("01-wanida-kittisak.pdf");
  expect(await downloadBytes(download)).toEqual(original);

  // An admin finds it beside the profile's name in the dashboard and downloads it.
  const admin = await signedInPage("admin");
  await admin.page.goto(`${app.url}/admin?q=${encodeURIComponent(`Wanida ${process.pid}`)}`);
  const kept = admin.page.getByRole("link", { name: "Kept CV: 01-wanida-kittisak.pdf" });
  await kept.waitFor();
  const [byAdmin] = await Promise.all([admin.page.waitForEvent("download"), kept.click()]);
  expect(await downloadBytes(byAdmin)).toEqual(original);
  await expectNoAxeViolations(admin.page);
  expectNoConsoleErrors(admin.errors);

  // The owner removes it: the panel goes, and so do the row and, by the job, the stored object.
  await panel.getByRole("button", { name: "Remove the file" }).click();
  expect(await toastText(page, "CV file removed")).toContain("CV file removed");
  await panel.waitFor({ state: "detached" });
  await expect.poll(async () => (await sql`select 1 from kept_cv_files where user_id = ${owner.user.id}`).length).toBe(0);
  await expect.poll(isStored, { timeout: 20_000 }).toBe(false);
  await expect
    .poll(async () => (await sql`select 1 from stored_file_removals where storage_key = ${rows[0]!.storage_key}`).length, {
      timeout: 20_000,
    })
    .toBe(0);
  const gone = await page.request.get(`${app.url}/api/my-consultant-profile/cv-file`);
  expect(gone.status()).toBe(404);
  await expectNoAxeViolations(page);
  expectNoConsoleErrors(errors);
});
