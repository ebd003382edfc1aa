import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { deflateRawSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CV_IMPORT_LIMITS, CV_IMPORT_MESSAGES } from "#common/cv-import.ts";
import { readInWorker } from "#server/services/cv-import/read-in-worker.ts";
import { ImportRefused } from "#server/services/cv-import/refusal.ts";
import { docx, para, pdf, zip } from "../../../tests/fixtures/cv/write-files.ts";
import { importCv, startApiApp } from "../../../tests/setup/api-app.ts";
import { processCpuMs } from "../../../tests/setup/thread-cpu.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { cvImportResultSchema } from "../openapi/cv.ts";

// POST /api/my-consultant-profile/import (issue 34): drafts from a CV, and hostile files each
// refused or read safely within the bounds, never a 5xx.

const CORPUS = path.resolve(import.meta.dirname, "../../../tests/fixtures/cv");

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp({ REQUIRE_APPROVAL: "false" });
});
afterAll(async () => {
  await api?.close();
});

const importFile = (bytes: Uint8Array, name: string, token?: string) =>
  importCv(api.app, { bytes, name }, { token, ip: "192.0.2.77" });

const corpus = (file: string) => readFile(path.join(CORPUS, file));

describe("POST /api/my-consultant-profile/import", () => {
  it("needs a session (401), before the file is read", async () => {
    const response = await importFile(await corpus("p11/01-le-hoang-anh-p11.docx"), "cv.docx");
    expect(response.status).toBe(401);
  });

  it("answers drafts of a P11, with the donors, countries and languages canonical, saving nothing", async () => {
    const user = await insertSignedInUser(api.database.db);
    const response = await importFile(await corpus("p11/01-le-hoang-anh-p11.docx"), "P11 Le Hoang Anh.docx", user.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(cvImportResultSchema.safeParse(response.json).error).toBeUndefined();
    expect(response.json.format).toBe("p11-docx");
    expect(response.json.drafts.profile.name).toBe("Lê Hoàng Anh");
    expect(response.json.drafts.assignments[0]).toMatchObject({
      organization: "Ministry of Industry and Trade",
      donors: ["GIZ"],
      countries: ["Vietnam"],
      startDate: expect.stringMatching(/^\d{4}-\d{2}$/),
    });
    expect(response.json.drafts.languages).toContainEqual({ name: "Vietnamese", level: "native" });
    expect(response.json.attachment).toBeNull();
    // Nothing saved: the person still has no profile.
    const own = await api.app.request("/api/my-consultant-profile", { headers: { authorization: `Bearer ${user.token}` } });
    expect(own.status).toBe(404);
  });

  it("reads a Europass PDF from the XML it carries", async () => {
    const user = await insertSignedInUser(api.database.db);
    const response = await importFile(await corpus("europass/11-europass-pdf-with-xml.pdf"), "europass.pdf", user.token);
    expect(response.status).toBe(200);
    expect(response.json.format).toBe("europass-pdf");
    expect(response.json.drafts.profile.name).toBe("Nguyễn Thị Lan");
    // The address's country fills the form's Country (required), not only its location.
    expect(response.json.drafts.profile.country).toBe("Vietnam");
    expect(response.json.drafts.assignments.length).toBe(4);
  });

  it("says plainly what it could not read", async () => {
    const user = await insertSignedInUser(api.database.db);
    const file = docx([para("Curriculum vitae"), para("Somsak Jaidee"), para("I have worked in many places.")].join(""));
    const response = await importFile(file, "cv.docx", user.token);
    expect(response.status).toBe(200);
    expect(response.json.format).toBe("docx");
    expect(response.json.warnings).toContain("No section of work experience was found: add your assignments by hand.");
  });
});

describe("hostile files", () => {
  it("never follows an image linked to an outside file (the DOCX external image link)", async () => {
    const hits: string[] = [];
    const server = createServer((request, response) => {
      hits.push(request.url ?? "");
      response.end("nothing");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const user = await insertSignedInUser(api.database.db);
      const image = (id: string) =>
        `<w:p><w:r><w:drawing><wp:inline><wp:extent cx="100" cy="100"/><wp:docPr id="1" name="x"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="x"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="${id}"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
      const file = docx([para("Chanthy Sok"), image("rIdRemote"), image("rIdLocal"), para("Work Experience")].join(""), {
        relationships: `<Relationship Id="rIdRemote" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://127.0.0.1:${port}/tracker.png" TargetMode="External"/><Relationship Id="rIdLocal" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="file:///etc/passwd" TargetMode="External"/>`,
      });
      const response = await importFile(file, "cv.docx", user.token);
      expect(response.status).toBe(200);
      expect(response.json.warnings).toContain("Images linked to outside files were ignored.");
      expect(JSON.stringify(response.json)).not.toContain("root:");
      expect(hits).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("refuses a zip bomb: a part inflating past the limits, and a part lying about its size", async () => {
    const user = await insertSignedInUser(api.database.db);
    // 200 MB of zeros: about 200 KB compressed, its size declared honestly.
    const huge = zip([
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "word/document.xml", data: new Uint8Array(200 * 1024 * 1024) },
    ]);
    expect(huge.byteLength).toBeLessThan(CV_IMPORT_LIMITS.bytes);
    const first = await importFile(huge, "cv.docx", user.token);
    expect(first.status).toBe(413);
    expect(first.json.message).toContain("zip bomb");

    // A part that declares 1 KB and inflates to 50 MB.
    const liar = zip([
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "word/document.xml", data: "<w:document/>".padEnd(1024, " ") },
    ]);
    const bomb = deflateRawSync(new Uint8Array(50 * 1024 * 1024));
    const forged = forgeEntry(liar, "word/document.xml", bomb);
    const second = await importFile(forged, "cv.docx", user.token);
    expect(second.status).toBe(413);
    expect(second.json.message).toContain("zip bomb");
  });

  it("refuses XML with external entities or a billion-laughs expansion, and reads nothing from the disk", async () => {
    const user = await insertSignedInUser(api.database.db);
    const xxe = `<?xml version="1.0"?><!DOCTYPE SkillsPassport [<!ENTITY secret SYSTEM "file:///etc/passwd">]><SkillsPassport><LearnerInfo><Identification><PersonName><FirstName>&secret;</FirstName></PersonName></Identification></LearnerInfo></SkillsPassport>`;
    // The reading thread's start costs ~400 ms of CPU; the refusal itself next to nothing.
    const CPU_BOUND = 2000;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]><SkillsPassport><LearnerInfo><Identification><PersonName><FirstName>&lol9;</FirstName></PersonName></Identification></LearnerInfo></SkillsPassport>`;
    for (const text of [xxe, laughs]) {
      // CPU of every thread (the reading thread's start included), not the wall clock, which a
      // loaded CI machine stretched past 5 s once.
      const before = processCpuMs();
      const response = await importFile(Buffer.from(text), "europass.xml", user.token);
      const cpu = processCpuMs() - before;
      console.info(`refusing ${text === xxe ? "XXE" : "billion laughs"}: ${cpu.toFixed(0)} ms of CPU`);
      expect(response.status).toBe(415);
      expect(response.json.message).toContain("declares a document type or entities");
      expect(JSON.stringify(response.json)).not.toContain("root:");
      expect(cpu).toBeLessThan(CPU_BOUND);
    }
    // The same inside a Word document's own XML.
    const file = zip([
      { name: "[Content_Types].xml", data: "<Types/>" },
      { name: "word/document.xml", data: xxe },
    ]);
    const response = await importFile(file, "cv.docx", user.token);
    expect(response.status).toBe(415);
  });

  it("reads a PDF carrying JavaScript as text only", async () => {
    const user = await insertSignedInUser(api.database.db);
    const marker = path.join(api.config.dataDir, "pdf-script-ran");
    const bytes = await pdf((doc) => {
      doc.font("Regular").fontSize(12).text("Kanya Suwannarat");
      doc.text("Work Experience");
      doc.text("Mar 2019 – Jun 2021");
      doc.text("Social Accountability Adviser, The Asia Foundation, Battambang, Cambodia");
    });
    // An OpenAction running JavaScript, added to the catalog by hand.
    const withScript = addOpenActionScript(
      bytes,
      `app.alert("hello"); require("fs").writeFileSync(${JSON.stringify(marker)}, "ran");`,
    );
    const response = await importFile(withScript, "cv.pdf", user.token);
    expect(response.status).toBe(200);
    expect(response.json.drafts.assignments[0]).toMatchObject({ startDate: "2019-03", endDate: "2021-06" });
    await expect(readFile(marker)).rejects.toThrow();
  });

  it("refuses a 10 000-page PDF at once, and a PDF over 30 pages", async () => {
    const user = await insertSignedInUser(api.database.db);
    const pages = manyPagesPdf(10_000);
    expect(pages.byteLength).toBeLessThan(CV_IMPORT_LIMITS.bytes);
    const started = Date.now();
    const response = await importFile(pages, "cv.pdf", user.token);
    expect(response.status).toBe(413);
    expect(response.json.message).toBe(CV_IMPORT_MESSAGES.tooManyPages);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await importFile(manyPagesPdf(31), "cv.pdf", user.token)).status).toBe(413);
    expect((await importFile(manyPagesPdf(30), "cv.pdf", user.token)).status).toBe(200);
  });

  it("goes by what a file is, not what its name says", async () => {
    const user = await insertSignedInUser(api.database.db);
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");
    const renamed = await importFile(png, "cv.pdf", user.token);
    expect(renamed.status).toBe(415);
    expect(renamed.json.message).toBe(CV_IMPORT_MESSAGES.wrongType);
    // A PDF named .docx is read as the PDF it is.
    const pdfAsDocx = await importFile(await corpus("pdf/03-sophea-kim.pdf"), "cv.docx", user.token);
    expect(pdfAsDocx.status).toBe(200);
    expect(pdfAsDocx.json.format).toBe("pdf");
    // A zip that is no Word document, an old .doc, an XML that is no Europass CV.
    const notWord = await importFile(zip([{ name: "readme.txt", data: "hello" }]), "cv.docx", user.token);
    expect(notWord.status).toBe(415);
    const oldWord = await importFile(Buffer.from("d0cf11e0a1b11ae1000000000000000000000000", "hex"), "cv.doc", user.token);
    expect(oldWord.status).toBe(415);
    expect(oldWord.json.message).toContain(".docx");
    const otherXml = await importFile(
      Buffer.from("<?xml version='1.0'?><invoice><total>3</total></invoice>"),
      "cv.xml",
      user.token,
    );
    expect(otherXml.status).toBe(415);
    // Broken files are a 400 that says so.
    const broken = await importFile(Buffer.from("%PDF-1.7\nthis is not a pdf at all"), "cv.pdf", user.token);
    expect([200, 400]).toContain(broken.status);
    const empty = await importFile(new Uint8Array(0), "cv.pdf", user.token);
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe(CV_IMPORT_MESSAGES.noFile);
  });

  it("refuses a file over 5 MB with 413 before reading it", async () => {
    const user = await insertSignedInUser(api.database.db);
    const response = await importFile(new Uint8Array(CV_IMPORT_LIMITS.bytes + 200 * 1024), "cv.pdf", user.token);
    expect(response.status).toBe(413);
    expect(response.json.message).toBe(CV_IMPORT_MESSAGES.tooLarge);
  });

  it("stops a reader past its time or its memory, with a message that says which", async () => {
    const bytes = await corpus("pdf/01-wanida-kittisak.pdf");
    await expect(readInWorker(bytes, { timeoutMs: 5, memoryMb: 256 })).rejects.toMatchObject({
      kind: "too-slow",
      message: CV_IMPORT_MESSAGES.tooSlow,
    });
    const outOfMemory = await readInWorker(bytes, { timeoutMs: 20_000, memoryMb: 4 }).catch((error: unknown) => error);
    expect(outOfMemory).toBeInstanceOf(ImportRefused);
    expect(["too-big", "unreadable"]).toContain((outOfMemory as ImportRefused).kind);
    expect((outOfMemory as ImportRefused).message).toBe(
      (outOfMemory as ImportRefused).kind === "too-big" ? CV_IMPORT_MESSAGES.tooBig : CV_IMPORT_MESSAGES.unreadable,
    );
    // The process is none the worse: the same file reads within the normal bounds.
    await expect(readInWorker(bytes)).resolves.toMatchObject({ format: "pdf" });
  });

  it("limits imports per person (429)", async () => {
    const user = await insertSignedInUser(api.database.db);
    const tiny = Buffer.from("not a cv");
    for (let index = 0; index < CV_IMPORT_LIMITS.perHour; index += 1) {
      expect((await importFile(tiny, "cv.txt", user.token)).status).toBe(415);
    }
    const limited = await importFile(tiny, "cv.txt", user.token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

// ---------------------------------------------------------------------------------------------

/** The zip with one entry's data replaced by `data` (compressed), its declared sizes left as they were. */
function forgeEntry(archive: Buffer, name: string, data: Buffer): Buffer {
  const local = archive.indexOf(Buffer.from(name));
  const header = local - 30;
  const compressedSize = archive.readUInt32LE(header + 18);
  const start = local + name.length;
  const before = Buffer.from(archive.subarray(0, start));
  before.writeUInt32LE(data.length, header + 18);
  const after = Buffer.from(archive.subarray(start + compressedSize));
  // Central directory: same entry, compressed size and offsets after it shift.
  const shift = data.length - compressedSize;
  const out = Buffer.concat([before, data, after]);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const directory = out.readUInt32LE(end + 16) + shift;
  out.writeUInt32LE(directory, end + 16);
  let offset = directory;
  while (out.readUInt32LE(offset) === 0x02014b50) {
    const nameLength = out.readUInt16LE(offset + 28);
    const entryName = out.subarray(offset + 46, offset + 46 + nameLength).toString();
    if (entryName === name) out.writeUInt32LE(data.length, offset + 20);
    const localOffset = out.readUInt32LE(offset + 42);
    if (localOffset > header) out.writeUInt32LE(localOffset + shift, offset + 42);
    offset += 46 + nameLength + out.readUInt16LE(offset + 30) + out.readUInt16LE(offset + 32);
  }
  return out;
}

/** A PDF of `count` empty pages, written by hand (a few dozen bytes a page). */
function manyPagesPdf(count: number): Buffer {
  const objects: string[] = [];
  objects.push("<< /Type /Catalog /Pages 2 0 R >>");
  const kids = Array.from({ length: count }, (_, index) => `${index + 4} 0 R`).join(" ");
  objects.push(`<< /Type /Pages /Count ${count} /Kids [${kids}] >>`);
  objects.push("<< /Length 0 >>\nstream\n\nendstream");
  for (let index = 0; index < count; index += 1)
    objects.push("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>");
  const parts = ["%PDF-1.4\n"];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = `${index + 1} 0 obj\n${object}\nendobj\n`;
    parts.push(part);
    length += part.length;
  });
  let body = parts.join("");
  const xref = length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A PDF with an OpenAction running `script`, appended as an incremental update of its catalog. */
function addOpenActionScript(original: Buffer, script: string): Buffer {
  const text = original.toString("latin1");
  const root = /\/Root (\d+) 0 R/.exec(text)?.[1];
  const size = Number(/\/Size (\d+)/.exec(text)?.[1]);
  const previous = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const catalog = new RegExp(`\\n${root} 0 obj\\s*(<<[\\s\\S]*?>>)\\s*endobj`).exec(text)?.[1];
  if (!root || !catalog) throw new Error("no catalog");
  const action = size;
  const updatedCatalog = catalog.replace(/>>\s*$/, ` /OpenAction ${action} 0 R >>`);
  let update = "\n";
  const offsets: [number, number][] = [];
  offsets.push([Number(root), original.length + Buffer.byteLength(update)]);
  update += `${root} 0 obj\n${updatedCatalog}\nendobj\n`;
  offsets.push([action, original.length + Buffer.byteLength(update)]);
  update += `${action} 0 obj\n<< /Type /Action /S /JavaScript /JS (${script.replace(/[()\\]/g, "\\$&")}) >>\nendobj\n`;
  const xref = original.length + Buffer.byteLength(update);
  update += `xref\n0 1\n0000000000 65535 f \n${offsets.map(([id, offset]) => `${id} 1\n${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  update += `trailer\n<< /Size ${size + 1} /Root ${root} 0 R /Prev ${previous} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([original, Buffer.from(update, "latin1")]);
}
