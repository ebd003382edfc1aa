import { z } from "zod";

// A message to a consultant (spec section 5, messages word for word). The consultant comes from
// the URL; the form and the API share this schema.

export const MESSAGE_LIMITS = { name: 255, email: 255, organization: 255, subject: 255, message: 5000 } as const;

const required = (message: string, max: number, label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`),
  );

export const messageSchema = z.object({
  senderName: required("Your name is required", MESSAGE_LIMITS.name, "Your name"),
  senderEmail: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: "Valid email address is required" })
      .max(MESSAGE_LIMITS.email, "Valid email address is required")
      .pipe(z.email("Valid email address is required")),
  ),
  senderOrganization: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string()
      .trim()
      .max(MESSAGE_LIMITS.organization, `Organization must be at most ${MESSAGE_LIMITS.organization} characters`)
      .optional(),
  ),
  subject: required("Subject is required", MESSAGE_LIMITS.subject, "Subject"),
  message: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: "Message must be at least 10 characters long" })
      .min(10, "Message must be at least 10 characters long")
      .max(MESSAGE_LIMITS.message, `Message must be at most ${MESSAGE_LIMITS.message} characters`),
  ),
});

export type MessageInput = z.infer<typeof messageSchema>;
