import type { Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LOCALE, toLocale } from "#common/locales.ts";
import { NotLoadedScreen } from "./components/layout/route-error-boundary.tsx";
import { i18nFor, setMessageSource } from "./i18n/i18n.ts";
import { setTextTranslator } from "./i18n/translate-text.ts";

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
// A translated page shows the schemas' and services' English sentences in its language (field
// errors, toasts): their table loads before hydration, so the server's render is matched. English
// pages never load it (app/i18n/translate-text.ts).
if (locale !== DEFAULT_LOCALE) setTextTranslator((await import("./i18n/texts.ts")).translateSentence);

// A route's code that could not be loaded, tried twice, becomes this page instead of a reload of
// the document (build-tools/route-module-retry.ts): "This page could not be loaded", Try again.
(window as { __routeModuleNotLoaded?: (error: Error) => unknown }).__routeModuleNotLoaded = (error) => {
  console.warn(error.message);
  return { default: NotLoadedScreen, ErrorBoundary: NotLoadedScreen };
};

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
