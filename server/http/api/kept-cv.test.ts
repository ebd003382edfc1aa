import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CV_IMPORT_LIMITS, KEPT_CV_MESSAGES } from "#common/cv-import.ts";
import { JOBS } from "#server/jobs/queue.ts";
import { keptCvFileName } from "#server/services/cv-import/kept-file.ts";
import { purgeExpired } from "#server/services/maintenance.ts";
import { docx, para } from "../../../tests/fixtures/cv/write-files.ts";
import { importCv, startApiApp } from "../../../tests/setup/api-app.ts";
import { insertConsultant } from "../../../tests/setup/consultants.ts";
import { expectDownload } from "../../../tests/setup/downloads.ts";
import { expectAnswers } from "../../../tests/setup/examples.ts";
import { freshIp } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { cvImportResultSchema } from "../openapi/cv.ts";

// Issue 34: "The uploaded file is deleted once parsed unless the consultant asks to keep it
// attached to the profile (then it is stored like photos, private to the owner and admins)."

const CORPUS = path.resolve(import.meta.dirname, "../../../tests/fixtures/cv");
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

let api: Awaited<ReturnType<typeof startApiApp>>;
let storageDir: string;
beforeAll(async () => {
  api = await startApiApp({ REQUIRE_APPROVAL: "false" });
  if (api.config.storage.kind !== "local") throw new Error("these tests read the local storage's files");
  storageDir = api.config.storage.dir;
});
afterAll(async () => {
  await api?.close();
});

/** The kept CVs' objects in storage. */
async function storedCvs(): Promise<string[]> {
  return readdir(path.join(storageDir, "private", "cv")).catch(() => []);
}

const corpus = (file: string) => readFile(path.join(CORPUS, file));

const importFile = (bytes: Uint8Array, name: string, token: string | undefined, keep?: string) =>
  importCv(api.app, { bytes, name }, { token, keep, ip: freshIp() });

