import { I18nProvider } from "@lingui/react";
import { cleanup, configure, render } from "@testing-library/react";
import HTMLElementConfig from "happy-dom/lib/config/HTMLElementConfig.js";
import { type ComponentType, createElement } from "react";
import { createRoutesStub, Outlet, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect } from "vitest";
import { Toaster } from "#app/components/ui/toast.tsx";
import { type AppContext, appContext } from "#app/context.ts";
import { i18nFor } from "#app/i18n/i18n.ts";
import { readToast } from "#app/lib/toast.server.ts";
import { loader as rootLoader } from "#app/root.tsx";
import * as signedInLayout from "#app/routes/signed-in-layout.tsx";
import type { JobQueue } from "#server/jobs/queue.ts";
import { type CurrentSession, resolveSession } from "#server/services/sessions.ts";
import { startTestJobQueue } from "./api-app.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";
import { recordingLog, type TestServiceDeps, testServiceDeps } from "./service-deps.ts";
import { insertSignedInUser } from "./users.ts";

// Route-module tests (issue 30 item 4): a page's real loader, action and component, rendered by
// React Router's createRoutesStub in happy-dom, on a real PostgreSQL with the real services. What
// the browser journeys (tests/e2e) prove in Chromium in minutes, these prove for one route in
// seconds: what the loader gives, what the action answers, what the page shows of it.
//
// A test file opts in with `// @vitest-environment happy-dom` on its first line.

// happy-dom does not know HTML's <search> element yet (the search form's landmark); browsers do.
// Without this, React warns that the tag is unrecognized and the test fails on the console error.
(HTMLElementConfig as Record<string, unknown>).search ??= (HTMLElementConfig as Record<string, unknown>).section;

// A loader reads PostgreSQL: on a busy machine a page can take seconds to show (findBy… waits).
configure({ asyncUtilTimeout: 15_000 });

export type RouteHarness = {
  database: TestDatabase;
  deps: TestServiceDeps;
  /** A new account (of this role) and its session, as the HTTP layer resolves it from the cookie. */
  signIn: (options?: { role?: "user" | "admin"; name?: string }) => Promise<CurrentSession>;
  close: () => Promise<void>;
};

/** A session the harness signed in. */
export type RouteSession = Awaited<ReturnType<RouteHarness["signIn"]>>;

async function startRouteHarness(): Promise<RouteHarness> {
  const database = await createTestDatabase();
  const { log } = recordingLog();
  const jobs: JobQueue = await startTestJobQueue(database.url, log);
  const deps = await testServiceDeps(database.db, { jobs, log });
  return {
    database,
    deps,
    async signIn(options = {}) {
      const { token } = await insertSignedInUser(database.db, options);
      const session = await resolveSession(database.db, token, {}, "none");
      if (!session) throw new Error("the new session does not resolve");
      return session;
    },
    async close() {
      cleanup();
      await jobs.stop();
      await database.close();
    },
  };
}

/**
 * The file's harness, started before its first test and closed after its last: call it once at
 * the top of a test file (`const harness = routeHarness();`).
 */
