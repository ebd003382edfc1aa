// Dates relative to today, as the forms and the API take them.

/** A date `days` from today (YYYY-MM-DD), as an opportunity's deadline takes it. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
