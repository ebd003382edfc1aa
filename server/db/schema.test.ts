import { describe, expect } from "vitest";
import { databaseTest } from "../../tests/setup/fixtures.ts";

const it = databaseTest();

const consultant = (email: string, extra: Record<string, unknown> = {}) => ({
  name: "Lan Nguyen",
  title: "Public Health Specialist",
  email,
  location: "Hà Nội, Vietnam",
  country: "Vietnam",
  years_experience: 8,
  primary_specialization: "Healthcare",
  bio: "Ten years of public health work.",
  ...extra,
});

describe("database constraints", () => {
  it("keeps user e-mails unique regardless of case", async ({ database }) => {
    const { sql } = database;
    await sql`insert into auth_users (email, hashed_password, name) values ('Ana@Example.org', 'x', 'Ana')`;
    await expect(
      sql`insert into auth_users (email, hashed_password, name) values ('ana@example.ORG', 'x', 'Ana 2')`,
    ).rejects.toThrow(/auth_users_email_lower_key/);
  });

  it("keeps shown consultant e-mails unique regardless of case, and one profile per user", async ({ database }) => {
    const { sql } = database;
    const [user] = await sql<
      { id: number }[]
    >`insert into auth_users (email, hashed_password, name) values ('owner@example.org', 'x', 'O') returning id`;
    await sql`insert into consultants ${sql(consultant("lan@example.org", { user_id: user!.id, show_email: true }))}`;
    await expect(sql`insert into consultants ${sql(consultant("LAN@example.org", { show_email: true }))}`).rejects.toThrow(
      /consultants_shown_email_lower_key/,
    );
    // A hidden address may repeat (issue 16): refusing it would tell the caller whose it is.
    await sql`insert into consultants ${sql(consultant("Lan@example.org", { show_email: false }))}`;
    await expect(sql`insert into consultants ${sql(consultant("other@example.org", { user_id: user!.id }))}`).rejects.toThrow(
      /consultants_user_id_key/,
    );
  });

  it("checks rating, experience, status, bio length and role", async ({ database }) => {
    const { sql } = database;
    await expect(sql`insert into consultants ${sql(consultant("r@example.org", { rating: 101 }))}`).rejects.toThrow(
      /rating_check/,
    );
    await expect(sql`insert into consultants ${sql(consultant("y@example.org", { years_experience: -1 }))}`).rejects.toThrow(
      /years_check/,
    );
    await expect(sql`insert into consultants ${sql(consultant("s@example.org", { status: "deleted" }))}`).rejects.toThrow(
      /status_check/,
    );
    await expect(sql`insert into consultants ${sql(consultant("b@example.org", { bio: "short" }))}`).rejects.toThrow(
      /bio_length_check/,
    );
    await expect(
      sql`insert into auth_users (email, hashed_password, name, role) values ('r@example.org', 'x', 'R', 'root')`,
    ).rejects.toThrow(/auth_users_role_check/);
  });

  it("applies the spec's defaults", async ({ database }) => {
    const { sql } = database;
    const [row] = await sql`insert into consultants ${sql(consultant("d@example.org"))} returning *`;
    expect(row).toMatchObject({
      rating: 50,
      projects_completed: 0,
      show_email: false,
      show_phone: false,
      available_for_work: true,
      status: "pending",
      languages: [],
      secondary_specializations: [],
    });
  });

  it("deletes a consultant's messages with the consultant, and a user's sessions with the user", async ({ database }) => {
    const { sql } = database;
    const [c] = await sql<{ id: number }[]>`insert into consultants ${sql(consultant("m@example.org"))} returning id`;
    await sql`insert into messages (consultant_id, sender_name, sender_email, subject, message)
              values (${c!.id}, 'Org', 'org@example.org', 'Hello', 'A job offer for you')`;
    await sql`delete from consultants where id = ${c!.id}`;
    expect(await sql`select * from messages where consultant_id = ${c!.id}`).toHaveLength(0);

    const [u] = await sql<
      { id: number }[]
    >`insert into auth_users (email, hashed_password, name) values ('s@example.org', 'x', 'S') returning id`;
    await sql`insert into auth_sessions (user_id, session_token, expires_at) values (${u!.id}, 'hash', now() + interval '1 day')`;
    await sql`delete from auth_users where id = ${u!.id}`;
    expect(await sql`select * from auth_sessions where user_id = ${u!.id}`).toHaveLength(0);
  });
});
