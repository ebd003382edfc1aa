import { type AppServer, startApp } from "./app-server.ts";

// The start of a fuzz run (tests/e2e/fuzz.test.ts, fuzz-every-route.test.ts): the production app
// with an administrator, trusting one proxy's X-Forwarded-For (so the generated requests may come
// from addresses of their own), and the people the requests act as, made through the JSON API as
// their owners would make them. Both runs send their requests with sendFuzzed().

/** A request a fuzz run sends: made by its generators, sent as it is. */
export type FuzzRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
};

/** Sends `request` to the app, redirects not followed, and reads its answer to the end. */
export async function sendFuzzed(app: AppServer, request: FuzzRequest) {
  const response = await fetch(`${app.url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response;
}

/** POSTs JSON to the app, signed in by `token` when given; answers the JSON, and throws on anything but 2xx. */
export async function postJson(app: AppServer, path: string, body: unknown, token?: string) {
  const response = await fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * The app for the fuzz run `run` (its administrator `<run>.admin@example.org`) and its actors: the
 * administrator signed in, a user who registered (`<name> User`), and the consultant profile
 * (`<name> Consultant`) the user created.
 */
export async function startFuzzedApp(run: string, name: string, env: Record<string, string> = {}) {
  const credentials = { email: `${run}.admin@example.org`, password: `${run}-admin-pass-1` };
  const app = await startApp({
    env: {
      ADMIN_EMAIL: credentials.email,
      ADMIN_PASSWORD: credentials.password,
      SEED_DEMO: "false",
      TRUST_PROXY: "true",
      ...env,
    },
  });
  const admin = await postJson(app, "/api/auth/login", credentials);
  const user = await postJson(app, "/api/auth/register", {
    email: `${run}.user@example.org`,
    password: `${run}-user-pass-1`,
    name: `${name} User`,
  });
  const consultant = await postJson(
    app,
    "/api/consultants",
    {
      name: `${name} Consultant`,
      title: "Evaluator",
      email: `${run}.consultant@example.org`,
      location: "Hanoi, Vietnam",
      country: "Vietnam",
      yearsExperience: 5,
      primarySpecialization: "Healthcare",
      bio: "Evaluates health programmes across the region.",
    },
    user.sessionToken as string,
  );
  return {
    app,
    admin: { token: admin.sessionToken as string, id: (admin.user as { id: number }).id },
    user: { token: user.sessionToken as string, id: (user.user as { id: number }).id },
    consultantId: consultant.id as number,
  };
}
