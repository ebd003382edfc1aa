// The server bundle's catalogues, written by build-tools/i18n.ts.
declare module "virtual:devconsult/i18n" {
  type Translated = "id" | "vi" | "th";
  /** Every translated language's compiled catalogue (message id → tokens). */
  export const messages: Record<Translated, Record<string, unknown>>;
  /** Per client chunk ("/assets/home-….js"), its catalogue per language as JSON text; null in development. */
  export const chunkCatalogs: Record<string, Partial<Record<Translated, string>>> | null;
}
