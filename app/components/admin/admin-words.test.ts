import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { translateSentence } from "#app/i18n/texts.ts";
import { setTextTranslator } from "#app/i18n/translate-text.ts";
import { ADMIN_CONSULTANT_MESSAGES, ADMIN_MESSAGES, APPROVAL_STATUSES } from "#common/admin-schema.ts";
import { REPORT_TEXTS } from "#common/organizations.ts";
import { readCompiledCatalog, TRANSLATED_LOCALES } from "#server/i18n/catalogs.ts";
import { APPROVAL_LABELS, adminText } from "./admin-words.ts";

// The admin's sentences are matched by their English (common/admin-schema.ts): a sentence reworded
// there and not here would quietly stay English on /th/admin. Each is said in every language,
// through the admin's own table or the shared one (registered as the browser does on a translated page).

setTextTranslator(translateSentence);

describe("the Admin Dashboard's words (admin-words.ts)", () => {
  for (const locale of TRANSLATED_LOCALES) {
    it(`says every admin refusal and field message in ${locale}`, async () => {
      const i18n = setupI18n({ locale, messages: { [locale]: await readCompiledCatalog(locale) } });
      const sentences = [
        ...Object.values(ADMIN_CONSULTANT_MESSAGES),
        ...Object.values(ADMIN_MESSAGES),
        // What /admin/organizations says when acting on a report is refused.
        REPORT_TEXTS.notFound,
        REPORT_TEXTS.resolved,
        REPORT_TEXTS.noSender,
        REPORT_TEXTS.noOrganization,
        REPORT_TEXTS.action,
      ];
      expect(sentences.filter((text) => adminText(i18n, text) === text)).toEqual([]);
      const english = setupI18n({ locale: "en", messages: { en: {} } });
      const sameAsEnglish = (status: (typeof APPROVAL_STATUSES)[number]) =>
        i18n._(APPROVAL_LABELS[status]) === english._(APPROVAL_LABELS[status]);
      expect(APPROVAL_STATUSES.filter(sameAsEnglish)).toEqual([]);
    });
  }

  it("shows an English page's sentences as they are", () => {
    const english = setupI18n({ locale: "en", messages: { en: {} } });
    expect(adminText(english, ADMIN_MESSAGES.lastAdmin)).toBe(ADMIN_MESSAGES.lastAdmin);
  });
});
