import { describe, expect, it } from "vitest";
import { slugOf as opportunitySlug } from "./opportunities.ts";
import { urlSlug } from "./slugs.ts";

describe("urlSlug", () => {
  it("keeps ASCII words, drops accents, reads Vietnamese đ as d, and falls back when nothing is left", () => {
    expect(urlSlug("Mekong Water Alliance", "organization")).toBe("mekong-water-alliance");
    expect(urlSlug("  M&E — Specialist (Hà Nội) ", "x")).toBe("m-e-specialist-ha-noi");
    expect(urlSlug("ที่ปรึกษา", "organization")).toBe("organization");
    expect(urlSlug(`${"a".repeat(79)} b`, "x")).toBe("a".repeat(79));
  });

  it("is the opportunities' rule too: an opportunity in Đà Nẵng keeps its d", () => {
    expect(opportunitySlug("Đánh giá dự án tại Đà Nẵng")).toBe("danh-gia-du-an-tai-da-nang");
    expect(opportunitySlug("ที่ปรึกษา")).toBe("opportunity");
  });
});
