import { SHORTLIST_STAGES, type ShortlistEntry } from "#common/shortlists.ts";
import { formatRate } from "#common/track-record.ts";
import type { Actor } from "../context.ts";
import { accessibleList, type Deps, entriesOf } from "./access.ts";

// A list as CSV (issues 13 and 31): public profile fields and the entry's stage, one consultant a
// row, a rate only where it is public. The notes (the entry's note and the internal notes) leave
// the product only when a member asks for them (`?notes=1`). Every cell is quoted and a cell a
// spreadsheet would read as a formula is neutralised.

/**
 * A spreadsheet cell: quoted, quotes doubled, and a cell a spreadsheet would read as a formula
 * (starting with =, +, -, @, a tab or a carriage return) prefixed with an apostrophe.
 */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * Rows as a CSV file: every cell through csvCell, CRLF line ends, and a byte order mark so that
 * Excel reads the UTF-8 names (Thai, Vietnamese) as written.
 */
export function csvText(rows: readonly (readonly (string | number | boolean)[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

const HEADER = [
  "Name",
  "Title",
  "Location",
  "Country",
  "Years of experience",
  "Primary specialization",
  "Other specializations",
  "Languages",
  "Donors",
  "Daily rate",
  "Availability",
  "Profile",
  "Stage",
];

const NOTES_HEADER = ["Note", "Internal notes"];

function notesCells(entry: ShortlistEntry): string[] {
  const internal = entry.notes.map((note) => `${note.author} (${note.createdAt.slice(0, 10)}): ${note.text}`).join("\n");
  return [entry.note, internal];
}

/** A file name for the download: the list's name in safe characters. */
function fileName(name: string): string {
  const safe = name
    .normalize("NFKD")
    .replace(/[^\w -]+/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 60);
  return `${safe || "shortlist"}.csv`;
}

/** GET /api/shortlists/{id}/export.csv[?notes=1]: for the list's owner or its organization's members. */
export async function exportShortlistCsv(
  deps: Deps,
  actor: Actor,
  input: { id: number; notes?: boolean },
): Promise<{ filename: string; csv: string }> {
  const access = await accessibleList(deps.db, actor, input.id);
  const [publicEntries, memberEntries] = await Promise.all([
    entriesOf(deps.db, input.id, "public", { viewerId: access.userId }),
    input.notes ? entriesOf(deps.db, input.id, "member", { viewerId: access.userId }) : Promise.resolve([]),
  ]);
  const notesById = new Map(memberEntries.map((entry) => [entry.consultant.id, entry]));
  const rows = publicEntries.map((entry) => {
    const c = entry.consultant;
    const withNotes = notesById.get(c.id);
    return [
      c.name,
      c.title,
      c.location,
      c.country,
      c.yearsExperience,
      c.primarySpecialization,
      c.secondarySpecializations.join("; "),
      c.languages.join("; "),
      c.donors.join("; "),
      c.dailyRate ? formatRate(c.dailyRate) : "",
      c.availableForWork ? "Available" : "Unavailable",
      `${deps.config.publicUrl}/consultant/${c.id}`,
      SHORTLIST_STAGES.labels[entry.stage],
      ...(input.notes ? notesCells(withNotes ?? entry) : []),
    ];
  });
  const header = input.notes ? [...HEADER, ...NOTES_HEADER] : HEADER;
  return { filename: fileName(access.summary.name), csv: csvText([header, ...rows]) };
}
