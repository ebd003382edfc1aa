import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

// Lingui's configuration (docs/decisions/015-interface-languages.md): one PO catalogue per
// language under app/locales/, English source text as the message (its id is a hash of it),
// messages extracted from the app's macros (`<Trans>`, `t`, `msg`) and from the runtime `msg` of
// @lingui/core/runtime-macro that server code (e-mails, API errors) uses. No line numbers in the
// origins and a fixed creation date in the header: a catalogue changes when a message does, not
// when code moves or time passes, so parallel branches rarely collide in it.
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "id", "vi", "th"],
  fallbackLocales: false,
  catalogs: [
    {
      path: "<rootDir>/app/locales/{locale}",
      include: ["<rootDir>/app", "<rootDir>/common", "<rootDir>/server"],
      exclude: ["**/*.test.ts", "**/*.test.tsx", "**/node_modules/**"],
    },
  ],
  format: formatter({ lineNumbers: false, customHeaderAttributes: { "POT-Creation-Date": "2026-11-26 00:00+0000" } }),
  orderBy: "message",
  experimental: { runtimeMacro: true },
});
