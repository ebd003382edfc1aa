import { createHash } from "node:crypto";
import path from "node:path";
import { type PluginObj, types as t, transformAsync } from "@babel/core";
import linguiMacro from "@lingui/babel-plugin-lingui-macro";
import { getConfig } from "@lingui/conf";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../common/locales.ts";
import {
  type CompiledCatalog,
  catalogFile,
  readCatalogEntries,
  readCompiledCatalogs,
  TRANSLATED_LOCALES,
} from "../server/i18n/catalogs.ts";

// Lingui in the build (docs/decisions/015-interface-languages.md).
//
// 1. Macros. A module that imports `@lingui/react/macro` or `@lingui/core/macro` goes through
//    Babel with Lingui's macro plugin (TypeScript and JSX are parsed, not transformed: Vite does
//    that after). Each message keeps its English text in the code, compiled at build time to the
//    token form @lingui/core interpolates without a parser: English pages need no catalogue at
//    all, and a message a catalogue lacks falls back to its English text instead of an id.
//    The ids each module uses are recorded.
// 2. Catalogues per chunk (client build). Every JS chunk whose modules use messages gets, for each
//    translated language, `<chunk>.<locale>.json`: the translations of exactly the messages its
//    modules use. So a page's catalogue is split the way its code is: a Thai visitor downloads the
//    Thai strings of the chunks they load and nothing else (not Vietnamese, not the admin's). The
//    chunk ends with `await globalThis.__i18nLoad?.(import.meta.url, "<hash>")`: the module
//    finishes loading only once its strings are there (on English pages the function does not
//    exist and the line does nothing). The hash, of the chunk's translations, makes the chunk's own
//    file name change when they do, so the immutable JSON beside it is never stale.
// 3. The server bundle imports `virtual:devconsult/i18n`: every translated language's compiled
//    catalogue (server rendering) and each chunk's catalogue as JSON text (the page inlines those
//    of its first-load chunks, so a first visit makes no extra request for its strings).

const VIRTUAL_ID = "virtual:devconsult/i18n";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const MACRO_IMPORT = /from\s*["']@lingui\/(?:react|core)\/macro["']/;
// A module, or one of its route chunks ("home.tsx?route-chunk=main": React Router splits a route module
// with a clientAction, and each chunk is a module of its own that the macros must reach too).
const SOURCE = /\.[cm]?[jt]sx?(?:\?.*)?$/;

type Translated = Exclude<Locale, "en">;
type ChunkCatalogs = Record<string, Partial<Record<Translated, string>>>;

/**
 * After the macro: English text compiled into the code, each id replaced by its short form, and
 * the ids the module uses recorded.
 */
function compiledMessages(ids: Set<string>, shortId: (id: string) => string): PluginObj {
  // Through JSON: the compiler's `offset: undefined` of a plural would otherwise be written out.
  const compiled = (message: string) => t.valueToNode(JSON.parse(JSON.stringify(compileMessage(message))));
  return {
    name: "devconsult-compiled-messages",
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            // <Trans id="…" message="…" /> (what the JSX macro leaves)
            JSXOpeningElement(element) {
              const attributes = element.node.attributes.filter((attribute) => t.isJSXAttribute(attribute));
              const id = attributes.find((attribute) => t.isJSXIdentifier(attribute.name, { name: "id" }));
              const message = attributes.find((attribute) => t.isJSXIdentifier(attribute.name, { name: "message" }));
              if (!id || !message || !t.isStringLiteral(id.value) || !t.isStringLiteral(message.value)) return;
              const short = shortId(id.value.value);
              ids.add(short);
              id.value = t.stringLiteral(short);
              message.value = t.jsxExpressionContainer(compiled(message.value.value));
            },
            // { id: "…", message: "…" } (the descriptors of t, msg and useLingui's t)
            ObjectExpression(object) {
              const property = (name: string) =>
                object.node.properties.find(
                  (item): item is import("@babel/types").ObjectProperty =>
                    t.isObjectProperty(item) && t.isIdentifier(item.key, { name }) && t.isStringLiteral(item.value),
                );
              const id = property("id");
              const message = property("message");
              if (!id || !message) return;
              const short = shortId((id.value as import("@babel/types").StringLiteral).value);
              ids.add(short);
              id.value = t.stringLiteral(short);
              message.value = compiled((message.value as import("@babel/types").StringLiteral).value);
            },
          });
        },
      },
    },
  };
}

const SHORT_ID_DIGITS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * Short ids: Lingui's ids are six characters of a hash, which compress badly (a page has some
 * hundreds). In the bundles each id the catalogue knows becomes its position in the sorted list of
 * the catalogue's ids, written in base 62 ("a", "b", … "ba"): one or two characters, the same in the
 * browser's chunks, their catalogues and the server bundle, since all are built from the same PO
 * files. An id the catalogue does not know yet (a message not extracted) keeps its long form.
 */
function shortIds(catalogIds: string[]): (id: string) => string {
  const index = new Map([...catalogIds].sort().map((id, position) => [id, position] as const));
  return (id) => {
    let position = index.get(id);
    if (position === undefined) return id;
    let short = "";
    do {
      short = (SHORT_ID_DIGITS[position % 62] as string) + short;
      position = Math.floor(position / 62);
    } while (position > 0);
    return short;
  };
}

