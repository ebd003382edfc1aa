import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { escapeMarkup } from "./markup.ts";

describe("escapeMarkup", () => {
  it("writes the five reserved characters as references, and leaves every other letter as it is", () => {
    expect(escapeMarkup(`<b title="x">Tom & Jerry's</b>`)).toBe("&#60;b title=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/b&#62;");
    expect(escapeMarkup("Nguyễn Thị Lan · นักประเมิน · محمد")).toBe("Nguyễn Thị Lan · นักประเมิน · محمد");
  });

  it("gives text an XML parser reads back unchanged, in an element and in an attribute", () => {
    const value = `a <script>"x" & 'y'</script> b`;
    const parsed = new XMLParser({ ignoreAttributes: false, processEntities: true, htmlEntities: true }).parse(
      `<root note="${escapeMarkup(value)}">${escapeMarkup(value)}</root>`,
    );
    expect(parsed.root["#text"]).toBe(value);
    expect(parsed.root["@_note"]).toBe(value);
  });
});
