import { screen, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { refreshSearchDocuments } from "#server/services/opportunities/opportunities.ts";
import { insertVerifiedOrganization } from "../../tests/setup/organizations.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as page from "./opportunities.tsx";

// /opportunities as a route module, the real search on PostgreSQL behind its loader: a search that
// finds nothing offers what would find something as links (issues 32 and 33: never a dead end), and a
// typo is answered "Did you mean" from the words the opportunities use.

const harness = routeHarness();
beforeAll(async () => {
  const { sql, db } = harness.database;
  const { id: organizationId } = await insertVerifiedOrganization(sql, { name: "Tonle Sap Wells" });
  const ids: number[] = [];
  for (const [index, country] of ["Cambodia", "Cambodia", "Laos", "Cambodia", "Vietnam"].entries()) {
    const [row] = await sql<{ id: number }[]>`
      insert into opportunities (organization_id, slug, title, description, description_html, countries,
        duration_value, duration_unit, deadline_date, deadline, time_zone, status, published_at)
      values (${organizationId}, ${`borehole-${index}`}, ${`Borehole siting survey, lot ${index + 1}`},
        'Siting and supervision of borehole drilling.', '<p>Siting and supervision of borehole drilling.</p>',
        ${[country]}, 3, 'months', (now() + interval '30 days')::date, now() + interval '30 days', 'Asia/Phnom_Penh',
        'published', now())
      returning id`;
    ids.push(row?.id ?? 0);
  }
  await refreshSearchDocuments(db, ids);
});

function open(url: string) {
  return renderRoute(page, { path: "/opportunities", url, context: appContextOf(harness.deps, null) });
}

/** Where the link reading `text` goes (its text, as a name would read a <bdi> with spaces around it). */
const linkTo = (text: string) =>
  screen
    .getAllByRole("link")
    .find((link) => link.textContent === text)
    ?.getAttribute("href");

describe("the opportunities' list", () => {
  it("offers, when nothing matches, the keywords without a word and the search without a filter as links", async () => {
    const words = open("/opportunities?keywords=borehole%20latrines");
    await screen.findByRole("heading", { name: "No opportunities match" });
    const empty = screen.getByTestId("no-opportunities");
    expect(within(empty).getByText(/No opportunity matches all of/).textContent).toBe(
      "No opportunity matches all of “borehole latrines”.",
    );
    expect(linkTo("5 match “borehole”")).toBe("/opportunities?keywords=borehole");
    words.unmount();

    const filters = open("/opportunities?keywords=borehole&country=Laos&remote=true");
    await screen.findByRole("heading", { name: "No opportunities match" });
    expect(linkTo("Remove ‘Remote work’ to see 1")).toBe("/opportunities?keywords=borehole&country=Laos");
    expect(screen.queryByRole("link", { name: /Remove ‘Laos’/ })).toBeNull();
    expect(linkTo("see every open opportunity")).toBe("/opportunities");
    filters.unmount();
  });

  it("says which word it read a typo as, from the opportunities' own words", async () => {
    const view = open("/opportunities?keywords=borehle");
    await screen.findByRole("heading", { name: "5 opportunities" });
    expect(screen.getByText(/Did you mean/).textContent).toBe(
      "No opportunity matches “borehle”. Did you mean “borehole”? Showing its results.",
    );
    view.unmount();
  });
});
