/** When the privacy policy last changed (its page shows it; the text is in privacy.tsx). */
export const LAST_UPDATED = "2025-01-01";
