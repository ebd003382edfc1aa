import { describe, expect } from "vitest";
import { opportunitySearchSchema } from "#common/opportunities.ts";
import { createRuntime } from "#server/runtime.ts";
import type { TestDatabase } from "../../../tests/setup/database.ts";
import { databaseTest } from "../../../tests/setup/fixtures.ts";
import { refreshSearchDocuments } from "./opportunities.ts";
import { searchWith } from "./search.ts";

// The opportunities' keywords forgive what people type as the consultants' do (issue 32: "the same
// typo, accent and place-spelling tolerance"): a typo is corrected from the directory's words, a
// Vietnamese ToR is found typed without its accents, a place in any of its spellings. On the demo
// directory (its profiles make the words dictionary the corrector reads) with opportunities of
// one organization written here, and only the ones that say it come.

const it = databaseTest({ demo: true });
const runtime = createRuntime({ insights: null });

const OPPORTUNITIES = {
  evaluation: {
    title: "Final evaluation of a rural water programme",
    description: "An independent final evaluation of a rural water supply programme in three provinces.",
    countries: ["Cambodia"],
  },
  gender: {
    title: "Chuyên gia tư vấn bình đẳng giới",
    description: "Hỗ trợ lồng ghép bình đẳng giới trong kế hoạch phát triển kinh tế xã hội của thành phố Đà Nẵng, năm 2027.",
    countries: ["Vietnam"],
  },
  danang: {
    title: "Urban drainage engineer for Đà Nẵng",
    description: "Design review of the city's drainage and flood control works.",
    countries: ["Vietnam"],
  },
  procurement: {
    title: "Procurement specialist for water utilities",
    description: "Procurement planning and contract management for the water utilities of Phnom Penh and Siem Reap.",
    countries: ["Cambodia"],
  },
  hanoi: {
    title: "Equality of access to schools in Hà Nội",
    description: "A study of school access for the children of migrant workers in Hà Nội's outer districts.",
    countries: ["Vietnam"],
  },
};
type Key = keyof typeof OPPORTUNITIES;

async function seed(database: TestDatabase) {
  const [organization] = await database.sql<{ id: number }[]>`
    insert into organizations (name, slug, kind, country, verified_at, verification_method)
    values ('Mekong Typing Trust', 'mekong-typing-trust', 'ngo', 'VN', now(), 'admin') returning id`;
  const ids = new Map<number, Key>();
  for (const [key, opportunity] of Object.entries(OPPORTUNITIES) as [Key, (typeof OPPORTUNITIES)[Key]][]) {
    const [row] = await database.sql<{ id: number }[]>`
      insert into opportunities (organization_id, slug, title, description, description_html, countries,
        duration_value, duration_unit, deadline_date, deadline, time_zone, status, published_at)
      values (${organization?.id ?? 0}, ${key}, ${opportunity.title}, ${opportunity.description},
        ${`<p>${opportunity.description}</p>`}, ${opportunity.countries}, 3, 'months',
        (now() + interval '30 days')::date, now() + interval '30 days', 'Asia/Ho_Chi_Minh', 'published', now())
      returning id`;
    if (row) ids.set(row.id, key);
  }
  await refreshSearchDocuments(database.db, [...ids.keys()]);
  return ids;
}

describe("the opportunities' keywords forgive typos, missing accents and place spellings (issue 32)", () => {
  it("finds the opportunities that say it, and no others", async ({ database }) => {
    const ids = await seed(database);
    const found = async (keywords: string) => {
      const page = await searchWith({ readDb: database.db, runtime }, opportunitySearchSchema.parse({ keywords }), new Date());
      return { keys: page.opportunities.map((item) => ids.get(item.id)).sort(), corrected: page.correctedKeywords };
    };

    // A typo: corrected from the directory's words (evaluation is in 59 of the demo's 150 profiles).
    expect(await found("evalution")).toEqual({ keys: ["evaluation"], corrected: "evaluation" });
    expect(await found("evaluation")).toEqual({ keys: ["evaluation"], corrected: undefined });
    expect(await found("evalution water")).toEqual({ keys: ["evaluation"], corrected: "evaluation water" });
    // (This one needs no correction: it stems as procurement does.)
    expect(await found("procurment")).toEqual({ keys: ["procurement"], corrected: undefined });

    // Vietnamese typed without its accents, or with them.
    expect(await found("binh dang gioi")).toEqual({ keys: ["gender"], corrected: undefined });
    expect(await found("bình đẳng giới")).toEqual({ keys: ["gender"], corrected: undefined });
    expect(await found("BINH DANG GIOI")).toEqual({ keys: ["gender"], corrected: undefined });

    // A place in any of its spellings, and only that place.
    for (const place of ["Da Nang", "Đà Nẵng", "Danang", "da nang"]) {
      expect(await found(place), place).toEqual({ keys: ["danang", "gender"], corrected: undefined });
    }
    expect(await found("Ha Noi")).toEqual({ keys: ["hanoi"], corrected: undefined });
    expect(await found("binh dang gioi da nang")).toEqual({ keys: ["gender"], corrected: undefined });
    expect(await found("drainage Da Nang")).toEqual({ keys: ["danang"], corrected: undefined });
  });
});
