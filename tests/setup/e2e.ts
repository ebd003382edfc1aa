import type { Page } from "playwright-core";
import { test as base, expect } from "vitest";
import type { Sql } from "#server/db/client.ts";
import { type AppServer, startApp } from "./app-server.ts";
import { connectBrowser, openPage, toastText } from "./browser.ts";
import { type ConsultantRow, insertConsultant } from "./consultants.ts";
import { startSmtpServer, type TestSmtp } from "./smtp.ts";
import { type FirstMessage, startConversation } from "./start-conversation.ts";
import { unique } from "./unique.ts";
import { insertSignedInUser } from "./users.ts";

// The browser tests' fixtures (Vitest's test.extend): what every file in tests/e2e used to start
// and stop by hand in beforeAll/afterAll. A file makes its `test` (or `it`) once, at its top
// level, with the app's settings if it needs any; a test names what it needs and gets it:
//
//   const it = e2e({ SEED_DEMO: "true" });
//   it("…", async ({ app, openPage, sql }) => { … });
//
// Per file, started once (the app and the browser before the first test, the rest on first use)
// and stopped after the file's last test: `smtp`, `app` (the production build on its own database,
// mail to `smtp`), `sql` (that database), `browser` (a connection to the run's Chromium),
// `account(role)` (an account with a session, straight in the database), `register` and
// `consultantAccount` (accounts made through the API, the second with a listed profile),
// `conversation` (one started through the API between two such accounts). Per test,
// closed when it ends: the pages from `openPage` and `signedInPage` (a user, an admin or a
// consultant). A file adds fixtures of its own with `.extend(…)` on what e2e() returns.

/** The password of every account `register` creates. */
export const PASSWORD = "kettle-harbour-59";

export { unique } from "./unique.ts";

/** An account made through the JSON API, as its owner would have made it: signed in by `sessionToken`. */
export type Account = { id: number; email: string; name: string; password: string; sessionToken: string };

/** Who a signed-in page belongs to: an organization's user, an admin, or a consultant with a listed profile. */
export type Role = "user" | "admin" | "consultant";

/** How a page opens: its viewport ("phone" or "desktop") and whether it runs JavaScript. */
export type PageOptions = Parameters<typeof openPage>[1];
export type OpenedPage = Awaited<ReturnType<typeof openPage>>;

/**
 * The fixtures for one test file, whose app runs with `env` on top of the fixtures' own settings
 * (no demo directory, mail to `smtp`). Call it once, at the file's top level: it also starts the
 * app and connects the browser before the file's first test (see the end).
 */
export function e2e(env: Record<string, string> = {}) {
  const test = fixtures(env);
  // Started in a hook, under its two minutes, not inside the first test's one minute: starting the
  // app is most of a file's set-up, and on a busy machine it can take half a minute.
  test.beforeAll(async ({ app, browser }) => {
    expect(browser.isConnected(), `the browser for the app at ${app.url}`).toBe(true);
  });
  return test;
}

function fixtures(env: Record<string, string>) {
  return (
    base
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
      .extend("served", { scope: "file" }, async ({}, { onCleanup }) => {
        const served = await takeServed(env);
        // Stopped in the background: the next file's server is ready meanwhile (a stop waits for
        // the app's graceful shutdown and for its database's connections to go, 0.3–2 s).
        onCleanup(() => {
          void stopServed(served);
        });
        return served;
      })
      .extend("smtp", { scope: "file" }, ({ served }) => served.smtp)
      .extend("app", { scope: "file" }, ({ served }) => served.app)
      /** The app's database, for arranging rows and reading them back. */
      .extend("sql", { scope: "file" }, async ({ app }) => {
        if (!app.database) throw new Error("the app runs on its own test database");
        return app.database.sql;
      })
      // biome-ignore lint/correctness/noEmptyPattern: Vitest reads a fixture's dependencies from this pattern
      .extend("browser", { scope: "file" }, async ({}, { onCleanup }) => {
        const browser = await connectBrowser();
        onCleanup(() => browser.close());
        return browser;
      })
      /** Opens a page in a fresh browser context (its own cookies) that remembers console errors; closed after the test. */
      .extend("openPage", async ({ browser }, { onCleanup }) => {
        const opened: OpenedPage[] = [];
        onCleanup(async () => {
          await Promise.all(opened.map((page) => page.close()));
        });
        return async (options?: PageOptions) => {
          const page = await openPage(browser, options);
          opened.push(page);
          return page;
        };
      })
      /** Registers an account through the JSON API (`POST /api/auth/register`), as its owner would. */
      .extend("register", { scope: "file" }, async ({ app, sql }) => {
        return async (
          name: string,
          {
            email,
            password = PASSWORD,
            asNew = false,
          }: {
            email?: string;
            password?: string;
            /** As just registered: not verified, not yet a day old. */
            asNew?: boolean;
          } = {},
        ): Promise<Account> => {
          const address = email ?? `${name.toLowerCase().replace(/\W+/g, ".")}.${unique()}@example.org`;
          const response = await fetch(`${app.url}/api/auth/register`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email: address, password, name }),
          });
          expect(response.status, "registration through the API").toBe(201);
          const { user, sessionToken } = (await response.json()) as { user: { id: number }; sessionToken: string };
          if (!asNew) await established(sql, user.id);
          return { id: user.id, email: address, name, password, sessionToken };
        };
      })
      /** An account of this role straight in the database, with a live session: its `token` signs requests in. */
      .extend("account", { scope: "file" }, async ({ app, sql }) => {
        return async (role: "user" | "admin" = "user", name?: string) => {
          if (!app.database) throw new Error("the app runs on its own test database");
          const user = await insertSignedInUser(app.database.db, { role, name });
          await established(sql, user.id);
          return user;
        };
      })
      /** A new account (through the API) that owns a listed consultant profile: `consultantId`. */
      .extend("consultantAccount", { scope: "file" }, async ({ sql, register }) => {
        return async (name: string, profile: ConsultantRow = {}) => {
          const account = await register(name);
          const { id } = await insertConsultant(sql, { name, user_id: account.id, ...profile });
          return { ...account, consultantId: id };
        };
      })
      /**
       * A conversation through the API: a new account named `sender` writes `first` to a new
       * consultant named `consultant` (a listed profile). Answers both accounts, the conversation's
       * `id` and the `path` of its page.
       */
      .extend("conversation", { scope: "file" }, async ({ app, register, consultantAccount }) => {
        return async (names: { consultant: string; sender: string }, first: FirstMessage) => {
          const consultant = await consultantAccount(names.consultant);
          const sender = await register(names.sender);
          const id = await startConversation(app.url, sender, consultant.consultantId, first);
          return { consultant, sender, id, path: `/messages/${id}` };
        };
      })
      /**
       * A page signed in as a new account of this role, through a session row and its cookie (as the
       * sign-in would leave it); a consultant's account owns a listed profile (`consultantId`).
       */
      .extend("signedInPage", async ({ app, sql, openPage, account }) => {
        return async (role: Role, options: PageOptions & { name?: string } = {}) => {
          const { name = `${role === "admin" ? "Admin" : "Person"} ${unique()}`, ...pageOptions } = options;
          const user = await account(role === "admin" ? "admin" : "user", name);
          const consultantId = role === "consultant" ? (await insertConsultant(sql, { name, user_id: user.id })).id : undefined;
          const opened = await openPage(pageOptions);
          await signInPage(opened.page, app.url, user.token);
          return { ...opened, user, consultantId };
        };
      })
  );
}

