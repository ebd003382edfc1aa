import { compileMessage } from "@lingui/message-utils/compileMessage";
import { I18nProvider } from "@lingui/react";
import { cleanup, render } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
// The server's catalogues, as server/main.ts loads them.
import { takeMissingTranslations } from "#app/i18n/catalogs.server.ts";
import { i18nFor } from "#app/i18n/i18n.ts";
import type { Locale } from "#common/locales.ts";
import type { OwnChangeState } from "#common/profile-changes.ts";
import { reviewedFieldNames } from "#server/services/consultants/change-review.ts";
import { ChangeBanner } from "./change-banner.tsx";

// The banner on /my-consultant-profile about the owner's last change to an approved profile, in
// the page's language (issue 37): it was English on /th, /vi and /id, field names included.

afterEach(cleanup);

const submittedAt = new Date("2026-03-05T10:00:00Z");
const pending: OwnChangeState = { status: "pending", submittedAt, fields: ["bio", "title"] };
const rejected: OwnChangeState = { status: "rejected", submittedAt, fields: ["name"], reason: "Please use your full name." };

/** The banner as /my-consultant-profile renders it, the fields named by its loader. */
async function shown(locale: Locale, change: OwnChangeState) {
  const fieldNames = await reviewedFieldNames(locale);
  const view = render(
    createElement(I18nProvider, { i18n: i18nFor(locale) }, createElement(ChangeBanner, { change, fieldNames })),
  );
  const text = view.container.textContent ?? "";
  view.unmount();
  return text;
}

describe("ChangeBanner", () => {
  it("says a waiting change and a refused one in Thai, the administrator's reason kept as written", async () => {
    const waiting = await shown("th", pending);
    expect(waiting).toContain("การเปลี่ยนแปลงรอการตรวจสอบ");
    // The fields by their Thai names, the date with its Gregorian year and a Thai month.
    expect(waiting).toContain("สรุปประวัติการทำงาน");
    expect(waiting).toContain("5 มีนาคม 2026");
    expect(waiting).not.toMatch(/[A-Za-z]/);

    const refused = await shown("th", rejected);
    expect(refused).toContain("การเปลี่ยนแปลงไม่ได้รับการเผยแพร่");
    expect(refused).toContain("Please use your full name");
    expect(refused.replace("Please use your full name", "")).not.toMatch(/[A-Za-z]/);
  });

  it("in Vietnamese and Indonesian, leaves no English word of its own", async () => {
    for (const locale of ["vi", "id"] as const) {
      for (const english of ["Changes", "waiting", "review", "published", "Professional", "administrator's"]) {
        expect(await shown(locale, pending), `${locale}: ${english}`).not.toContain(english);
      }
    }
  });

  it("keeps its English on English pages", async () => {
    expect(await shown("en", pending)).toBe(
      "Changes waiting for reviewYour changes to Professional summary and Professional title (sent 5 March 2026) wait for an administrator's review. Visitors see the approved version until then; your other changes are already published.",
    );
    expect(await shown("en", rejected)).toContain(
      "An administrator did not publish your changes to Full name: Please use your full name.",
    );
  });
});

describe("a translation missing from a catalogue (issue 37: falls back to English, logged once)", () => {
  it("shows the English text in its place, and reports the gap once per language and message", () => {
    takeMissingTranslations();
    // As the build leaves a message (build-tools/i18n.ts): its id and its English, compiled.
    const descriptor = {
      id: "a-message-no-catalogue-has",
      message: compileMessage("Changes for {name} wait for a review") as unknown as string,
    };
    for (let page = 0; page < 3; page++) {
      expect(i18nFor("th")._({ ...descriptor, values: { name: "Somchai" } })).toBe("Changes for Somchai wait for a review");
    }
    expect(i18nFor("vi")._({ ...descriptor, values: { name: "Hương" } })).toBe("Changes for Hương wait for a review");
    // What app/entry.server.tsx writes to the log after each page: each gap once, never again.
    expect(takeMissingTranslations()).toEqual([
      { locale: "th", id: "a-message-no-catalogue-has" },
      { locale: "vi", id: "a-message-no-catalogue-has" },
    ]);
    i18nFor("th")._({ ...descriptor, values: { name: "Somchai" } });
    expect(takeMissingTranslations()).toEqual([]);
    // English has no catalogue: nothing is missing there.
    expect(i18nFor("en")._({ ...descriptor, values: { name: "Ana" } })).toBe("Changes for Ana wait for a review");
    expect(takeMissingTranslations()).toEqual([]);
  });
});
