import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../server/db/client.ts";
import type { AppContext } from "../server/http/context.ts";
import type { JobQueue } from "../server/jobs/queue.ts";
import { createSession, resolveSession } from "../server/services/sessions.ts";
import { startTestJobQueue } from "../tests/setup/api-app.ts";
import { createTestDatabase, type TestDatabase } from "../tests/setup/database.ts";
import { testServiceDeps } from "../tests/setup/service-deps.ts";
import { unique } from "../tests/setup/unique.ts";
import { insertUser } from "../tests/setup/users.ts";
import { appContext } from "./context.ts";
import * as root from "./root.tsx";
import * as consultantPage from "./routes/consultant.tsx";
import * as inboxMessagePage from "./routes/inbox-message.tsx";
import * as messagesPage from "./routes/messages.tsx";

// What one page view costs the database, counted at the driver: the session lookup, the route's
// middleware, then the root loader and the page's loader side by side, as React Router runs them
// for a document request. A page that asks the same thing twice (the inbox used to look the
// profile up in the route and again in the service) fails here.

let database: TestDatabase;
let counted: ReturnType<typeof createDatabase>;
let statements: string[] = [];
let base: Omit<AppContext, "session">;
let jobs: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  counted = createDatabase(database.url, { max: 2, onQuery: (query) => statements.push(query) });
  // Open both connections first: a new connection's own set-up statements are not the page's.
  await Promise.all([counted.sql`select 1`, counted.sql`select 1`, counted.sql`select 1`]);
  jobs = await startTestJobQueue(database.url, { info: () => {}, warn: () => {}, error: () => {} });
  const deps = await testServiceDeps(counted.db, { jobs });
  base = {
    ...deps,
    readDb: counted.db,
    log: deps.log as AppContext["log"],
    requestId: "test",
    nonce: "",
    clientIp: "192.0.2.1",
    cachedPageEffects: [],
  };
});
afterAll(async () => {
  await jobs?.stop();
  await counted?.close();
  await database?.close();
});

type PageModule = {
  loader: (args: never) => Promise<unknown>;
  middleware?: ((args: never, next: () => Promise<unknown>) => Promise<unknown>)[];
};

/** Renders nothing: runs what a GET of the page runs on the server, and returns the statements it cost. */
async function costOf(path: string, page: PageModule, params: Record<string, string>, token?: string) {
  statements = [];
  const session = token ? await resolveSession(counted.db, token, {}, "none") : null;
  const context = new RouterContextProvider();
  context.set(appContext, { ...base, session });
  const request = new Request(`http://devconsult.test${path}`);
  const args = { request, params, context, unstable_pattern: path } as never;
  const loaders = async () => {
    const results = await Promise.all([root.loader(args), page.loader(args)]);
    return new Response(JSON.stringify(results.length));
  };
  const middleware = page.middleware ?? [];
  const run = (index: number): Promise<unknown> => {
    const step = middleware[index];
    return step ? step(args, () => run(index + 1)) : loaders();
  };
  await run(0);
  return [...statements];
}

async function consultantWithMessage() {
  const owner = await insertUser(database.db, { name: "Lan Nguyen" });
  const [consultant] = await database.sql<{ id: number }[]>`
    insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio, status)
    values (${owner.id}, 'Lan Nguyen', 'Public Health Specialist', ${`lan-${unique()}@example.org`}, 'Hanoi, Vietnam', 'Vietnam', 12,
            'Healthcare', 'Twelve years of maternal health programmes.', 'approved')
    returning id`;
  const [message] = await database.sql<{ id: number }[]>`
    insert into messages (consultant_id, sender_name, sender_email, subject, message)
    values (${consultant!.id}, 'Maria Santos', 'maria@example.org', 'A consultancy', 'We are looking for an evaluator.')
    returning id`;
  const { token } = await createSession(database.db, owner.id);
  return { consultantId: consultant!.id, messageId: message!.id, token };
}

