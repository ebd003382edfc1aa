import { XMLParser } from "fast-xml-parser";
import { CV_IMPORT_MESSAGES } from "#common/cv-import.ts";
import { ImportRefused } from "./refusal.ts";

// XML with entity expansion off: a document type declaration (where external entities and the
// "billion laughs" live) is refused outright, and the parser itself expands nothing; only the
// five predefined entities and character references are decoded, by hand, afterwards.

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

/** The root of an XML document, or ImportRefused for a DOCTYPE or a document that is not XML. */
export function parseXml(text: string): XmlNode {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) {
    throw new ImportRefused(
      "unsupported",
      "This XML file declares a document type or entities, which a CV never needs: it was not read.",
    );
  }
  try {
    return parser.parse(text, true) as XmlNode;
  } catch {
    throw new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable);
  }
}

const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The five predefined entities and numeric character references; anything else stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return PREDEFINED[name.toLowerCase()] ?? whole;
  });
}

/** A node's children of one name as a list (the parser gives one child as an object). */
export function list(node: unknown, key: string): XmlNode[] {
  if (!node || typeof node !== "object") return [];
  const value = (node as XmlNode)[key];
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map((item) =>
    typeof item === "object" ? (item as XmlNode) : { "#text": item },
  );
}

/** The first node down a path of names ("Period.From"). */
export function at(node: unknown, path: string): XmlNode | undefined {
  let current: unknown = node;
  for (const key of path.split(".")) {
    const next = list(current, key)[0];
    if (!next) return undefined;
    current = next;
  }
  return current as XmlNode;
}

/** The text of a node, entities decoded, HTML markup (Europass keeps rich text escaped) as line breaks. */
export function textOf(node: unknown): string {
  if (node === undefined || node === null) return "";
  if (typeof node === "string" || typeof node === "number") return clean(String(node));
  if (typeof node === "object") {
    const text = (node as XmlNode)["#text"];
    if (typeof text === "string" || typeof text === "number") return clean(String(text));
  }
  return "";
}

function clean(raw: string): string {
  const decoded = decodeEntities(raw);
  if (!/<\/?[a-z][^>]*>/i.test(decoded)) return decoded.trim();
  return decodeEntities(
    decoded
      .replace(/<\s*(br|\/p|\/li|\/div|\/h\d)\s*\/?>/gi, "\n")
      .replace(/<\s*li[^>]*>/gi, "• ")
      .replace(/<[^>]+>/g, ""),
  )
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
}

/** The text down a path ("Employer.Name"). */
export function textAt(node: unknown, path: string): string {
  return textOf(at(node, path));
}

/** An attribute of a node. */
export function attr(node: unknown, name: string): string {
  if (!node || typeof node !== "object") return "";
  const value = (node as XmlNode)[`@${name}`];
  return typeof value === "string" ? decodeEntities(value).trim() : "";
}
