import { screen } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ORGANIZATION_TEXTS } from "#common/organizations.ts";
import { organizationMembers, organizations } from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import type { CurrentSession as Session } from "#server/services/sessions.ts";
import { solidPng } from "../../tests/setup/images.ts";
import { appContextOf, postAction, renderSignedInRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as page from "./my-organization.tsx";

// The logo form of /my-organizations/{id} (issue 31): the picture travels with the form
// (multipart, no JavaScript needed) through the photo pipeline; owners and admins only; a refusal
// comes back in the one form answer with the photo upload's status and words.

const harness = routeHarness();

async function organizationOf(owner: Session) {
  return createOrganization(harness.deps, actorOf(owner), { name: "Mekong Water Trust", kind: "ngo", country: "TH" });
}

function open(session: Session, id: number) {
  return renderSignedInRoute(page, harness, session, "/my-organizations/:id", `/my-organizations/${id}`);
}

type Answer = {
  data: { intent?: string; result: { status: string; error: Record<string, string[]> } };
  init: { status: number };
};

function send(session: Session, id: number, fields: Record<string, string | File>) {
  const context = appContextOf(harness.deps, session);
  return postAction(page, { url: `/my-organizations/${id}`, context, fields, params: { id: String(id) } }) as Promise<
    Answer | Response
  >;
}

const png = async () => new File([Buffer.from(await solidPng())], "logo.png", { type: "image/png" });

async function logoOf(id: number) {
  const [row] = await harness.database.db
    .select({ logoUrl: organizations.logoUrl })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row?.logoUrl ?? null;
}

describe("/my-organizations/{id}: the logo", () => {
  it("shows the initials until an owner uploads a logo with the form, then the logo with its alt text; removing brings the initials back", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(owner);
    let view = open(owner, id);
    await screen.findByRole("heading", { name: "Logo" });
    expect(screen.queryByRole("img", { name: "Mekong Water Trust logo" })).toBeNull();
    expect(screen.getAllByText("MT").length).toBeGreaterThan(0);
    expect(screen.getByRole("button", { name: "Upload logo" })).toBeTruthy();
    const form = screen.getByLabelText(/^Logo picture/).closest("form");
    expect(form?.getAttribute("enctype")).toBe("multipart/form-data");
    view.unmount();

    const saved = (await send(owner, id, { intent: "logo", logo: await png() })) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/my-organizations/${id}`);
    const logoUrl = await logoOf(id);
    expect(logoUrl).toMatch(/\/photos\/[A-Za-z0-9_-]+-400\.webp$/);

    view = open(owner, id);
    const logos = await screen.findAllByRole("img", { name: "Mekong Water Trust logo" });
    expect(logos.map((img) => img.getAttribute("src"))).toContain(logoUrl);
    expect(screen.getByRole("button", { name: "Replace logo" })).toBeTruthy();
    view.unmount();

    const removed = (await send(owner, id, { intent: "remove-logo" })) as Response;
    expect(removed.status).toBe(302);
    expect(await logoOf(id)).toBeNull();
  });

  it("refuses a plain member (403) and changes nothing; the member's page has no logo form", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(owner);
    await send(owner, id, { intent: "logo", logo: await png() });
    const before = await logoOf(id);
    const member = await harness.signIn({ name: "Somchai Phan" });
    await harness.database.db.insert(organizationMembers).values({ organizationId: id, userId: member.user.id, role: "member" });
    const refused = (await send(member, id, { intent: "logo", logo: await png() })) as Answer;
    expect(refused.init.status).toBe(403);
    expect(refused.data).toMatchObject({
      intent: "logo",
      result: { status: "error", error: { "": [ORGANIZATION_TEXTS.needsRole] } },
    });
    const notRemoved = (await send(member, id, { intent: "remove-logo" })) as Answer;
    expect(notRemoved.init.status).toBe(403);
    expect(await logoOf(id)).toBe(before);
    const view = open(member, id);
    await screen.findByRole("heading", { name: "Members (2)" });
    expect(screen.queryByRole("heading", { name: "Logo" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Upload logo" })).toBeNull();
    view.unmount();
  });

  it("answers a file that is not a picture 415, an empty choice 400, beside the form, as the photo upload words it", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id } = await organizationOf(owner);
    const text = new File(["not a picture"], "logo.png", { type: "image/png" });
    const refused = (await send(owner, id, { intent: "logo", logo: text })) as Answer;
    expect(refused.init.status).toBe(415);
    expect(refused.data).toMatchObject({ intent: "logo", result: { error: { "": ["Invalid file type"] } } });
    const empty = (await send(owner, id, { intent: "logo", logo: new File([], "") })) as Answer;
    expect(empty.init.status).toBe(400);
    expect(empty.data).toMatchObject({ intent: "logo", result: { error: { logo: [ORGANIZATION_TEXTS.logoChoose] } } });
    expect(await logoOf(id)).toBeNull();
  });
});
