// What a review may be, free of zod: the profile page shows the choices and limits in its form
// (the schemas that enforce them are in reviews.ts, which re-exports these).

export const REVIEW_ENGAGEMENTS = [
  "Short-term consultancy",
  "Long-term assignment",
  "Evaluation or review",
  "Training or workshop",
  "Advisory or technical support",
  "Other",
] as const;

export const REVIEW_TEXT_MIN = 10;
export const REVIEW_TEXT_MAX = 2000;
