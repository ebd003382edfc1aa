import { describe, expect, it } from "vitest";
import { messageFormSchema, replySchema, sendMessageSchema } from "./messages.ts";

const valid = {
  senderName: " Maria Santos ",
  senderEmail: " maria@example.org ",
  subject: " Evaluation ",
  message: "  A six-month evaluation in Mindanao.  ",
};

describe("message schemas", () => {
  it("trims the fields and treats an empty organization as none", () => {
    expect(messageFormSchema.parse({ ...valid, senderOrganization: "   " })).toEqual({
      senderName: "Maria Santos",
      senderEmail: "maria@example.org",
      senderOrganization: null,
      subject: "Evaluation",
      message: "A six-month evaluation in Mindanao.",
    });
  });

  it("counts the message length after trimming", () => {
    const result = messageFormSchema.safeParse({ ...valid, message: "   123456789   " });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Message must be at least 10 characters long"]);
  });

  it("takes the consultant id as a positive whole number, from a form's text too", () => {
    expect(sendMessageSchema.parse({ ...valid, consultantId: "12" }).consultantId).toBe(12);
    for (const consultantId of [undefined, "", "0", "-3", "1.5", "abc", "99999999999"]) {
      const result = sendMessageSchema.safeParse({ ...valid, consultantId });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Consultant ID is required"]);
    }
  });

  it("needs a reply with text", () => {
    expect(replySchema.safeParse({ reply: " \n " }).error?.issues[0]?.message).toBe("Reply is required");
    expect(replySchema.safeParse({}).error?.issues[0]?.message).toBe("Reply is required");
    expect(replySchema.parse({ reply: " Thanks " })).toEqual({ reply: "Thanks" });
  });
});
