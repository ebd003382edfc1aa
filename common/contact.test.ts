import { describe, expect, it } from "vitest";
import { contactSubjectFrom } from "./contact.ts";
import { contactMessageSchema } from "./contact-schema.ts";

const valid = {
  firstName: " Minh ",
  lastName: "Tran",
  email: "minh@example.org",
  subject: "consultant",
  message: "How do I add a second language to my profile?",
};

function errorsOf(input: Record<string, unknown>) {
  const result = contactMessageSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("contact form schema", () => {
  it("accepts a complete message and trims it", () => {
    const parsed = contactMessageSchema.parse(valid);
    expect(parsed.firstName).toBe("Minh");
    expect(parsed.website).toBeUndefined();
  });

  it("names every missing or invalid field with its message", () => {
    expect(errorsOf({})).toEqual({
      firstName: "First name is required",
      lastName: "Last name is required",
      email: "Valid email address is required",
      subject: "Please choose a subject",
      message: "Message must be at least 10 characters long",
    });
    expect(errorsOf({ ...valid, firstName: "   ", email: "not-an-email", subject: "spam", message: "too short" })).toEqual({
      firstName: "First name is required",
      email: "Valid email address is required",
      subject: "Please choose a subject",
      message: "Message must be at least 10 characters long",
    });
    expect(errorsOf({ ...valid, message: "x".repeat(5001) })).toEqual({
      message: "Message must be at most 5000 characters long",
    });
  });

  it("takes a preselected subject from the query string only when it is one of the options", () => {
    expect(contactSubjectFrom("technical")).toBe("technical");
    expect(contactSubjectFrom("TECHNICAL")).toBeUndefined();
    expect(contactSubjectFrom(null)).toBeUndefined();
  });
});
