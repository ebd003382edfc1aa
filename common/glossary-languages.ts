// The languages the field glossary (common/glossary/) holds terms in: the interface's four and
// Khmer, Lao and Burmese. Apart from the glossary module so a page can name them without loading
// the glossary's data (app/ must not import common/glossary/: tests/architecture.test.ts).

export const GLOSSARY_LANGUAGES = ["en", "id", "vi", "th", "km", "lo", "my"] as const;
export type GlossaryLanguage = (typeof GLOSSARY_LANGUAGES)[number];
