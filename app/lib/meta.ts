import type { MetaDescriptor } from "react-router";

type RootData = { siteName: string; publicUrl: string } | undefined;
type MetaArgsLike = { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>; location: { pathname: string } };

export function rootData(args: MetaArgsLike): { siteName: string; publicUrl: string } {
  const root = args.matches.find((match) => match?.id === "root")?.loaderData as RootData;
  return root ?? { siteName: "DevConsult SEA", publicUrl: "" };
}

/** Title, description, canonical URL and Open Graph tags for a page. */
export function pageMeta(
  args: MetaArgsLike,
  page: {
    title?: string;
    description: string;
    path?: string;
    image?: string | null;
    type?: string;
    noindex?: boolean;
    /** Twitter card: a large image by default when there is an image; "summary" suits a square photo. */
    card?: "summary" | "summary_large_image";
  },
): MetaDescriptor[] {
  const { siteName, publicUrl } = rootData(args);
  const title = page.title
    ? `${page.title} | ${siteName}`
    : `${siteName}: international development consultants in Southeast Asia`;
  const url = `${publicUrl}${page.path ?? args.location.pathname}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:type", content: page.type ?? "website" },
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
  title: string;
  description: string;
  /** The canonical path, from the route's params where it holds one. */
  path?: string | ((params: Record<string, string | undefined>) => string);
};

/** The meta function of a page search engines must not index (an account's page, a private link). */
export function privatePageMeta(page: PrivatePage) {
  return (args: MetaArgsLike & { params: Record<string, string | undefined> }) =>
    pageMeta(args, {
      title: page.title,
      description: page.description,
      path: typeof page.path === "function" ? page.path(args.params) : page.path,
      noindex: true,
    });
}