function get(url: string, token?: string, method = "GET") {
  return api.app.request(url, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

async function signedInConsultant() {
  const user = await insertSignedInUser(api.database.db);
  const consultant = await insertConsultant(api.database.sql, { user_id: user.id });
  return { ...user, consultantId: consultant.id };
}

/** A consultant who imported a PDF CV with the box ticked, and the kept file's row. */
async function ownerKeepingACv(name = "cv.pdf") {
  const owner = await signedInConsultant();
  await importFile(await corpus("pdf/01-wanida-kittisak.pdf"), name, owner.token, "true");
  const [row] = await api.database.sql<{ storage_key: string }[]>`
    select storage_key from kept_cv_files where user_id = ${owner.id}`;
  return { owner, row: row! };
}

describe("importing with and without keeping the file", () => {
  it("forgets the file when the box is not ticked: nothing stored, nothing to download", async () => {
    const owner = await signedInConsultant();
    const before = await storedCvs();
    const imported = await importFile(await corpus("p11/01-le-hoang-anh-p11.docx"), "P11.docx", owner.token, "false");
    expect(imported.status).toBe(200);
    expect(imported.json.attachment).toBeNull();
    expect(await storedCvs()).toEqual(before);
    expect((await get("/api/my-consultant-profile/cv-file", owner.token)).status).toBe(404);
    expect((await get(`/api/consultants/${owner.consultantId}/cv-file`, owner.token)).status).toBe(404);
    const [row] = await api.database.sql`select count(*)::int as n from kept_cv_files where user_id = ${owner.id}`;
    expect(row!.n).toBe(0);
  });

  it("keeps a ticked file privately: the owner and admins download it; another user and a visitor get 404", async () => {
    const owner = await signedInConsultant();
    const bytes = await corpus("pdf/01-wanida-kittisak.pdf");
    const imported = await importFile(bytes, "C:\\Users\\wanida\\CV Wanida “final”/../วนิดา.pdf", owner.token, "true");
    expect(imported.status).toBe(200);
    expect(cvImportResultSchema.safeParse(imported.json).error).toBeUndefined();
    expect(imported.json.attachment).toMatchObject({ filename: "วนิดา.pdf", size: bytes.byteLength });
    expect(imported.json.drafts.assignments.length).toBeGreaterThan(0);

    // Stored like photos (DATA_DIR/uploads), under a private key, with the same bytes.
    const [row] = await api.database.sql<{ storage_key: string }[]>`
      select storage_key from kept_cv_files where user_id = ${owner.id}`;
    expect(row!.storage_key).toMatch(/^private\/cv\/[A-Za-z0-9_-]{24}\.pdf$/);
    expect(await readFile(path.join(storageDir, row!.storage_key))).toEqual(bytes);

    for (const url of ["/api/my-consultant-profile/cv-file", `/api/consultants/${owner.consultantId}/cv-file`]) {
      const response = await get(url, owner.token);
      expect(response.status).toBe(200);
      expectDownload(response, {
        contentType: "application/pdf",
        disposition: `attachment; filename="CV.pdf"; filename*=UTF-8''${encodeURIComponent("วนิดา.pdf")}`,
      });
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);
    }

    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const byAdmin = await get(`/api/consultants/${owner.consultantId}/cv-file`, admin.token);
    expect(byAdmin.status).toBe(200);
    expect(Buffer.from(await byAdmin.arrayBuffer())).toEqual(bytes);

    const other = await signedInConsultant();
    for (const token of [other.token, undefined]) {
      const refused = await get(`/api/consultants/${owner.consultantId}/cv-file`, token);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ message: KEPT_CV_MESSAGES.notFound });
    }
    // The other person's own path is theirs: they keep nothing.
    expect((await get("/api/my-consultant-profile/cv-file", other.token)).status).toBe(404);
    expect((await get("/api/my-consultant-profile/cv-file")).status).toBe(401);
    // A malformed id names nothing.
    expect((await get("/api/consultants/abc/cv-file", admin.token)).status).toBe(404);
  });

  it("keeps one file per profile: a new one replaces the old, whose object is deleted", async () => {
    const { owner, row: first } = await ownerKeepingACv("first.pdf");
    const second = await corpus("p11/01-le-hoang-anh-p11.docx");
    const imported = await importFile(second, "Lê Hoàng Anh P11.docx", owner.token, "on");
    expect(imported.json.attachment).toMatchObject({ filename: "Lê Hoàng Anh P11.docx", size: second.byteLength });
    const rows = await api.database.sql<
      { storage_key: string }[]
    >`select storage_key from kept_cv_files where user_id = ${owner.id}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.storage_key).not.toBe(first!.storage_key);
    // The old object goes by the removals job.
    await expect.poll(() => storedCvs(), { timeout: 20_000 }).not.toContain(path.basename(first!.storage_key));
    expect(await storedCvs()).toContain(path.basename(rows[0]!.storage_key));
    const download = await get("/api/my-consultant-profile/cv-file", owner.token);
    expectDownload(download, {
      contentType: DOCX_TYPE,
      disposition: `attachment; filename="Le-Hoang-Anh-P11.docx"; filename*=UTF-8''${encodeURIComponent("Lê Hoàng Anh P11.docx")}`,
    });
    expect(Buffer.from(await download.arrayBuffer())).toEqual(second);
  });

  it("the owner removes the kept file: row and object gone, then 404", async () => {
    const { owner, row } = await ownerKeepingACv();
    const removed = await get("/api/my-consultant-profile/cv-file", owner.token, "DELETE");
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ message: KEPT_CV_MESSAGES.removed });
    await expect.poll(() => storedCvs(), { timeout: 20_000 }).not.toContain(path.basename(row!.storage_key));
    expect((await get("/api/my-consultant-profile/cv-file", owner.token)).status).toBe(404);
    expect((await get("/api/my-consultant-profile/cv-file", owner.token, "DELETE")).status).toBe(404);
    expect((await get("/api/my-consultant-profile/cv-file", undefined, "DELETE")).status).toBe(401);
  });

  it("never keeps a file that is refused, nor one over the size limit (the body is bounded)", async () => {
    const owner = await signedInConsultant();
    const before = await storedCvs();
    const notACv = await importFile(new TextEncoder().encode("just some words, not a CV"), "cv.pdf", owner.token, "true");
    expect(notACv.status).toBe(415);
    const unreadable = docx([para("Curriculum vitae")].join("")).slice(0, 200);
    expect((await importFile(unreadable, "cv.docx", owner.token, "true")).status).toBeLessThan(500);
    const tooLarge = await importFile(new Uint8Array(CV_IMPORT_LIMITS.bytes + 1), "big.pdf", owner.token, "true");
    expect(tooLarge.status).toBe(413);
    expect(await storedCvs()).toEqual(before);
    expect((await get("/api/my-consultant-profile/cv-file", owner.token)).status).toBe(404);
  });
});

describe("the kept file goes with the profile and with the account", () => {
  it("an admin deleting the profile deletes the kept CV and its object", async () => {
    const { owner, row } = await ownerKeepingACv();
    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const deleted = await get(`/api/admin/consultants/${owner.consultantId}`, admin.token, "DELETE");
    expect(deleted.status).toBe(200);
    const [left] = await api.database.sql`select count(*)::int as n from kept_cv_files where user_id = ${owner.id}`;
    expect(left!.n).toBe(0);
    await expect.poll(() => storedCvs(), { timeout: 20_000 }).not.toContain(path.basename(row!.storage_key));
    expect((await get("/api/my-consultant-profile/cv-file", owner.token)).status).toBe(404);
  });

  it("an account deleted in the database takes its kept CV; the hourly purge removes the object", async () => {
    const { owner, row } = await ownerKeepingACv();
    // The earlier tests' removal jobs must be done first: one still running would take this line
    // from under the purge (it removes every due line), and the purge would have nothing to do.
    await expect
      .poll(
        async () =>
          (
            await api.database.sql<{ n: number }[]>`
              select count(*)::int as n from pgboss.job
              where name = ${JOBS.storedFileRemovals} and state in ('created', 'retry', 'active')`
          )[0]!.n,
        { timeout: 20_000 },
      )
      .toBe(0);
    await api.database.sql`delete from auth_users where id = ${owner.id}`;
    const [queued] = await api.database.sql`
      select count(*)::int as n from stored_file_removals where storage_key = ${row!.storage_key}`;
    expect(queued!.n).toBe(1);
    const { createStorage } = await import("#server/services/storage.ts");
    const purged = await purgeExpired(api.database.db, { storage: createStorage(api.config) });
    expect(purged.files).toBeGreaterThanOrEqual(1);
    expect(await storedCvs()).not.toContain(path.basename(row!.storage_key));
    const [left] = await api.database
      .sql`select count(*)::int as n from stored_file_removals where storage_key = ${row!.storage_key}`;
    expect(left!.n).toBe(0);
  });
});

describe("keptCvFileName", () => {
  it("keeps letters of any script, drops paths and unsafe characters, and takes the content's extension", () => {
    expectAnswers(
      ([name, extension]: Parameters<typeof keptCvFileName>) => keptCvFileName(name, extension),
      [
        [["Nguyễn Thị Lan CV.pdf", "pdf"], "Nguyễn Thị Lan CV.pdf"],
        [["../../etc/passwd", "xml"], "passwd.xml"],
        [['a"b;c\r\nd<e>.docx', "docx"], "a-b-c-d-e.docx"],
        [["report.exe", "pdf"], "report.pdf"],
        [["", "pdf"], "CV.pdf"],
        [["...", "pdf"], "CV.pdf"],
        [["ก".repeat(300), "pdf"], `${"ก".repeat(96)}.pdf`],
      ],
    );
  });
});
