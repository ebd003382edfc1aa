import type { Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, toLocale } from "#common/locales.ts";
import { i18nFor, setMessageSource } from "./i18n/i18n.ts";

// React Router's default client entry, inside Lingui's provider. A translated page brings its
// language and the strings of its first-load chunks inline (app/i18n/catalogs.server.ts). That
// object is the instance's catalogue: a chunk loaded later adds its strings to it before its
// modules run (so nothing renders before its strings are there, and nothing renders twice). An
// English page has neither.
type InlineCatalog = { l: string; m: Messages };
const inline = (window as { __i18n?: InlineCatalog }).__i18n;
const locale = inline ? toLocale(inline.l) : DEFAULT_LOCALE;
setMessageSource(() => inline?.m ?? {});
const i18n = i18nFor(locale);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <HydratedRouter />
      </I18nProvider>
    </StrictMode>,
  );
});
