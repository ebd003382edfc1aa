import { describe, expect, it } from "vitest";
import { ADMIN_REQUIRED_MESSAGES } from "../tests/setup/profile-messages.ts";
import {
  ADMIN_UNPAGED_LIMIT,
  adminConsultantListQuerySchema,
  adminConsultantSchema,
  adminListQuerySchema,
  bandOfYears,
  rejectSchema,
  yearsFromInput,
} from "./admin-schema.ts";

const valid = {
  name: "Lan Nguyen",
  title: "Public Health Specialist",
  email: "lan@example.org",
  phone: "+84 24 1234 5678",
  location: "Hà Nội, Vietnam",
  city: "Hà Nội",
  country: "Vietnam",
  yearsExperience: "6-10 years",
  primarySpecialization: "Healthcare",
  bio: "Ten years of public health work across the Mekong.",
  availableForWork: true,
  showEmail: false,
  showPhone: false,
};

function messagesOf(input: unknown) {
  const parsed = adminConsultantSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the admin consultant edit schema (spec section 5, admin rules)", () => {
  it("gives the spec's admin messages word for word for every required field", () => {
    expect(messagesOf({})).toEqual(ADMIN_REQUIRED_MESSAGES);
  });

  it("treats blank text as missing and checks the e-mail and the bio length", () => {
    const messages = messagesOf({ ...valid, name: "   ", title: "", email: "not-an-email", bio: "too short" });
    expect(messages).toEqual({
      name: "Name is required",
      title: "Title is required",
      email: "Valid email is required",
      bio: "Bio must be at least 10 characters",
    });
  });

  it("maps the admin years bands onto whole years and keeps plain numbers", () => {
    expect(adminConsultantSchema.parse(valid).yearsExperience).toBe(6);
    expect(adminConsultantSchema.parse({ ...valid, yearsExperience: "16+ years" }).yearsExperience).toBe(16);
    expect(adminConsultantSchema.parse({ ...valid, yearsExperience: "0-2 years" }).yearsExperience).toBe(0);
    expect(adminConsultantSchema.parse({ ...valid, yearsExperience: 8 }).yearsExperience).toBe(8);
    expect(adminConsultantSchema.parse({ ...valid, yearsExperience: "12" }).yearsExperience).toBe(12);
    expect(messagesOf({ ...valid, yearsExperience: "a lot" }).yearsExperience).toMatch(/whole number/);
    expect(messagesOf({ ...valid, yearsExperience: 81 }).yearsExperience).toMatch(/whole number/);
    expect(yearsFromInput("3-5")).toBe(3);
    expect(bandOfYears(8)?.label).toBe("6-10 years");
    expect(bandOfYears(40)?.label).toBe("16+ years");
    expect(bandOfYears(2)?.label).toBe("0-2 years");
  });

  it("accepts the admin specializations and the profile form's, and only the ten countries", () => {
    expect(adminConsultantSchema.safeParse({ ...valid, primarySpecialization: "Technology" }).success).toBe(true);
    expect(adminConsultantSchema.safeParse({ ...valid, primarySpecialization: "Project Management" }).success).toBe(true);
    expect(messagesOf({ ...valid, primarySpecialization: "Astrology" }).primarySpecialization).toMatch(/must be one of/);
    expect(messagesOf({ ...valid, country: "France" }).country).toMatch(/must be one of/);
  });

  it("reads form values: checkbox booleans, blank optional fields as none, omitted ones as unchanged", () => {
    const parsed = adminConsultantSchema.parse({
      ...valid,
      phone: "",
      city: undefined,
      availableForWork: ["false", "on"],
      showEmail: "off",
      showPhone: undefined,
    });
    expect(parsed).toMatchObject({ phone: null, availableForWork: true, showEmail: false });
    expect(parsed.city).toBeUndefined();
    expect(parsed.showPhone).toBeUndefined();
    expect(messagesOf({ ...valid, phone: "call me" }).phone).toMatch(/digits/);
  });

  it("ignores fields the admin dialog does not edit", () => {
    const parsed = adminConsultantSchema.parse({ ...valid, id: 9, rating: 100, status: "approved", userId: 1 });
    expect(parsed).not.toHaveProperty("rating");
    expect(parsed).not.toHaveProperty("status");
    expect(parsed).not.toHaveProperty("userId");
  });
});

describe("the admin list query", () => {
  it("answers the unpaged form when neither page nor limit is given", () => {
    expect(adminListQuerySchema.parse({})).toEqual({ search: undefined, page: 1, limit: ADMIN_UNPAGED_LIMIT, paged: false });
    expect(adminListQuerySchema.parse({ search: "  lan " })).toMatchObject({ search: "lan", paged: false });
    expect(adminListQuerySchema.parse({ page: "2" })).toEqual({ search: undefined, page: 2, limit: 20, paged: true });
    expect(adminListQuerySchema.parse({ limit: "5" })).toMatchObject({ page: 1, limit: 5, paged: true });
  });

  it("refuses bad paging with a message naming the parameter", () => {
    expect(adminListQuerySchema.safeParse({ page: "0" }).error?.issues[0]?.message).toMatch(/^Page /);
    expect(adminListQuerySchema.safeParse({ limit: "1000" }).error?.issues[0]?.message).toMatch(/^Limit /);
    expect(adminConsultantListQuerySchema.safeParse({ status: "deleted" }).error?.issues[0]?.message).toMatch(/^Status /);
    expect(adminConsultantListQuerySchema.parse({ status: "pending", page: "1" })).toMatchObject({
      status: "pending",
      paged: true,
    });
  });

  it("requires a reason to reject", () => {
    expect(rejectSchema.safeParse({ reason: "  " }).error?.issues[0]?.message).toBe("A reason is required");
    expect(rejectSchema.safeParse({}).error?.issues[0]?.message).toBe("A reason is required");
    expect(rejectSchema.parse({ reason: " Photo is not a person " }).reason).toBe("Photo is not a person");
  });
});
