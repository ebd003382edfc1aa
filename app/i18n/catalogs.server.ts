import { chunkCatalogs, messages } from "virtual:devconsult/i18n";
import type { Messages } from "@lingui/core";
import { DEFAULT_LOCALE, type Locale } from "#common/locales.ts";
import { setMessageSource } from "./i18n.ts";
import { translateSentence } from "./texts.ts";
import { setTextTranslator } from "./translate-text.ts";

// The server's side of the catalogues: the instances render from the build's copy of every
// language, and a page carries, inline, the strings of the chunks its first load imports.

// The server renders every language: the schemas' sentences are looked up in all of them.
setTextTranslator(translateSentence);

/** Missing translations, reported once per process each (the log line names the language and id). */
const reported = new Set<string>();
const unreported: { locale: Locale; id: string }[] = [];

setMessageSource(
  (locale) => (locale === DEFAULT_LOCALE ? {} : (messages[locale as Exclude<Locale, "en">] as Messages)),
  (locale, id) => {
    const key = `${locale}:${id}`;
    if (reported.has(key)) return;
    reported.add(key);
    unreported.push({ locale, id });
  },
);

/** The translations missing since the last call (each only ever once), for the request's log. */
export function takeMissingTranslations(): { locale: Locale; id: string }[] {
  return unreported.splice(0);
}

/**
 * The inline script of a translated page: its language, the strings of the chunks it loads first
 * (`chunks`, the module URLs of its `modulepreload` links), and the loader that chunks loaded
 * later call (build-tools/i18n.ts) to fetch theirs, `<chunk>.<locale>.json`, before they run.
 * English pages need none.
 */
export function inlineCatalogScript(locale: Locale, chunks: string[], nonce: string): string {
  if (locale === DEFAULT_LOCALE) return "";
  const language = locale as Exclude<Locale, "en">;
  let catalog: string;
  const inlined: Record<string, 1> = {};
  if (chunkCatalogs) {
    const parts: string[] = [];
    for (const chunk of chunks) {
      const json = chunkCatalogs[chunk]?.[language];
      if (json === undefined) continue;
      inlined[chunk] = 1;
      if (json.length > 2) parts.push(json.slice(1, -1));
    }
    catalog = `{${parts.join(",")}}`;
  } else {
    catalog = JSON.stringify(messages[language]);
  }
  const data = `{"l":${JSON.stringify(locale)},"m":${catalog},"c":${JSON.stringify(inlined)}}`.replace(/</g, "\\u003c");
  // Each chunk's strings are fetched at most once; a failed fetch leaves that chunk in English.
  const loader =
    "window.__i18nLoad=function(u){var d=window.__i18n,p=new URL(u).pathname;if(d.c[p])return;d.c[p]=1;" +
    'return fetch(p.replace(/\\.js$/,"."+d.l+".json")).then(function(r){return r.ok?r.json():{}})' +
    ".then(function(m){Object.assign(d.m,m)},function(){})}";
  return `<script nonce="${nonce}">window.__i18n=${data};${loader}</script>`;
}