export function routeHarness(): RouteHarness {
  const holder = {} as RouteHarness;
  beforeAll(async () => {
    Object.assign(holder, await startRouteHarness());
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}

/** The per-request context the HTTP layer would hand the pages (server/http/context.ts). */
export function appContextOf(deps: TestServiceDeps, session: CurrentSession | null): AppContext {
  return {
    db: deps.db,
    readDb: deps.readDb,
    config: deps.config,
    log: deps.log as AppContext["log"],
    mailer: deps.mailer,
    jobs: deps.jobs,
    storage: deps.storage,
    runtime: deps.runtime,
    requestId: "route-test",
    nonce: "route-test",
    clientIp: deps.clientIp,
    session,
    cachedPageEffects: [],
  };
}

/**
 * `page` at `path`, opened at `url` (`path` itself when it has no parameters) by `session` (null:
 * signed out), under the real signed-in layout: renderRoute for a signed-in page of the file's harness.
 */
export function renderSignedInRoute(
  page: RouteModule,
  harness: Pick<RouteHarness, "deps">,
  session: CurrentSession | null,
  path: string,
  url = path,
) {
  return renderRoute(page, { path, url, context: appContextOf(harness.deps, session), signedIn: true });
}

/** React Router's context holding `app`, as server/http/render.ts gives it to a loader or an action. */
export function routerContextOf(app: AppContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(appContext, app);
  return provider;
}

/** A form for a page's action: where it is posted, by whose context, its fields, the route's params. */
type PostedForm<Value> = { url: string; context: AppContext; fields: Record<string, Value>; params?: Record<string, string> };

/**
 * A form posted to `page`'s action at `url`, as the page door hands it over: the fields as form
 * data (a File as a multipart upload), the session's context, the route's `params`. Answers what
 * the action returned (the one form answer, `data`, with its status in `init`).
 */
export async function postAction<Answer = unknown>(
  page: { action?: (args: never) => unknown },
  { url, context, fields, params = {} }: PostedForm<string | File>,
) {
  if (!page.action) throw new Error("the route module has no action");
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return (await page.action({
    request: new Request(`http://localhost${url}`, { method: "POST", body: form }),
    context: routerContextOf(context),
    params,
  } as never)) as { data: Answer; init: { status: number } };
}

/**
 * Where `page`'s action sent the browser after a posted form (it must answer a redirect), and the
 * toast its cookie carries, read back as the root loader reads it. Run it in Node's environment:
 * happy-dom's Headers drop Set-Cookie.
 */
export async function redirectAfterAction(
  page: { action?: (args: never) => unknown },
  { url, context, fields, params = {} }: PostedForm<string | number>,
) {
  const strings = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)]));
  const done = (await postAction(page, { url, context, fields: strings, params })) as unknown as Response;
  expect(done.status, JSON.stringify(done).slice(0, 500)).toBe(302);
  const cookie = done.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return {
    location: done.headers.get("Location"),
    toast: readToast(context, new Request("http://localhost/", { headers: { cookie } })).toast,
  };
}

type RouteModule = {
  default: ComponentType<never>;
  loader?: (args: never) => unknown;
  action?: (args: never) => unknown;
  handle?: unknown;
  ErrorBoundary?: ComponentType<never>;
};

/** The root's loader and the toasts under one page (the document itself is the browser tests'). */
function Root() {
  return createElement("div", null, createElement(Outlet), createElement(Toaster));
}

/**
 * Renders `url` with `page` at `path`, under the real root loader and, with `signedInLayout`, the
 * real signed-in layout (as app/routes.ts nests them). `others` are further routes a redirect may
 * land on, each a stub that names where it is.
 */
export function renderRoute(
  page: RouteModule,
  {
    path,
    url,
    context,
    signedIn = false,
    others = [],
  }: { path: string; url: string; context: AppContext; signedIn?: boolean; others?: string[] },
) {
  const provider = routerContextOf(context);
  // Under the root ("/"), paths are relative; "/" itself is the index route.
  const relative = (at: string) => at.replace(/^\//, "");
  const pageRoute = {
    id: "page",
    ...(path === "/" ? { index: true as const } : { path: relative(path) }),
    Component: page.default as ComponentType,
    loader: page.loader as never,
    action: page.action as never,
    handle: page.handle,
    ErrorBoundary: page.ErrorBoundary as ComponentType | undefined,
  };
  const landings = others.map((other) => ({
    id: `landed ${other}`,
    path: relative(other),
    Component: () => createElement("p", { "data-testid": "landed" }, other),
  }));
  const children = signedIn
    ? [
        {
          id: "routes/signed-in-layout",
          Component: signedInLayout.default as ComponentType,
          loader: signedInLayout.loader as never,
          children: [pageRoute],
        },
        ...landings,
      ]
    : [pageRoute, ...landings];
  const root = { id: "root", path: "/", Component: Root, HydrateFallback: () => null, loader: rootLoader as never, children };
  const Stub = createRoutesStub([root], provider);
  // English, as the entry modules provide it to every page (app/entry.client.tsx).
  return render(createElement(I18nProvider, { i18n: i18nFor("en") }, createElement(Stub, { initialEntries: [url] })));
}
