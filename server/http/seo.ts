import { Hono } from "hono";
import { LOCALES, localePrefix, localizePath } from "#common/locales.ts";
import { escapeMarkup } from "../services/markup.ts";
import { listSitemapOpportunities } from "../services/opportunities/search.ts";
import { listSitemapBlocks, listSitemapProfiles, MAX_SITEMAP_BLOCK, STATIC_PAGE_PATHS } from "../services/sitemap.ts";
import type { HttpDeps, HttpEnv } from "./context.ts";

// /robots.txt and the sitemap index with its files, for search engines.

const XML = "application/xml; charset=utf-8";
const CACHE = "public, max-age=3600";

/**
 * One URL with the same page in every language (hreflang alternates and x-default, the English
 * page), as the pages' own <link rel="alternate"> tags list them.
 */
function urlEntry(site: string, loc: string, path: string, lastModified?: Date): string {
  const alternates = [...LOCALES.map((locale) => [locale, localizePath(locale, path)] as const), ["x-default", path] as const]
    .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeMarkup(`${site}${href}`)}"/>`)
    .join("");
  return `<url><loc>${escapeMarkup(loc)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ""}${alternates}</url>`;
}

export function createSeoRoutes({ db, config }: Pick<HttpDeps, "db" | "config">) {
  const routes = new Hono<HttpEnv>();
  const site = config.publicUrl;

  routes.get("/robots.txt", (c) => {
    c.header("Cache-Control", CACHE);
    return c.text(
      [
        "User-agent: *",
        "Allow: /",
        ...LOCALES.flatMap((locale) => [
          `Disallow: ${localePrefix(locale)}/admin`,
          `Disallow: ${localePrefix(locale)}/profile/`,
          `Disallow: ${localePrefix(locale)}/my-consultant-profile`,
        ]),
        "Disallow: /api/",
        "",
        `Sitemap: ${site}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });

  routes.get("/sitemap.xml", async (c) => {
    const blocks = await listSitemapBlocks(db);
    const entries = [
      `<sitemap><loc>${escapeMarkup(`${site}/sitemaps/pages.xml`)}</loc></sitemap>`,
      `<sitemap><loc>${escapeMarkup(`${site}/sitemaps/opportunities.xml`)}</loc></sitemap>`,
      ...blocks.map(
        ({ block, lastModified }) =>
          `<sitemap><loc>${escapeMarkup(`${site}/sitemaps/consultants-${block}.xml`)}</loc><lastmod>${lastModified.toISOString()}</lastmod></sitemap>`,
      ),
    ];
    c.header("Content-Type", XML);
    c.header("Cache-Control", CACHE);
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</sitemapindex>\n`,
    );
  });

  routes.get("/sitemaps/pages.xml", (c) => {
    c.header("Content-Type", XML);
    c.header("Cache-Control", CACHE);
    // Each page in each language: the translated pages are canonical in their own language.
    return c.body(
      urlset(
        STATIC_PAGE_PATHS.flatMap((path) =>
          LOCALES.map((locale) => urlEntry(site, `${site}${localizePath(locale, path)}`, path)),
        ),
      ),
    );
  });

  // Opportunities while they are open for applications (issue 32).
  routes.get("/sitemaps/opportunities.xml", async (c) => {
    const open = await listSitemapOpportunities(db);
    c.header("Content-Type", XML);
    c.header("Cache-Control", CACHE);
    // A ToR is what its organization wrote: the English page is listed, with its alternates.
    return c.body(urlset(open.map(({ path, lastModified }) => urlEntry(site, `${site}${path}`, path, lastModified))));
  });

  routes.get("/sitemaps/:file{consultants-[1-9][0-9]{0,5}\\.xml}", async (c) => {
    const block = Number(/\d+/.exec(c.req.param("file"))?.[0]);
    if (block > MAX_SITEMAP_BLOCK) return c.text("No such sitemap", 404);
    const profiles = await listSitemapProfiles(db, block);
    if (profiles.length === 0) return c.text("No such sitemap", 404);
    c.header("Content-Type", XML);
    c.header("Cache-Control", CACHE);
    // A profile is what its consultant wrote: every language's page is canonical on the English
    // one, which alone is listed, with its alternates.
    return c.body(
      urlset(
        profiles.map(({ id, lastModified }) => urlEntry(site, `${site}/consultant/${id}`, `/consultant/${id}`, lastModified)),
      ),
    );
  });

  return routes;
}

function urlset(entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
}
