import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "#common/constants.ts";
import { ORGANIZATION_TEXTS } from "#common/organizations.ts";
import { call, startApiApp } from "../../../tests/setup/api-app.ts";
import { documentedRoutes } from "../../../tests/setup/api-contract.ts";
import { solidPng, solidTiff } from "../../../tests/setup/images.ts";
import { startS3Server, type TestS3 } from "../../../tests/setup/s3.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { organizationSchema } from "../openapi/organizations.ts";
import { openApiDocument } from "../openapi.ts";

// An organization's logo through the photo pipeline (issue 31), on the real S3-compatible store
// the tests start: owners and admins upload, replace and remove it; members 403, outsiders 404,
// nothing changes for them; a file that is not a picture or is too large gets the photo upload's
// 415/413; the stored picture is served, and the one it replaces is removed from the bucket.

let s3: TestS3;
let env: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  s3 = await startS3Server();
  env = await startApiApp(s3.env);
}, 60_000);
afterAll(async () => {
  await env?.close();
  await s3?.close();
});

const unique = () => randomBytes(5).toString("hex");
type Person = Awaited<ReturnType<typeof insertSignedInUser>>;

async function person(): Promise<Person> {
  return insertSignedInUser(env.database.db, { name: `Person ${unique()}` });
}

async function organizationOf(owner: Person) {
  const response = await call(env.app, "POST", "/api/organizations", {
    token: owner.token,
    body: { name: `Mekong Water Alliance ${unique()}`, kind: "ngo", country: "TH" },
  });
  expect(response.status, response.text).toBe(201);
  return organizationSchema.parse(response.json);
}

async function addMember(organizationId: number, role: "admin" | "member") {
  const member = await person();
  await env.database
    .sql`insert into organization_members (organization_id, user_id, role) values (${organizationId}, ${member.id}, ${role})`;
  return member;
}

let ip = 10;
/** PUT /api/organizations/{id}/logo as a client sends it: multipart, the file in `logo`. */
async function putLogo(token: string | null, id: number, bytes: Uint8Array, field = "logo") {
  const body = new FormData();
  body.set(field, new File([Buffer.from(bytes)], "logo.png", { type: "image/png" }));
  const headers: Record<string, string> = { "x-forwarded-for": `192.0.2.${ip++}` };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await env.app.request(`/api/organizations/${id}/logo`, { method: "PUT", body, headers });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null, text };
}

const logoOf = async (id: number) =>
  (await env.database.sql<{ logo_url: string | null }[]>`select logo_url from organizations where id = ${id}`)[0]?.logo_url ??
  null;

/** A wide wordmark: fitted whole, so its square keeps transparent bands above and below. */
const wideLogo = () =>
  sharp({ create: { width: 600, height: 150, channels: 3, background: "#0b5c4a" } })
    .png()
    .toBuffer();

