// The one sentence of two-step sign-in the sign-in form compares an answer with, in a module of its
// own: the form importing it from second-factor-messages.ts put all eleven sentences (that module,
// shared with the lazy second-factor schemas) into the sign-in page's first load.

export const MFA_CHALLENGE_EXPIRED = "Your sign-in has expired. Please sign in with your password again.";
