import { describe, expect, it } from "vitest";
import type { AppContext } from "../context.ts";
import { requireSignedIn } from "./signed-in.server.ts";

// The page door's one guard: the signed-in layout's prompt, or a redirect to sign in and back.

const session = { user: { id: 7, role: "user" } } as unknown as NonNullable<AppContext["session"]>;

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
}

describe("requireSignedIn", () => {
  it("hands back the session of a signed-in person", () => {
    expect(requireSignedIn({ session })).toBe(session);
    expect(requireSignedIn({ session }, { comeBack: new Request("http://localhost/shortlists") })).toBe(session);
  });

  it("stops a visitor's loader with a 200 the layout never renders: the layout shows the sign-in prompt", () => {
    expect(thrownBy(() => requireSignedIn({ session: null }))).toMatchObject({ data: null, init: { status: 200 } });
  });

  it("sends a visitor to sign in and back to the address asked for, query included, when the page needs it", () => {
    const thrown = thrownBy(() =>
      requireSignedIn({ session: null }, { comeBack: new Request("http://localhost/shortlists/add?consultant=12&back=/") }),
    );
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      `/sign-in?redirectTo=${encodeURIComponent("/shortlists/add?consultant=12&back=/")}`,
    );
  });

  it("leaves out a return address too long to keep: the Location header stays small", () => {
    const long = `/shortlists/e${"%CC%81".repeat(2000)}`;
    const thrown = thrownBy(() => requireSignedIn({ session: null }, { comeBack: new Request(`http://localhost${long}`) }));
    expect((thrown as Response).headers.get("Location")).toBe("/sign-in");
  });
});
