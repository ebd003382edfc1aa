import { setupI18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ADMIN_TOASTS } from "#common/admin-schema.ts";
import { AUTH_MESSAGES } from "#common/auth.ts";
import { COUNTRIES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { consultantProfileSchema, listTexts, PROFILE_LANGUAGE_MESSAGE } from "#common/consultant-schema.ts";
import { CONVERSATION_TEXTS } from "#common/conversations.ts";
import { CV_IMPORT_MESSAGES, CV_IMPORT_WARNINGS, KEPT_CV_MESSAGES } from "#common/cv-import.ts";
import { MESSAGE_TEXTS } from "#common/messages.ts";
import { INTEREST_TEXTS, interestSchema, OPPORTUNITY_TEXTS, opportunityCreateSchema } from "#common/opportunities.ts";
import { ORGANIZATION_TEXTS, REPORT_TEXTS } from "#common/organizations.ts";
import { REFERENCE_MESSAGES } from "#common/references.ts";
import { REVIEW_MESSAGES } from "#common/reviews.ts";
import { SAVED_SEARCH_TEXTS } from "#common/saved-searches.ts";
import { MFA_MESSAGES } from "#common/second-factor.ts";
import { shapeMessage } from "#common/shape-messages.ts";
import { SHORTLIST_TEXTS } from "#common/shortlists.ts";
import { TRACK_LIST_TEXTS } from "#common/track-record.ts";
import { readCompiledCatalog, TRANSLATED_LOCALES } from "#server/i18n/catalogs.ts";
import { RATE_LIMIT_MESSAGES } from "#server/services/accounts/limits.ts";
import { assertPasswordAllowed } from "#server/services/accounts/users.ts";
import { PHOTO_TEXTS } from "#server/services/photos.ts";
import { translateSentence } from "./texts.ts";

// The sentence table is keyed by the services' English: a sentence reworded in common/*.ts (or a
// new one) silently stays English on /id, /vi and /th unless the table follows. The messages the
// pages show through translateText are each looked up here in every translated language.

/** What a schema says of an input: the refusals a form shows beside its fields. */
function refusalsOf(schema: z.ZodType, input: unknown): string[] {
  return schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
}

const SHOWN: Record<string, readonly string[]> = {
  // What a person can type into the profile form, the opportunity form and the expression of
  // interest and be refused: too many years, markup in a title, a track record's entry half filled,
  // a title too short, a ToR of one line, a daily rate too large (each was English on /th, issue 37).
  "the forms' refusals of what a person types": [
    ...refusalsOf(consultantProfileSchema, {
      yearsExperience: "200",
      assignments: [{ title: "<b>Water</b>", organization: "", role: "<i>Lead</i>", startDate: "", endDate: "2021" }],
      education: [{ degree: "", institution: "", year: "1800", field: "<b>Law</b>" }],
      availableFrom: "soon",
    }),
    ...refusalsOf(consultantProfileSchema, { assignments: [{ title: "t".repeat(300), organization: "o".repeat(300) }] }),
    ...refusalsOf(opportunityCreateSchema, {
      title: "WASH",
      description: "Evaluate the project.",
      levelOfEffort: "x".repeat(200),
      specializations: ["Knitting"],
      donors: ["Nobody"],
    }),
    ...refusalsOf(interestSchema, { note: "n".repeat(60), availableFrom: "soon", dailyRate: "999999999999" }),
  ],

  // The CV import panel shows the kept file's refusal; the own profile page's toast (issue 34).
  "common/cv-import.ts KEPT_CV_MESSAGES": Object.values(KEPT_CV_MESSAGES),
  // The organization's logo form (issue 31) shows the photo pipeline's refusals.
  "server/services/photos.ts PHOTO_TEXTS": Object.values(PHOTO_TEXTS),
  "common/organizations.ts ORGANIZATION_TEXTS (the logo form)": [ORGANIZATION_TEXTS.needsRole, ORGANIZATION_TEXTS.logoChoose],
  // The refusals /my-organizations, /my-organizations/{id}, /invitations/{token} and the profile's
  // "hidden from" panel show (issue 37); the others (kind, role, method, ids, search) are the API's.
  "common/organizations.ts ORGANIZATION_TEXTS (the organization pages)": [
    ORGANIZATION_TEXTS.notFound,
    ORGANIZATION_TEXTS.name,
    ORGANIZATION_TEXTS.nameShort,
    ORGANIZATION_TEXTS.nameTooLong,
    ORGANIZATION_TEXTS.website,
    ORGANIZATION_TEXTS.websiteTooLong,
    ORGANIZATION_TEXTS.descriptionTooLong,
    ORGANIZATION_TEXTS.email,
    ORGANIZATION_TEXTS.ownersOnly,
    ORGANIZATION_TEXTS.lastOwner,
    ORGANIZATION_TEXTS.tooManyOrganizations,
    ORGANIZATION_TEXTS.tooManyMembers,
    ORGANIZATION_TEXTS.tooManyInvitations,
    ORGANIZATION_TEXTS.alreadyMember,
    ORGANIZATION_TEXTS.memberNotFound,
    ORGANIZATION_TEXTS.invitationNotFound,
    ORGANIZATION_TEXTS.invitationOtherAddress,
    ORGANIZATION_TEXTS.verifyNeedsWebsite,
    ORGANIZATION_TEXTS.verifyFreeMail,
    ORGANIZATION_TEXTS.verifyEmailNotVerified,
    ORGANIZATION_TEXTS.verifyOtherDomain,
    ORGANIZATION_TEXTS.verifyAdminOnly,
    ORGANIZATION_TEXTS.hiddenFromTooMany,
    ORGANIZATION_TEXTS.hiddenFromUnknown,
  ],
  "common/auth.ts AUTH_MESSAGES": Object.values(AUTH_MESSAGES),
  "common/admin-schema.ts ADMIN_TOASTS": Object.values(ADMIN_TOASTS),
  // setupRequired is answered by the API only: a page sends the account to the setup instead.
  "common/second-factor.ts MFA_MESSAGES": Object.values(MFA_MESSAGES).filter((text) => text !== MFA_MESSAGES.setupRequired),
  // The saved-searches page shows these refusals (the others are the API's: query, frequency, the link).
  "common/saved-searches.ts SAVED_SEARCH_TEXTS": [
    SAVED_SEARCH_TEXTS.notFound,
    SAVED_SEARCH_TEXTS.name,
    SAVED_SEARCH_TEXTS.tooMany,
  ],
  // engagement is the API's only: the review form offers the engagements as choices.
  "common/reviews.ts REVIEW_MESSAGES": Object.values(REVIEW_MESSAGES).filter((text) => text !== REVIEW_MESSAGES.engagement),
  // Issue 36: the profile's and the opportunity form's field messages, reworded for people.
  "common/consultant-schema.ts listTexts": [
    ...Object.values(listTexts("Languages")),
    ...Object.values(listTexts("Secondary specializations")),
  ],
  "common/track-record.ts TRACK_LIST_TEXTS": Object.values(TRACK_LIST_TEXTS),
  "common/opportunities.ts OPPORTUNITY_TEXTS (the form's fields)": [
    OPPORTUNITY_TEXTS.organizationId,
    OPPORTUNITY_TEXTS.specializations,
    OPPORTUNITY_TEXTS.tooManySpecializations,
    OPPORTUNITY_TEXTS.countries,
    OPPORTUNITY_TEXTS.tooManyCountries,
    OPPORTUNITY_TEXTS.remote,
    OPPORTUNITY_TEXTS.donors,
    OPPORTUNITY_TEXTS.tooManyDonors,
    OPPORTUNITY_TEXTS.languages,
    OPPORTUNITY_TEXTS.tooManyLanguages,
    OPPORTUNITY_TEXTS.minYears,
    OPPORTUNITY_TEXTS.startDate,
    OPPORTUNITY_TEXTS.duration,
    OPPORTUNITY_TEXTS.durationTooLong,
    OPPORTUNITY_TEXTS.deadline,
    OPPORTUNITY_TEXTS.timeZone,
    OPPORTUNITY_TEXTS.budget,
    OPPORTUNITY_TEXTS.budgetCurrency,
    OPPORTUNITY_TEXTS.budgetKind,
    OPPORTUNITY_TEXTS.budgetAmount,
    OPPORTUNITY_TEXTS.budgetOrder,
    OPPORTUNITY_TEXTS.contactUserId,
  ],
  // What the referee's page, /references/{token}, says when it refuses (issue 34).
  "common/references.ts referenceConfirmSchema": [
    REFERENCE_MESSAGES.linkUnusable,
    REFERENCE_MESSAGES.score,
    REFERENCE_MESSAGES.statement,
    "Role must be at most 255 characters",
    "Role must not contain HTML",
    "Statement must not contain HTML",
    "Start month must be a month written YYYY-MM (for example 2021-03)",
    "End month must be a month written YYYY-MM (for example 2021-03)",
    "End month must not be before the start month",
  ],
  // What "Report this sender" on a conversation page says (the admin queue's texts are the API's).
  "common/organizations.ts REPORT_TEXTS": [
    REPORT_TEXTS.reason,
    REPORT_TEXTS.reasonTooLong,
    REPORT_TEXTS.detailsTooLong,
    REPORT_TEXTS.detailsNeeded,
    REPORT_TEXTS.tooLongTogether,
    REPORT_TEXTS.onlyReceived,
    REPORT_TEXTS.alreadyReported,
    REPORT_TEXTS.reported,
  ],
  // Issue 36 item 5 on /messages and /messages/{id}: the blocked sender's mark, why no answer, a deletion.
  "common/conversations.ts CONVERSATION_TEXTS": [
    CONVERSATION_TEXTS.blockedSender,
    CONVERSATION_TEXTS.blockedSenderReply,
    CONVERSATION_TEXTS.deleted,
  ],
  // The CV import's refusals and what it could not read, as the profile form shows them (issue 34).
  "common/cv-import.ts CV_IMPORT_MESSAGES": Object.values(CV_IMPORT_MESSAGES),
  "common/cv-import.ts CV_IMPORT_WARNINGS": [
    CV_IMPORT_WARNINGS.noText,
    CV_IMPORT_WARNINGS.externalImages,
    CV_IMPORT_WARNINGS.noExperience,
    CV_IMPORT_WARNINGS.noDatedAssignment,
    CV_IMPORT_WARNINGS.noEducation,
    CV_IMPORT_WARNINGS.noP11Employment,
    CV_IMPORT_WARNINGS.tooManyAssignments,
    CV_IMPORT_WARNINGS.unknownLanguage("Klingon"),
    ...[
      CV_IMPORT_WARNINGS.noStartMonth,
      CV_IMPORT_WARNINGS.noDonor,
      CV_IMPORT_WARNINGS.noCountry,
      CV_IMPORT_WARNINGS.noOrganization,
    ].flatMap((warning) => [warning("Water Supply Review"), warning(CV_IMPORT_WARNINGS.unnamedAssignment(3))]),
  ],
  // A choice outside the list (a page's select, sent without JavaScript or altered): the schemas
  // name the API's English values, which a translated page does not list (issue 37).
  "refusals that list the allowed values": [
    `Country must be one of ${COUNTRIES.join(", ")}`,
    `Primary specialization must be one of ${PROFILE_SPECIALIZATIONS.join(", ")}`,
    PROFILE_LANGUAGE_MESSAGE,
    ORGANIZATION_TEXTS.kind,
    ORGANIZATION_TEXTS.role,
    SHORTLIST_TEXTS.stage,
    REVIEW_MESSAGES.engagement,
    REPORT_TEXTS.action,
    INTEREST_TEXTS.currency,
    INTEREST_TEXTS.stage,
  ],
  // The message form's "verify first" with its "Resend verification", and what a resend may answer.
  "verification before a first message": [
    MESSAGE_TEXTS.verifyToStart,
    RATE_LIMIT_MESSAGES.verification,
    "Your email address is already verified",
  ],
};

/** Values of each wrong kind a hand-made request can send in a field's place. */
const WRONG_KINDS: unknown[] = [12345, 1.5, -1, "x", true, null, [], [1], ["x"], [{}], {}];

/** A schema's inner schemas, each with the name it is under (null: the same place; "[]" a list's entry). */
function innerOf(schema: z.ZodType): { key: string | null; schema: z.ZodType }[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case "object":
      return Object.entries(def.shape as Record<string, z.ZodType>).map(([key, inner]) => ({ key, schema: inner }));
    case "array":
      return [{ key: "[]", schema: def.element as z.ZodType }];
    case "record":
      return [{ key: "{}", schema: def.valueType as z.ZodType }];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return [{ key: null, schema: def.innerType as z.ZodType }];
    case "pipe":
      return [def.in as z.ZodType, def.out as z.ZodType].map((inner) => ({ key: null, schema: inner }));
    case "union":
      return (def.options as z.ZodType[]).map((inner) => ({ key: null, schema: inner }));
    default:
      return [];
  }
}

