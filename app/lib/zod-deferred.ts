import type { ZodType } from "zod";
import { type DeferredValidation, deferredValidation } from "./light-form.ts";

/**
 * deferredValidation from a zod schema: the schema's module and zod-validation.ts (zod and
 * Conform's parser) are both fetched on first use, so neither is in a page's first load:
 * `zodValidation(() => import("#common/x.ts").then((m) => m.schema))`. Apart from light-form.ts
 * because zod-validation.ts imports light-form's types (no import cycle).
 */
export function zodValidation(schema: () => Promise<ZodType>): DeferredValidation {
  return deferredValidation(() =>
    Promise.all([import("./zod-validation.ts"), schema()]).then(([{ zodValidate }, loaded]) => zodValidate(loaded)),
  );
}
