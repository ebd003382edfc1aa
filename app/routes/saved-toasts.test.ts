import { describe, expect, it } from "vitest";
import { CONVERSATION_REPORT_REASONS } from "#common/organizations.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { receivedConversation } from "../../tests/setup/conversations.ts";
import { PROFILE_FORM_FIELDS } from "../../tests/setup/profile-form-fields.ts";
import { appContextOf, redirectAfterAction, routeHarness } from "../../tests/setup/route-stub.tsx";
// The server's catalogues, as server/main.ts loads them (registers the languages' messages).
import "../i18n/catalogs.server.ts";
import * as conversationPage from "./messages-conversation.tsx";
import * as profilePage from "./profile-form.tsx";

// What a page's toast says after a redirect, read back from its cookie (Node's Response, not
// happy-dom's, which drops Set-Cookie): a profile edit that waits for an admin says it was sent
// for review, not "updated" (issue 36); "Report this sender" thanks in the page's language (issue 31).

const harness = routeHarness();

type Session = Awaited<ReturnType<typeof harness.signIn>>;

async function toastAfter(page: { action: (args: never) => unknown }, session: Session, url: string, fields: object) {
  const context = appContextOf(harness.deps, session);
  const params = { id: url.split("/").pop() ?? "" };
  return (await redirectAfterAction(page, { url, context, fields: fields as Record<string, string>, params })).toast;
}

/** A listed profile of the owner's, published with exactly the form's values. */
async function listedProfile(owner: Session) {
  return insertListedConsultant(harness.database.db, {
    userId: owner.user.id,
    name: PROFILE_FORM_FIELDS.name,
    email: `ayu-${owner.user.id}@example.org`,
    phone: null,
    title: PROFILE_FORM_FIELDS.title,
    location: PROFILE_FORM_FIELDS.location,
    city: PROFILE_FORM_FIELDS.city,
    country: PROFILE_FORM_FIELDS.country,
    yearsExperience: 11,
    primarySpecialization: PROFILE_FORM_FIELDS.primarySpecialization,
    languages: ["Indonesian", "English"],
    bio: PROFILE_FORM_FIELDS.bio,
  });
}

describe("the profile form's toast", () => {
  it("says the spec's 'Profile updated successfully!' when the change is published at once", async () => {
    const owner = await harness.signIn();
    const id = await listedProfile(owner);
    const form = { ...PROFILE_FORM_FIELDS, email: `ayu-${owner.user.id}@example.org`, showEmail: "true" };
    expect(await toastAfter(profilePage, owner, `/profile/edit/${id}`, form)).toMatchObject({
      title: "Profile updated successfully!",
    });
  });

  it("says the change was sent for review when a listed profile's reviewed field changes (issue 36)", async () => {
    const owner = await harness.signIn();
    const id = await listedProfile(owner);
    const form = { ...PROFILE_FORM_FIELDS, email: `ayu-${owner.user.id}@example.org`, title: "Senior GEDSI Adviser" };
    const toast = await toastAfter(profilePage, owner, `/profile/edit/${id}`, form);
    expect(toast).toMatchObject({ title: "Changes sent for review" });
    expect(toast?.description).toContain("Until then your public profile shows the version approved before.");
    expect(toast?.title).not.toContain("updated");
    // In the page's language.
    const thai = await toastAfter(profilePage, owner, `/th/profile/edit/${id}`, { ...form, title: "GEDSI Adviser" });
    expect(thai?.title).toBe("ส่งการเปลี่ยนแปลงไปตรวจสอบแล้ว");
  });
});

describe("the report's toast", () => {
  it("thanks the consultant in the page's language", async () => {
    const { id, consultant } = await receivedConversation(harness);
    const toast = await toastAfter(conversationPage, consultant, `/vi/messages/${id}`, {
      intent: "report",
      reason: CONVERSATION_REPORT_REASONS[0],
    });
    expect(toast?.title).toBe("Cảm ơn bạn. Quản trị viên sẽ xem xét cuộc trò chuyện này.");
  });
});
