import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { z } from "zod";
import { parseId } from "#common/ids.ts";
import { databaseTest } from "../../tests/setup/fixtures.ts";
import { insertUser } from "../../tests/setup/users.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { authUsers } from "../db/schema.ts";
import { actorOf, requireAdmin, requireAdminRole, requireOwnerOrAdmin, requireUser } from "./context.ts";
import { Forbidden, Unauthorized, ValidationFailed } from "./errors.ts";
import { parseInput } from "./validate.ts";

const it = databaseTest();

describe("the guards", () => {
  it("requireUser refuses a visitor with 401 and hands back the signed-in actor", () => {
    expect(() => requireUser(null)).toThrow(Unauthorized);
    expect(() => requireUser(null, "Sign in to read your messages")).toThrow("Sign in to read your messages");
    expect(requireUser({ id: 3, role: "user" })).toEqual({ id: 3, role: "user" });
  });

  it("requireAdminRole takes the session's role: 401 for a visitor, 403 for a user", () => {
    expect(() => requireAdminRole(null)).toThrow(Unauthorized);
    expect(() => requireAdminRole({ id: 3, role: "user" })).toThrow(Forbidden);
    expect(requireAdminRole({ id: 4, role: "admin" })).toEqual({ id: 4, role: "admin" });
  });

  it("actorOf names the session the request came with", () => {
    expect(actorOf(null)).toBeNull();
    expect(actorOf({ user: { id: 5, role: "admin" }, tokenHash: "abc" })).toEqual({
      id: 5,
      role: "admin",
      sessionTokenHash: "abc",
    });
    expect(actorOf({ user: { id: 6, role: "something else" } })).toEqual({ id: 6, role: "user" });
  });

  it("requireOwnerOrAdmin lets the owner and an admin through, nobody else", () => {
    const messages = { forbidden: "You can only edit your own profile" };
    expect(requireOwnerOrAdmin({ id: 3, role: "user" }, 3, messages).id).toBe(3);
    expect(requireOwnerOrAdmin({ id: 4, role: "admin" }, 3, messages).id).toBe(4);
    expect(() => requireOwnerOrAdmin({ id: 4, role: "user" }, 3, messages)).toThrow(Forbidden);
    expect(() => requireOwnerOrAdmin({ id: 4, role: "user" }, null, messages)).toThrow(Forbidden);
    expect(() => requireOwnerOrAdmin(null, 3, messages)).toThrow(Unauthorized);
  });

  it("requireAdmin re-reads the role: a session that still says admin is refused once demoted", async ({ database }) => {
    const admin = await insertUser(database.db, { role: "admin" });
    const actor = actorOf({ user: admin });
    await expect(requireAdmin(database, actor)).resolves.toMatchObject({ id: admin.id, email: admin.email });
    await database.db.update(authUsers).set({ role: "user" }).where(eq(authUsers.id, admin.id));
    await expect(requireAdmin(database, actor)).rejects.toThrow(Forbidden);
    await database.db.delete(authUsers).where(eq(authUsers.id, admin.id));
    await expect(requireAdmin(database, actor)).rejects.toThrow(Unauthorized);
    await expect(requireAdmin(database, null)).rejects.toThrow(Unauthorized);
  });
});

describe("parseInput", () => {
  const schema = z.object({ name: z.string({ error: "Enter a name" }).min(1, "Enter a name"), age: z.number().optional() });

  it("returns the parsed value", () => {
    expect(parseInput(schema, { name: "Ana", extra: true })).toEqual({ name: "Ana" });
  });

  it("throws ValidationFailed with every field error, the first as its message", () => {
    try {
      parseInput(schema, { name: "", age: "x" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationFailed);
      expect((error as ValidationFailed).message).toBe("Enter a name");
      expect((error as ValidationFailed).errors?.map((e) => e.path)).toEqual(["name", "age"]);
    }
  });

  it("names the whole body when the input is not an object", () => {
    expect(() => parseInput(schema, "nope")).toThrow(ValidationFailed);
    try {
      parseInput(schema, "nope");
    } catch (error) {
      expect((error as ValidationFailed).errors?.[0]?.path).toBe("(body)");
    }
  });
});

describe("parseId", () => {
  it("accepts a positive whole number within PostgreSQL's integer", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("2147483647")).toBe(2147483647);
  });

  it.each(["", "0", "01", "-1", "1.5", "1e3", " 1", "abc", "2147483648", "99999999999"])("refuses %j", (value) => {
    expect(parseId(value)).toBeNull();
  });

  it("refuses a missing value", () => {
    expect(parseId(undefined)).toBeNull();
    expect(parseId(null)).toBeNull();
  });
});

describe("isUniqueViolation", () => {
  it("recognizes PostgreSQL's unique violation through Drizzle's wrapping, by constraint", async ({ database }) => {
    const user = await insertUser(database.db);
    const error = await database.db
      .insert(authUsers)
      .values({ email: user.email, name: "Twin", hashedPassword: "x" })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(error)).toBe(true);
    const constraint = (function find(e: unknown): string | undefined {
      if (!e || typeof e !== "object") return undefined;
      return (e as { constraint_name?: string }).constraint_name ?? find((e as { cause?: unknown }).cause);
    })(error);
    expect(constraint).toBeTruthy();
    expect(isUniqueViolation(error, constraint)).toBe(true);
    expect(isUniqueViolation(error, "some_other_key")).toBe(false);
    expect(isUniqueViolation(new Error("no"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
