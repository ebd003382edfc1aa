import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { inlineStylesheet } from "./inline-stylesheet.server.ts";

const href = "/assets/app-abc.css";
const link = `<link rel="stylesheet" href="${href}" data-precedence="default"/>`;
const page = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${link}<title>Trần Thị Hương · Hà Nội</title></head><body><p>Nguyễn “Linh”</p></body></html>`;

/** The page cut into chunks of `size` bytes, cutting through </head> and through multibyte characters. */
function chunks(size: number) {
  const bytes = Buffer.from(page, "utf8");
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) parts.push(bytes.subarray(start, start + size));
  return parts;
}

describe("inlineStylesheet", () => {
  it("writes the stylesheet into the head and keeps React's link as print-only, whatever the chunks", async () => {
    const css = ".a{color:red}";
    const expected = page.replace(
      link,
      `<style>${css}</style><link rel="stylesheet" href="${href}" data-precedence="default" media="print"/>`,
    );
    for (const size of [1, 3, 7, 64, 4096]) {
      expect(await text(Readable.from(chunks(size)).pipe(inlineStylesheet(href, css))), `chunks of ${size}`).toBe(expected);
    }
  });

  it("passes the page through untouched where the stylesheet is not built, or has no head", async () => {
    expect(await text(Readable.from(chunks(5)).pipe(inlineStylesheet(href, null)))).toBe(page);
    // The dev server's stylesheet is not in a client build beside this module.
    expect(await text(Readable.from(chunks(5)).pipe(inlineStylesheet(href)))).toBe(page);
    const headless = "<p>no head</p>";
    expect(await text(Readable.from([Buffer.from(headless)]).pipe(inlineStylesheet(href, ".a{}")))).toBe(headless);
  });
});