/** Every place in a schema's input a value can be put: [] the body, ["assignments", "[]", "title"] … */
function placesOf(schema: z.ZodType, at: string[] = [], seen = new Set<z.ZodType>()): string[][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const places = [at];
  for (const inner of innerOf(schema)) places.push(...placesOf(inner.schema, inner.key === null ? at : [...at, inner.key], seen));
  return [...new Map(places.map((place) => [place.join("."), place])).values()];
}

/** An input with `value` at `place` and nothing else. */
function inputWith(place: string[], value: unknown): unknown {
  const [head, ...rest] = place;
  if (head === undefined) return value;
  if (head === "[]") return [inputWith(rest, value)];
  if (head === "{}") return { English: inputWith(rest, value) };
  return { [head]: inputWith(rest, value) };
}

describe("the sentence table (app/i18n/texts.ts)", () => {
  for (const locale of TRANSLATED_LOCALES) {
    it(`says each service sentence a page shows in ${locale}`, async () => {
      const i18n = setupI18n({ locale, messages: { [locale]: await readCompiledCatalog(locale) } });
      for (const [source, texts] of Object.entries(SHOWN)) {
        const untranslated = texts.filter((text) => translateSentence(i18n, text) === text);
        expect(untranslated, `${source}: not in the table, or not translated into ${locale}`).toEqual([]);
      }
    });
  }

  it("words the form fields' messages for people, not in the API's field names (issue 36)", () => {
    const worded = [
      ...SHOWN["common/consultant-schema.ts listTexts"]!,
      ...SHOWN["common/track-record.ts TRACK_LIST_TEXTS"]!,
      ...SHOWN["common/opportunities.ts OPPORTUNITY_TEXTS (the form's fields)"]!,
    ];
    // A field's code name (minYearsExperience, startDate), a JSON shape ({ value, unit }), "must be a list", "accepts at most".
    const developerWords = /\b[a-z]+[A-Z][A-Za-z]*\b|[{}]|must be a list|accepts at most|^[a-z]/;
    expect(worded.filter((text) => developerWords.test(text))).toEqual([]);
  });

  it("words every refusal of a wrong shape a hand-made API call can meet for people too (issue 36)", () => {
    // Each schema in common/, parsed as the API parses (server/services/validate.ts, with
    // shapeMessage), with a value of each wrong kind at each of its places: the body, each field,
    // each list's entry, each nested field. No type names, zod's own words or field code names.
    const schemas = Object.entries(import.meta.glob(["/common/*.ts", "!/common/*.test.ts"], { eager: true })).flatMap(
      ([file, module]) =>
        Object.entries(module as Record<string, unknown>)
          .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
          .map(([name, schema]) => ({ where: `${file} ${name}`, schema })),
    );
    expect(schemas.length).toBeGreaterThan(50);
    const said = new Map<string, string>();
    for (const { where, schema } of schemas) {
      for (const path of placesOf(schema)) {
        for (const wrong of WRONG_KINDS) {
          const parsed = schema.safeParse(inputWith(path, wrong), { error: shapeMessage });
          for (const issue of parsed.error?.issues ?? []) said.set(issue.message, `${where} ${path.join(".")}`);
        }
      }
    }
    expect(said.size).toBeGreaterThan(150);
    // A field's code name (isRead; not a query's own example, keywords=health&workedIn=Laos), a
    // JSON shape, a type's name ("an object"), zod's words, "must be a list", "accepts at most", a
    // lower-case start.
    const developerWords =
      /(?<![=&])\b[a-z]+[A-Z][A-Za-z]*\b(?!=)|[{}]|must be a list|accepts at most|^[a-z]|\ban? (object|array|string|boolean)\b|expected \w+, received|Invalid (input|option|string)/;
    const developers = [...said].filter(([text]) => developerWords.test(text)).map(([text, where]) => `${text} (${where})`);
    expect(developers).toEqual([]);
  });

  it("keeps the CV's own words in a warning and words an unnamed assignment in the page's language", async () => {
    const thai = setupI18n({ locale: "th", messages: { th: await readCompiledCatalog("th") } });
    expect(translateSentence(thai, CV_IMPORT_WARNINGS.noDonor("ประเมินผลโครงการน้ำสะอาด"))).toBe(
      'งาน "ประเมินผลโครงการน้ำสะอาด": ไม่พบผู้ให้ทุน โปรดเลือกผู้ให้ทุน',
    );
    expect(translateSentence(thai, CV_IMPORT_WARNINGS.noStartMonth(CV_IMPORT_WARNINGS.unnamedAssignment(2)))).toBe(
      'งาน "ลำดับที่ 2": อ่านเดือนที่เริ่มงานไม่ได้',
    );
    expect(translateSentence(thai, CV_IMPORT_WARNINGS.unknownLanguage("Klingon"))).toBe(
      'ภาษา "Klingon" ไม่อยู่ในรายการ โปรดเพิ่มเองหากใกล้เคียงกับภาษาในรายการ',
    );
  });

  it("says why a password is easy to guess, and how to do better, without English (sign-up, change, reset)", async () => {
    const refusals = [
      ["password"],
      ["hanoi123"],
      ["qwertyuiop"],
      ["aaaaaaa1"],
      ["abcdef12"],
      ["Jakarta2024"],
      ["P@ssw0rd"],
      ["dewi1982", "Dewi Kartika Sari", "dewi.sari@example.org"],
    ].map(([password = "", ...personal]) => {
      try {
        assertPasswordAllowed(password, "password", personal);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`"${password}" was accepted`);
    });
    for (const locale of TRANSLATED_LOCALES) {
      const i18n = setupI18n({ locale, messages: { [locale]: await readCompiledCatalog(locale) } });
      for (const refusal of refusals) {
        const said = translateSentence(i18n, refusal);
        expect(said, `${locale}: ${refusal}`).not.toMatch(/\b(guess|password|words?|Avoid|Add|Capitalize|common)\b/);
        expect(said, `${locale}: ${refusal}`).toBe(said.trim());
      }
    }
  });

  it("asks for one of the offered choices, by the field's name where the table knows it", async () => {
    const thai = setupI18n({ locale: "th", messages: { th: await readCompiledCatalog("th") } });
    const country = translateSentence(thai, `Country must be one of ${COUNTRIES.join(", ")}`);
    expect(country).toMatch(/^ประเทศ/);
    expect(country).not.toMatch(/[A-Za-z]/);
    expect(translateSentence(thai, INTEREST_TEXTS.currency)).not.toMatch(/[A-Za-z]/);
  });

  it("names the message field by its noun, not by the Send Message button (issue 37)", async () => {
    // The message and contact forms' "Message" field (and its length refusals) read "Send message" in all three.
    const noun = { id: "Pesan", vi: "Tin nhắn", th: "ข้อความ" } as const;
    for (const locale of TRANSLATED_LOCALES) {
      const i18n = setupI18n({ locale, messages: { [locale]: await readCompiledCatalog(locale) } });
      expect(i18n._(msg`Message`), locale).toBe(noun[locale]);
      expect(translateSentence(i18n, MESSAGE_TEXTS.message), locale).toMatch(new RegExp(`^${noun[locale]}`));
    }
  });

  it("shows an English page's and an unknown sentence as they are", () => {
    const english = setupI18n({ locale: "en", messages: { en: {} } });
    expect(translateSentence(english, AUTH_MESSAGES.invalidCredentials)).toBe(AUTH_MESSAGES.invalidCredentials);
    const thai = setupI18n({ locale: "th", messages: { th: {} } });
    expect(translateSentence(thai, "Not a sentence of the services")).toBe("Not a sentence of the services");
  });
});