/** A WebP's size and whether it has an alpha channel, from its extended header (VP8X). */
function webpHeader(bytes: Uint8Array) {
  const text = (from: number, to: number) => new TextDecoder().decode(bytes.subarray(from, to));
  if (text(0, 4) !== "RIFF" || text(8, 12) !== "WEBP") return null;
  if (text(12, 16) !== "VP8X") return { width: null, height: null, alpha: false };
  const read24 = (at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
  return { width: read24(24) + 1, height: read24(27) + 1, alpha: ((bytes[20] ?? 0) & 0x10) !== 0 };
}

async function waitForGone(url: string) {
  await expect.poll(async () => (await fetch(url)).status, { timeout: 20_000, interval: 200 }).toBe(404);
}

describe("an organization's logo", () => {
  it("is uploaded by an owner, stored and served as WebP in both sizes, fitted whole, and audited", async () => {
    const owner = await person();
    const organization = await organizationOf(owner);
    expect(organization.logoUrl).toBeNull();
    const uploaded = await putLogo(owner.token, organization.id, await wideLogo());
    expect(uploaded.status, uploaded.text).toBe(200);
    const answer = organizationSchema.parse(uploaded.json);
    expect(answer.logoUrl).toMatch(new RegExp(`^${s3.endpoint}/.+/photos/[A-Za-z0-9_-]+-400\\.webp$`));
    expect(await logoOf(organization.id)).toBe(answer.logoUrl);
    const served = await fetch(answer.logoUrl ?? "");
    expect(served.status).toBe(200);
    // Fitted whole, not cropped: a 4:1 wordmark keeps transparent bands, so the WebP has an alpha
    // channel (read from its header: this process's sharp decodes only what photos may be).
    expect(webpHeader(new Uint8Array(await served.arrayBuffer()))).toEqual({ width: 400, height: 400, alpha: true });
    expect((await fetch((answer.logoUrl ?? "").replace("-400.webp", "-96.webp"))).status).toBe(200);
    const [audit] = await env.database.sql<{ action: string; changes: { logoUrl: { from: null; to: string } } }[]>`
      select action, changes from audit_log where target_type = 'organization' and target_id = ${organization.id} and action = 'edit'`;
    expect(audit?.changes.logoUrl).toEqual({ from: null, to: answer.logoUrl });
  });

  it("is replaced by an admin of the organization (the old files leave the bucket) and removed again", async () => {
    const owner = await person();
    const organization = await organizationOf(owner);
    const admin = await addMember(organization.id, "admin");
    const first = organizationSchema.parse((await putLogo(owner.token, organization.id, await solidPng())).json).logoUrl ?? "";
    const replaced = await putLogo(admin.token, organization.id, await wideLogo());
    expect(replaced.status, replaced.text).toBe(200);
    const second = organizationSchema.parse(replaced.json).logoUrl ?? "";
    expect(second).not.toBe(first);
    expect(await logoOf(organization.id)).toBe(second);
    await waitForGone(first);
    await waitForGone(first.replace("-400.webp", "-96.webp"));
    expect(await env.database.sql`select 1 from photo_uploads where photo_url = ${first}`).toHaveLength(0);
    // The logo survives the clean-up of its uploader's abandoned uploads (a later profile photo).
    const photo = new FormData();
    photo.set("profilePhoto", new File([Buffer.from(await solidPng())], "me.png", { type: "image/png" }));
    const upload = await env.app.request("/api/upload-photo", {
      method: "POST",
      body: photo,
      headers: { authorization: `Bearer ${admin.token}`, "x-forwarded-for": "192.0.2.250" },
    });
    expect(upload.status).toBe(201);
    expect((await fetch(second)).status).toBe(200);

    const removed = await call(env.app, "DELETE", `/api/organizations/${organization.id}/logo`, { token: owner.token });
    expect(removed.status, removed.text).toBe(200);
    expect(organizationSchema.parse(removed.json).logoUrl).toBeNull();
    expect(await logoOf(organization.id)).toBeNull();
    await waitForGone(second);
    // Removing it again changes nothing and is not an error.
    expect((await call(env.app, "DELETE", `/api/organizations/${organization.id}/logo`, { token: owner.token })).status).toBe(
      200,
    );
  }, 60_000);

  it("refuses plain members (403), outsiders and visitors (404, 401): nothing changes, nothing is stored", async () => {
    const owner = await person();
    const organization = await organizationOf(owner);
    const logo = organizationSchema.parse((await putLogo(owner.token, organization.id, await solidPng())).json).logoUrl;
    const member = await addMember(organization.id, "member");
    const outsider = await person();
    const uploadsBefore = await env.database.sql`select photo_url from photo_uploads`;
    const asMember = await putLogo(member.token, organization.id, await wideLogo());
    expect([asMember.status, asMember.json.message]).toEqual([403, ORGANIZATION_TEXTS.needsRole]);
    const asOutsider = await putLogo(outsider.token, organization.id, await wideLogo());
    expect([asOutsider.status, asOutsider.json.message]).toEqual([404, ORGANIZATION_TEXTS.notFound]);
    const asVisitor = await putLogo(null, organization.id, await wideLogo());
    expect([asVisitor.status, asVisitor.json.message]).toEqual([401, ORGANIZATION_TEXTS.signIn]);
    const missing = await putLogo(owner.token, 999_999_999, await wideLogo());
    expect(missing.status).toBe(404);
    for (const who of [member, outsider]) {
      const removed = await call(env.app, "DELETE", `/api/organizations/${organization.id}/logo`, { token: who.token });
      expect(removed.status).toBe(who === member ? 403 : 404);
    }
    expect(await logoOf(organization.id)).toBe(logo);
    expect((await fetch(logo ?? "")).status).toBe(200);
    expect(await env.database.sql`select photo_url from photo_uploads`).toEqual(uploadsBefore);
  });

  it("answers a file that is not a picture, too large, missing or in the wrong field as the photo upload does", async () => {
    const owner = await person();
    const organization = await organizationOf(owner);
    const notAPicture = await putLogo(owner.token, organization.id, new TextEncoder().encode("<svg onload=alert(1)></svg>"));
    expect([notAPicture.status, notAPicture.json.message]).toEqual([415, "Invalid file type"]);
    const tiff = await putLogo(owner.token, organization.id, await solidTiff());
    expect([tiff.status, tiff.json.message]).toEqual([415, "Invalid file type"]);
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooLarge = await putLogo(owner.token, organization.id, big);
    expect([tooLarge.status, tooLarge.json.message]).toEqual([413, "File too large"]);
    const huge = await putLogo(owner.token, organization.id, new Uint8Array(PHOTO_MAX_BYTES + 200 * 1024));
    expect([huge.status, huge.json.message]).toEqual([413, "File too large"]);
    const wrongField = await putLogo(owner.token, organization.id, await solidPng(), "profilePhoto");
    expect([wrongField.status, wrongField.json.message]).toEqual([400, ORGANIZATION_TEXTS.logoChoose]);
    const json = await call(env.app, "PUT", `/api/organizations/${organization.id}/logo`, {
      token: owner.token,
      body: { logo: "x" },
    });
    expect(json.status).toBe(400);
    expect(await logoOf(organization.id)).toBeNull();
    expect(await env.database.sql`select 1 from photo_uploads where user_id = ${owner.id}`).toHaveLength(0);
  });

  it("is documented in the OpenAPI document as a multipart upload", () => {
    const paths = (openApiDocument(documentedRoutes()) as { paths: Record<string, Record<string, Record<string, unknown>>> })
      .paths;
    const put = paths["/api/organizations/{id}/logo"]?.put as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      responses: Record<string, unknown>;
    };
    expect(put.requestBody.content["multipart/form-data"]?.schema.properties.logo).toMatchObject({
      contentMediaType: "application/octet-stream",
    });
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(["200", "401"]));
    expect(paths["/api/organizations/{id}/logo"]?.delete).toBeDefined();
  });
});
