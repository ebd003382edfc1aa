import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { MetaDescriptor } from "react-router";
import { LOCALES, type Locale, localizePath, ogLocale, toLocale } from "#common/locales.ts";
import { i18nFor } from "../i18n/i18n.ts";

type RootData = { siteName: string; publicUrl: string; locale?: string } | undefined;
type MetaArgsLike = { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>; location: { pathname: string } };

export function rootData(args: MetaArgsLike): { siteName: string; publicUrl: string; locale: Locale } {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as RootData;
  return root
    ? { siteName: root.siteName, publicUrl: root.publicUrl, locale: toLocale(root.locale) }
    : { siteName: "DevConsult SEA", publicUrl: "", locale: "en" };
}

/** The Lingui instance of a `meta` function's page (components use `useLingui()`). */
export function metaI18n(args: MetaArgsLike) {
  return i18nFor(rootData(args).locale);
}

/**
 * Title, description, canonical URL, the page in every language (hreflang, x-default = English)
 * and Open Graph tags for a page. `path` is the page's path in the English tree (the router's
 * location has no language prefix); the canonical URL is the page in its own language, except
 * where the main content is what people wrote (a profile, search results): that is not
 * translated, so `canonicalInEnglish` points every language at the English URL.
 */
export function pageMeta(
  args: MetaArgsLike,
  page: {
    title?: string;
    description: string;
    path?: string;
    image?: string | null;
    type?: string;
    noindex?: boolean;
    canonicalInEnglish?: boolean;
    /** Twitter card: a large image by default when there is an image; "summary" suits a square photo. */
    card?: "summary" | "summary_large_image";
  },
): MetaDescriptor[] {
  const { siteName, publicUrl, locale } = rootData(args);
  const i18n = i18nFor(locale);
  const title = page.title
    ? `${page.title} | ${siteName}`
    : i18n._(msg`${siteName}: international development consultants in Southeast Asia`);
  const path = page.path ?? args.location.pathname;
  const urlIn = (language: Locale) => `${publicUrl}${localizePath(language, path)}`;
  const url = urlIn(locale);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: page.canonicalInEnglish ? urlIn("en") : url },
    ...LOCALES.map((language) => ({ tagName: "link", rel: "alternate", hrefLang: language, href: urlIn(language) })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: urlIn("en") },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:locale", content: ogLocale(locale) },
    { name: "twitter:card", content: page.card ?? (page.image ? "summary_large_image" : "summary") },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
  ];
  if (page.image) {
    const image = page.image.startsWith("http") ? page.image : `${publicUrl}${page.image}`;
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (page.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

type PrivatePage = {
  /** A descriptor (msg`…`) is shown in the page's language. */
  title: string | MessageDescriptor;
  description: string | MessageDescriptor;
  /** The canonical path, from the route's params where it holds one. */
  path?: string | ((params: Record<string, string | undefined>) => string);
};

/** The meta function of a page search engines must not index (an account's page, a private link). */
export function privatePageMeta(page: PrivatePage) {
  return (args: MetaArgsLike & { params: Record<string, string | undefined> }) => {
    const i18n = metaI18n(args);
    const text = (value: string | MessageDescriptor) => (typeof value === "string" ? value : i18n._(value));
    return pageMeta(args, {
      title: text(page.title),
      description: text(page.description),
      path: typeof page.path === "function" ? page.path(args.params) : page.path,
      noindex: true,
    });
  };
}
