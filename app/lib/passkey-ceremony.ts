import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { askToReauthenticate } from "./reauthentication.ts";

// The browser's half of a passkey ceremony (issue 38): ask the server for the options (its
// challenge, kept there for 5 minutes), let the browser's passkey prompt answer them, and hand the
// answer back as JSON text for the page's form to post. @simplewebauthn/browser is loaded here, on
// the click that starts a ceremony, never with the page (the public pages' first-load budget).

export type CeremonyOutcome =
  /** The authenticator's answer, as JSON text for the form's `response` field. */
  | { response: string }
  /** The person closed the browser's prompt, or it timed out, or cancelled the re-authentication. */
  | { cancelled: true }
  /** `already`: this authenticator holds a passkey of this account; `unsupported`: no passkeys in this browser. */
  | { failure: "already" | "unsupported" }
  /** The server's refusal, in its words (the page translates it). */
  | { refused: string };

const loadBrowser = () => import("@simplewebauthn/browser");

/** Whether this browser can use passkeys at all (false on the server). */
export function canUsePasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

async function postJson(url: string, body: unknown): Promise<{ status: number; data: Record<string, unknown> | null }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body ?? {}),
    credentials: "same-origin",
  });
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: response.status, data };
}

/** The options, asking for the password again first when the server says the session is not recent. */
async function optionsFrom(url: string, body: unknown): Promise<{ options: Record<string, unknown> } | CeremonyOutcome> {
  let answer = await postJson(url, body);
  if (answer.status === 403 && answer.data?.reauthenticate === true) {
    if (!(await askToReauthenticate())) return { cancelled: true };
    answer = await postJson(url, body);
  }
  if (answer.status !== 200 || !answer.data) {
    const message = typeof answer.data?.message === "string" ? answer.data.message : "Something went wrong. Please try again.";
    return { refused: message };
  }
  return { options: answer.data };
}

function browserRefusal(error: unknown): CeremonyOutcome {
  const code = (error as { code?: unknown })?.code;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return { failure: "already" };
  const name = (error as { name?: unknown })?.name;
  if (name === "NotSupportedError" || code === "ERROR_INVALID_DOMAIN") return { failure: "unsupported" };
  return { cancelled: true };
}

type Browser = Awaited<ReturnType<typeof loadBrowser>>;

/**
 * The steps every ceremony takes: options from the server at `url`, then the browser's prompt
 * (`prompt`, given @simplewebauthn/browser and the options), its answer as JSON text or why not.
 */
async function ceremony<Options>(
  url: string,
  body: unknown,
  prompt: (browser: Browser, optionsJSON: Options) => Promise<unknown>,
): Promise<CeremonyOutcome> {
  if (!canUsePasskeys()) return { failure: "unsupported" };
  const got = await optionsFrom(url, body);
  if (!("options" in got)) return got;
  const browser = await loadBrowser();
  try {
    // The server's options are @simplewebauthn/server's JSON, read back as the browser half's type.
    return { response: JSON.stringify(await prompt(browser, got.options as Options)) };
  } catch (error) {
    return browserRefusal(error);
  }
}

/** Makes a new passkey for the signed-in account (POST /api/account/passkeys/options, then the browser's prompt). */
export function createPasskey(): Promise<CeremonyOutcome> {
  return ceremony<PublicKeyCredentialCreationOptionsJSON>("/api/account/passkeys/options", {}, (browser, optionsJSON) =>
    browser.startRegistration({ optionsJSON }),
  );
}

/**
 * Answers a sign-in (POST /api/auth/passkey/options): with nothing, instead of the password; with
 * the password step's `challenge`, as its second step; with `reauthenticate`, to prove it is you.
 */
export function answerWithPasskey(body: { challenge?: string; reauthenticate?: true } = {}): Promise<CeremonyOutcome> {
  return ceremony<PublicKeyCredentialRequestOptionsJSON>("/api/auth/passkey/options", body, (browser, optionsJSON) =>
    browser.startAuthentication({ optionsJSON }),
  );
}
