// The order of a person's names. Vietnamese names are written family name first ("Nguyễn Thị
// Lan", "Trần Minh Khoa"); the region's other names as this site shows them, given names first
// ("Somchai Wongsawat", "Siti Rahmawati"). The donors' forms (P11, the EU annex, Europass) ask for
// the family name apart, and a Vietnamese CV read back must keep its order.

/**
 * The commonest Vietnamese family names (nine in ten Vietnamese carry one of them), with and
 * without their diacritics where the bare spelling is not also a common word or name elsewhere
 * ("Le", "Do", "Ho", "Ly" only with their marks).
 */
const VIETNAMESE_FAMILY_NAMES: ReadonlySet<string> = new Set(
  [
    ...["nguyễn", "trần", "lê", "phạm", "hoàng", "huỳnh", "phan", "vũ", "võ", "đặng", "bùi", "đỗ", "hồ", "ngô"],
    ...["dương", "lý", "đinh", "trương", "đoàn", "trịnh", "lương", "phùng", "quách", "đào", "lâm"],
    ...["nguyen", "tran", "pham", "hoang", "huynh", "vu", "vo", "dang", "bui", "ngo", "duong", "dinh", "truong"],
    ...["doan", "trinh", "luong", "phung", "quach"],
  ].map((name) => name.normalize("NFC")),
);

/** Whether this word is a family name written before the given names ("Nguyễn", "Tran"). */
export function isFamilyNameFirst(word: string): boolean {
  return VIETNAMESE_FAMILY_NAMES.has(word.trim().normalize("NFC").toLocaleLowerCase("vi"));
}

/**
 * A name as the donors' forms ask for it: "Trần Minh Khoa" is Trần, Minh Khoa; "Somchai
 * Wongsawat" is Wongsawat, Somchai (the last word). One word is a given name ("—" as family name).
 */
export function nameParts(name: string): { given: string; family: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return { given: words[0] ?? "", family: "—" };
  if (isFamilyNameFirst(words[0] ?? "")) return { family: words[0] ?? "", given: words.slice(1).join(" ") };
  return { given: words.slice(0, -1).join(" "), family: words.at(-1) ?? "" };
}

/** Given and family names as the person writes them whole: "Nguyễn Thị Lan", "Somchai Wongsawat". */
export function fullName(given: string, family: string): string {
  const first = family.trim().split(/\s+/)[0] ?? "";
  return (isFamilyNameFirst(first) ? [family, given] : [given, family])
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
}