/** An app server and the SMTP server it sends mail to: what one test file gets to itself. */
type Served = { smtp: TestSmtp; app: AppServer };

/**
 * The settings whose files are many (most files use none; the demo directory's pages, search and
 * language journeys SEED_DEMO): after a file takes its server, the worker starts the next one with
 * the same settings, ready for the next such file (each file still gets a process and a database
 * of its own, fresh and untouched). A start is 4–10 s of waiting (1.4 s of CPU) that this way
 * overlaps the tests of the file before instead of preceding the next one's.
 */
const SPARE_SETTINGS: Record<string, string>[] = [{}, { SEED_DEMO: "true" }];

function settingsKey(env: Record<string, string>) {
  return JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * This worker's servers started ahead of need, by settings. On globalThis: the worker runs file
 * after file from fresh modules (tests/setup/fresh-modules.ts), and this must outlive a file.
 */
function spares(): Map<string, Promise<Served>> {
  const holder = globalThis as { [SPARES]?: Map<string, Promise<Served>> };
  holder[SPARES] ??= new Map();
  return holder[SPARES];
}
const SPARES = Symbol.for("devconsult.e2e.spares");

/** A fresh SMTP server and an app (the production build on its own new database) that mails to it. */
async function serve(env: Record<string, string>): Promise<Served> {
  const smtp = await startSmtpServer();
  try {
    // A server that may wait for a file that never comes ends with this worker (exit-with-parent.ts).
    const app = await startApp({ env: { SEED_DEMO: "false", SMTP_URL: smtp.url, ...env }, exitWithParent: true });
    return { smtp, app };
  } catch (error) {
    await smtp.close();
    throw error;
  }
}

/** The spare started for these settings if there is one (else a new server), and the next spare. */
async function takeServed(env: Record<string, string>): Promise<Served> {
  const key = settingsKey(env);
  const spare = spares().get(key);
  spares().delete(key);
  // A spare that failed to start is started again here, where its error fails the file.
  const served = (await spare?.catch(() => undefined)) ?? (await serve(env));
  if (SPARE_SETTINGS.some((settings) => settingsKey(settings) === key)) {
    const next = serve(env);
    next.catch(() => {});
    spares().set(key, next);
  }
  return served;
}

async function stopServed({ smtp, app }: Served) {
  await app.stop().catch(() => {});
  await smtp.close().catch(() => {});
}

/**
 * An established account: its address verified and older than a day (issue 36: only verified
 * accounts start conversations, and new ones only a few), as the people in these journeys are.
 */
async function established(sql: Sql, userId: number) {
  await sql`update auth_users set is_email_verified = true, created_at = now() - interval '30 days' where id = ${userId}`;
}

/** Signs a browser page in with a session token, as the session cookie the sign-in sets. */
export async function signInPage(page: Page, url: string, token: string) {
  await page.context().addCookies([{ name: "session", value: token, url }]);
}

/**
 * Signs in through the sign-in dialog once something has opened it: the e-mail and password, Sign
 * In, the 'Login successful' toast, and the dialog gone.
 */
export async function signInThroughDialog(page: Page, credentials: { email: string; password: string }) {
  // The sign-in dialog by its title: the action the visitor started may open its own dialog after it.
  const dialog = page.getByRole("dialog", { name: /^Welcome to / });
  await dialog.getByLabel("Email").fill(credentials.email);
  await dialog.getByLabel("Password").fill(credentials.password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  expect(await toastText(page, "Login successful")).toContain("Welcome back");
  await dialog.waitFor({ state: "detached" });
}
