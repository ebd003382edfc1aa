// Text put into markup this server writes by hand (the e-mails' HTML part, the sitemaps, the API
// reference page, the Europass XML): one escaper for all of them. Numeric references for the five
// characters HTML and XML reserve are valid in both, in element text and in quoted attributes.

/** `text` with & < > " ' written as character references. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
