import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { readCompiledCatalog } from "#server/i18n/catalogs.ts";
import { countFaqItems, faqGroups, filterFaq } from "./faq.ts";

const FAQ_GROUPS = faqGroups(setupI18n({ locale: "en", messages: { en: {} } }));

describe("help center questions", () => {
  it("has the spec's four groups of three questions", () => {
    expect(FAQ_GROUPS.map((group) => group.title)).toEqual([
      "Getting Started",
      "For Consultants",
      "For Organizations",
      "Technical Support",
    ]);
    for (const group of FAQ_GROUPS) expect(group.items).toHaveLength(3);
  });

  it("promises approval within 1-2 business days with an e-mail", () => {
    const approval = FAQ_GROUPS.flatMap((group) => group.items).find((item) => item.id === "approval");
    expect(approval?.answer.join(" ")).toMatch(/1-2 business days.*e-mail/);
  });

  it("filters by every word of the query, in questions and answers, ignoring case and accents", () => {
    expect(countFaqItems(filterFaq(FAQ_GROUPS, ""))).toBe(12);
    expect(countFaqItems(filterFaq(FAQ_GROUPS, "   "))).toBe(12);
    const password = filterFaq(FAQ_GROUPS, "PASSWORD");
    expect(password.flatMap((group) => group.items.map((item) => item.id))).toEqual(["create-account", "forgot-password"]);
    expect(filterFaq(FAQ_GROUPS, "phôto jpeg")[0]?.items.map((item) => item.id)).toEqual(["photo-upload"]);
    expect(filterFaq(FAQ_GROUPS, "approved e-mail").map((group) => group.title)).toEqual(["For Consultants"]);
    expect(filterFaq(FAQ_GROUPS, "zzz-nothing")).toEqual([]);
  });

  it("asks and answers in the page's language, and the search finds the words of that language (issue 37)", async () => {
    const thai = faqGroups(setupI18n({ locale: "th", messages: { th: await readCompiledCatalog("th") } }));
    expect(thai.map((group) => group.title)).toEqual(["เริ่มต้นใช้งาน", "สำหรับที่ปรึกษา", "สำหรับองค์กร", "ฝ่ายสนับสนุนด้านเทคนิค"]);
    const approval = thai.flatMap((group) => group.items).find((item) => item.id === "approval");
    expect(approval?.answer.join(" ")).toContain("1-2 วันทำการ");
    expect(filterFaq(thai, "รหัสผ่าน").flatMap((group) => group.items.map((item) => item.id))).toContain("forgot-password");
    const vietnamese = faqGroups(setupI18n({ locale: "vi", messages: { vi: await readCompiledCatalog("vi") } }));
    // Without its accents, as typed on a keyboard without Vietnamese input.
    expect(filterFaq(vietnamese, "mat khau").flatMap((group) => group.items.map((item) => item.id))).toContain("forgot-password");
  });
});
