import { inflateRawSync } from "node:zlib";
import { CV_IMPORT_MESSAGES } from "#common/cv-import.ts";
import { ImportRefused } from "./refusal.ts";

// A Word document is a zip. Before any library opens it, its central directory is read and every
// part is inflated here with a hard cap on its output: a zip bomb (parts that inflate to
// gigabytes, or that lie about their size), an encrypted or zip64 archive, too many parts, or a
// part declaring a document type (external entities) is refused. Links to outside files (an
// image linked rather than embedded) are reported, never followed.

export const ZIP_LIMITS = {
  entries: 2000,
  /** All parts together, inflated. */
  totalBytes: 64 * 1024 * 1024,
  /** One part, inflated. */
  entryBytes: 32 * 1024 * 1024,
} as const;

export type ZipEntry = { name: string; bytes: Uint8Array };

const bomb = () =>
  new ImportRefused("too-big", 'This Word file expands to far more than a CV could hold (a "zip bomb"): it was not read.');

function findEndOfDirectory(view: DataView): number {
  const earliest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let offset = view.byteLength - 22; offset >= earliest; offset -= 1) {
    if (view.getUint32(offset, true) === 0x06054b50) return offset;
  }
  return -1;
}

/** Every part of a zip, inflated within the limits; ImportRefused otherwise. */
export function readZip(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.byteLength >= 22 ? findEndOfDirectory(view) : -1;
  if (end < 0) throw new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw bomb();
  if (count > ZIP_LIMITS.entries) throw bomb();
  if (directoryOffset + directorySize > bytes.byteLength) throw new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable);

  const entries: ZipEntry[] = [];
  let total = 0;
  let offset = directoryOffset;
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > bytes.byteLength || view.getUint32(offset, true) !== 0x02014b50) {
      throw new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable);
    }
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localOffset = view.getUint32(offset + 42, true);
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;

    if (flags & 0x1)
      throw new ImportRefused(
        "unsupported",
        "This Word file is password-protected: save it without a password and import it again.",
      );
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) throw bomb();
    if (size > ZIP_LIMITS.entryBytes) throw bomb();
    total += size;
    if (total > ZIP_LIMITS.totalBytes) throw bomb();
    if (name.endsWith("/")) continue;

    if (localOffset + 30 > bytes.byteLength || view.getUint32(localOffset, true) !== 0x04034b50) {
      throw new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable);
    }
    const dataStart = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    if (data.byteLength !== compressedSize) throw new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable);
    let content: Uint8Array;
    if (method === 0) content = data;
    else if (method === 8) {
      try {
        // One byte more than declared: a part that inflates past its declared size is a lie.
        content = inflateRawSync(data, { maxOutputLength: size + 1 });
      } catch (error) {
        if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw bomb();
        throw new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable);
      }
    } else throw new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable);
    if (content.byteLength !== size) throw bomb();
    entries.push({ name, bytes: content });
  }
  return entries;
}

/** `externalLinks`: images linked to an outside file (never read; the import says so). */
export type DocxCheck = { externalLinks: number };

/** A zip that is a Word document, with nothing in it that asks for an entity or an outside file. */
export function checkDocx(entries: ZipEntry[]): DocxCheck {
  const names = new Set(entries.map((entry) => entry.name));
  if (!names.has("[Content_Types].xml") || !names.has("word/document.xml")) {
    throw new ImportRefused("unsupported", CV_IMPORT_MESSAGES.wrongType);
  }
  const decoder = new TextDecoder();
  let externalLinks = 0;
  for (const entry of entries) {
    if (!/\.(xml|rels)$/i.test(entry.name)) continue;
    const text = decoder.decode(entry.bytes);
    if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
      throw new ImportRefused(
        "unsupported",
        "This Word file declares a document type or entities, which a CV never needs: it was not read.",
      );
    }
    if (entry.name.endsWith(".rels")) {
      for (const relationship of text.match(/<Relationship\b[^>]*>/gi) ?? []) {
        if (/TargetMode\s*=\s*["']External["']/i.test(relationship) && /Type\s*=\s*["'][^"']*\/image["']/i.test(relationship)) {
          externalLinks += 1;
        }
      }
    }
  }
  return { externalLinks };
}
