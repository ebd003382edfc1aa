import { parseWithZod } from "@conform-to/zod/v4";
import type { ZodType } from "zod";
import type { Validate } from "./light-form.ts";

// A light form's browser validation from a zod schema, parsed exactly as the server parses the
// same form (Conform's parser: empty fields are missing, repeated fields are lists), so the browser
// shows the server's messages. Always imported dynamically (light-form.ts: on first use), which
// keeps zod and the parser out of the pages' first load.

export function zodValidate(schema: ZodType): Validate {
  return (formData) => {
    const submission = parseWithZod(formData, { schema });
    return submission.status === "success" ? {} : (submission.error ?? {});
  };
}