function shortCatalog(catalog: CompiledCatalog, shortId: (id: string) => string): CompiledCatalog {
  return Object.fromEntries(Object.entries(catalog).map(([id, message]) => [shortId(id), message]));
}

export function i18nMessages({ root }: { root: string }): Plugin {
  const linguiConfig = getConfig({ cwd: root, configPath: path.join(root, "lingui.config.ts") });
  const localesDir = path.join(root, "app", "locales");
  const idsByModule = new Map<string, string[]>();
  let shortId: (id: string) => string = (id) => id;
  let isDevelopment = false;
  let catalogs: Promise<Record<Translated, CompiledCatalog>> | undefined;
  const loadCatalogs = () => {
    catalogs ??= (async () => {
      const entries = await readCatalogEntries(DEFAULT_LOCALE, localesDir);
      // In development a catalogue edit would shift the short ids under modules already transformed.
      shortId = isDevelopment ? (id) => id : shortIds(entries.filter((entry) => !entry.obsolete).map((entry) => entry.id));
      const compiled = await readCompiledCatalogs(localesDir);
      return Object.fromEntries(TRANSLATED_LOCALES.map((locale) => [locale, shortCatalog(compiled[locale], shortId)])) as Record<
        Translated,
        CompiledCatalog
      >;
    })();
    return catalogs;
  };
  /** Client build: each chunk's catalogue per language, by chunk file name ("/assets/home-….js"). */
  const chunkCatalogs: ChunkCatalogs = {};
  /** The same while the chunk is rendered, before its file name is final: by its modules. */
  const pending = new Map<string, Partial<Record<Translated, string>>>();
  const chunkKey = (moduleIds: readonly string[]) => [...moduleIds].sort().join("\n");

  return {
    name: "devconsult:i18n",
    enforce: "pre",
    configResolved(config) {
      isDevelopment = config.command === "serve";
    },
    async buildStart() {
      catalogs = undefined;
      for (const locale of LOCALES) this.addWatchFile(catalogFile(locale, localesDir));
      await loadCatalogs();
    },
    watchChange(id) {
      if (id.endsWith(".po")) catalogs = undefined;
    },
    resolveId: {
      filter: { id: /^virtual:devconsult\/i18n$/ },
      handler: (source) => (source === VIRTUAL_ID ? RESOLVED_ID : null),
    },
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      for (const locale of LOCALES) this.addWatchFile(catalogFile(locale, localesDir));
      const messages = await loadCatalogs();
      // In development there are no chunks: the page inlines the whole catalogue of its language.
      const chunks = isDevelopment ? null : chunkCatalogs;
      return `export const messages = ${JSON.stringify(messages)};\nexport const chunkCatalogs = ${JSON.stringify(chunks)};\n`;
    },
    transform: {
      filter: { id: SOURCE, code: MACRO_IMPORT },
      async handler(code, id) {
        const file = id.split("?")[0] as string;
        if (file.includes("/node_modules/") || !MACRO_IMPORT.test(code)) return null;
        const ids = new Set<string>();
        await loadCatalogs();
        const result = await transformAsync(code, {
          filename: file,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: ["jsx", "typescript"] },
          plugins: [[linguiMacro, { linguiConfig, descriptorFields: "message" }], compiledMessages(ids, shortId)],
        });
        if (!result?.code) return null;
        // A route module and its chunks share the file: their ids together.
        idsByModule.set(file, [...new Set([...(idsByModule.get(file) ?? []), ...ids])]);

        return { code: result.code, map: result.map };
      },
    },
    async renderChunk(code, chunk) {
      if (this.environment?.config.consumer !== "client" || isDevelopment) return null;
      const ids = new Set<string>();
      for (const moduleId of chunk.moduleIds)
        for (const id of idsByModule.get(moduleId.split("?")[0] as string) ?? []) ids.add(id);
      if (ids.size === 0) return null;
      const messages = await loadCatalogs();
      const perLocale: Partial<Record<Translated, string>> = {};
      const hash = createHash("sha256");
      for (const locale of TRANSLATED_LOCALES) {
        const catalog: CompiledCatalog = {};
        for (const id of [...ids].sort()) {
          const translation = messages[locale][id];
          if (translation !== undefined) catalog[id] = translation;
        }
        perLocale[locale] = JSON.stringify(catalog);
        hash.update(`${locale}\0${perLocale[locale]}\0`);
      }
      pending.set(chunkKey(chunk.moduleIds), perLocale);
      const digest = hash.digest("base64url").slice(0, 8);
      return { code: `${code}\nawait globalThis.__i18nLoad?.(import.meta.url,${JSON.stringify(digest)});\n`, map: null };
    },
    generateBundle(_options, bundle) {
      if (this.environment?.config.consumer !== "client" || isDevelopment) return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const perLocale = pending.get(chunkKey(chunk.moduleIds));
        if (!perLocale) continue;
        chunkCatalogs[`/${chunk.fileName}`] = perLocale;
        for (const locale of TRANSLATED_LOCALES) {
          this.emitFile({
            type: "asset",
            fileName: chunk.fileName.replace(/\.js$/, `.${locale}.json`),
            source: perLocale[locale] ?? "{}",
          });
        }
      }
    },
  };
}
