import MarkdownIt from "markdown-it";

// The Terms of Reference's simple formatting (issue 32): headings, lists, links, emphasis and
// paragraphs, written as Markdown and rendered here once, when it is saved. markdown-it with `html`
// off escapes every tag the poster types, so raw HTML never reaches a page or an e-mail; tables,
// images and code blocks are switched off (a ToR needs none of them); a link may only point to
// http(s) or mailto, and opens as an untrusted, nofollowed link.

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

/** The renderer, configured once: created by a function, so that the module holds a finished object, nothing it changes later. */
function createRenderer() {
  const renderer = new MarkdownIt("zero", { html: false, linkify: false, breaks: true, typographer: false });
  renderer.enable([
    "heading",
    "lheading",
    "list",
    "paragraph",
    "newline",
    "emphasis",
    "link",
    "blockquote",
    "hr",
    "escape",
    "entity",
    "text_join",
  ]);
  renderer.validateLink = (url) => SAFE_LINK.test(url.trim());
  const { rules } = renderer.renderer;
  // Headings of a ToR sit under the page's own h1 and the section's h2: "# Objectives" becomes an h3.
  const level = (tag: string | undefined) => Math.min(6, Number((tag ?? "h1").slice(1)) + 2);
  rules.heading_open = (tokens, index) => `<h${level(tokens[index]?.tag)}>`;
  rules.heading_close = (tokens, index) => `</h${level(tokens[index]?.tag)}>\n`;
  rules.link_open = (tokens, index, options, _env, self) => {
    tokens[index]?.attrSet("rel", "nofollow ugc noopener noreferrer");
    tokens[index]?.attrSet("target", "_blank");
    return self.renderToken(tokens, index, options);
  };
  return renderer;
}

const markdown = createRenderer();

/** The ToR's Markdown as sanitized HTML: only the tags above, every other character escaped. */
export function renderTermsOfReference(source: string): string {
  return markdown.render(source);
}

/** The ToR as plain text (for an excerpt, an e-mail, the JSON-LD description): tags dropped, entities decoded. */
export function termsAsText(html: string): string {
  return html
    .replace(/<\/(p|h\d|li|blockquote)>/g, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