describe("queries per page", () => {
  it("/messages: session, the menu (badge, profile and the organizations one may act for in one query), the profile, both boxes' unread counts, the page", async () => {
    const { token } = await consultantWithMessage();
    const cost = await costOf("/messages?box=received", messagesPage as unknown as PageModule, {}, token);
    expect(cost).toHaveLength(5);
    expect(cost.filter((query) => /from "consultants"/.test(query) && !/join/.test(query))).toHaveLength(1);
  });

  it("/inbox/:id (an old link) finds the message's conversation in one query and leads there", async () => {
    const { token, messageId } = await consultantWithMessage();
    const cost = await costOf(`/inbox/${messageId}`, inboxMessagePage as unknown as PageModule, { id: String(messageId) }, token);
    // session, the menu (with the organizations of issue 31's switch), the conversation of the caller's message
    expect(cost).toHaveLength(3);
    expect(cost.filter((query) => /^update /.test(query))).toHaveLength(0);
    const [row] = await database.sql<{ conversation_id: number }[]>`select conversation_id from messages where id = ${messageId}`;
    const stranger = await insertUser(database.db);
    const strangerToken = (await createSession(database.db, stranger.id)).token;
    const leadsTo = async (sessionToken: string | undefined) => {
      const context = new RouterContextProvider();
      context.set(appContext, {
        ...base,
        session: sessionToken ? await resolveSession(counted.db, sessionToken, {}, "none") : null,
      });
      const request = new Request(`http://devconsult.test/inbox/${messageId}`);
      // A visitor's redirect to sign in is thrown (requireSignedIn), the others returned: React
      // Router answers both the same way.
      const response = (await inboxMessagePage
        .loader({ request, params: { id: String(messageId) }, context } as never)
        .catch((thrown: unknown) => thrown)) as Response;
      return response.headers.get("Location");
    };
    expect(await leadsTo(token)).toBe(`/messages/${row?.conversation_id}`);
    expect(await leadsTo(strangerToken)).toBe("/messages?box=received");
    expect(await leadsTo(undefined)).toBe(`/sign-in?redirectTo=${encodeURIComponent(`/inbox/${messageId}`)}`);
  });

  it("/consultant/:id for a visitor is the profile and its track record, for its owner also the session and the badge", async () => {
    const { consultantId, token } = await consultantWithMessage();
    /** The statements of the profile's page, opened with `viewer`'s session (none: a visitor). */
    const profileCost = (viewer?: string) =>
      costOf(`/consultant/${consultantId}`, consultantPage as unknown as PageModule, { id: String(consultantId) }, viewer);
    const visitor = await profileCost();
    // The profile; its track record (issue 12): assignments, education, its confirmed references
    // (issue 34) and the profile's rate and language columns, read in parallel with the first. Any
    // further statement is a regression.
    expect(visitor).toHaveLength(5);
    const owner = await profileCost(token);
    // session, the menu (unread badge and issue 31's switch), the profile, its track record (four statements)
    expect(owner).toHaveLength(7);
    // A member acting for an organization: the visitor's five, the session and the menu, whether they
    // reviewed or listed the profile, and "already contacted by a colleague" in one statement (the
    // acting organization, its conversation and the latest message together). Any further one is a regression.
    const member = await insertUser(database.db, { name: "Ploy Srisuk" });
    const [organization] = await database.sql<{ id: number }[]>`
      insert into organizations (name, slug, kind, country) values ('Mekong Water Trust', ${`mwt-${unique()}`}, 'ngo', 'TH')
      returning id`;
    await database.sql`
      insert into organization_members (organization_id, user_id, role, is_acting) values (${organization!.id}, ${member.id}, 'owner', true)`;
    const { token: memberToken } = await createSession(database.db, member.id);
    const colleague = await profileCost(memberToken);
    expect(colleague).toHaveLength(12);
  });
});
