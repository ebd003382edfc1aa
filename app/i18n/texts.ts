import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

// The sentences the shared schemas and the services write in English (common/*.ts: the spec's
// messages, word for word, which the JSON API answers) as a page shows them: a field's error, a
// form's error, a toast. The schemas stay English (the API's contract, the logs); a page in
// another language looks the text up here when it shows it. A text not in the table is shown as
// it is (the English, never an id).

/** Whole sentences: each is its own English text (read back from the compiled message). */
const SENTENCES: MessageDescriptor[] = [
  // Accounts (common/auth.ts)
  msg`Valid email address is required`,
  msg`Name is required`,
  msg`Password must be at least 6 characters long`,
  msg`Password is required`,
  msg`Current password is required`,
  msg`New password must be at least 6 characters long`,
  msg`Passwords don't match`,
  msg`This password is too easy to guess.`,
  // Why, and how to do better: zxcvbn's English (@zxcvbn-ts/language-en) after that sentence
  // (server/services/accounts/password-strength.ts), each looked up on its own.
  msg`Straight rows of keys on your keyboard are easy to guess.`,
  msg`Short keyboard patterns are easy to guess.`,
  msg`Repeated characters like "aaa" are easy to guess.`,
  msg`Repeated character patterns like "abcabcabc" are easy to guess.`,
  msg`Common character sequences like "abc" are easy to guess.`,
  msg`Recent years are easy to guess.`,
  msg`Dates are easy to guess.`,
  msg`This is a heavily used password.`,
  msg`This is a frequently used password.`,
  msg`This is a commonly used password.`,
  msg`This is similar to a commonly used password.`,
  msg`Single words are easy to guess.`,
  msg`Single names or surnames are easy to guess.`,
  msg`Common names and surnames are easy to guess.`,
  msg`There should not be any personal or page related data.`,
  msg`Avoid predictable letter substitutions like '@' for 'a'.`,
  msg`Avoid reversed spellings of common words.`,
  msg`Capitalize some, but not all letters.`,
  msg`Capitalize more than the first letter.`,
  msg`Avoid dates and years that are associated with you.`,
  msg`Avoid recent years.`,
  msg`Avoid years that are associated with you.`,
  msg`Avoid common character sequences.`,
  msg`Avoid repeated words and characters.`,
  msg`Use longer keyboard patterns and change typing direction multiple times.`,
  msg`Add more words that are less common.`,
  msg`Use multiple words, but avoid common phrases.`,
  msg`You can create strong passwords without using symbols, numbers, or uppercase letters.`,
  msg`Add another word or two. Uncommon words are better.`,
  msg`Invalid email or password`,
  msg`An account with this email already exists`,
  msg`Current password is incorrect`,
  msg`You need to be signed in to do that`,
  msg`This link is invalid or has expired`,
  msg`This account has been blocked. If you think this is a mistake, please contact support.`,
  msg`This account uses two-step sign-in, which this form does not ask for yet. Sign in through the API (POST /api/auth/login, then /api/auth/login/mfa).`,
  // Deleting the account (common/auth.ts ACCOUNT_DELETION_MESSAGES)
  msg`You are the only admin. Make another user an admin before you delete your account.`,
  msg`You are the only owner of an organization. Make another member an owner, or delete the organization, before you delete your account.`,
  msg`Tick the box to confirm that you want to delete your account.`,
  // Two-step sign-in (common/second-factor.ts MFA_MESSAGES)
  msg`Enter the 6-digit code from your authenticator app`,
  msg`Enter one of your recovery codes`,
  msg`Enter the 6-digit code from your app or one of your recovery codes`,
  msg`That code is not right. Check your authenticator app and try again.`,
  msg`That code was already used. Wait for the next code in your authenticator app (a new one every 30 seconds) and enter it.`,
  msg`Your sign-in has expired. Please sign in with your password again.`,
  msg`Too many wrong codes. Please wait a few minutes and try again.`,
  msg`Your authenticator app is already set up. Turn it off first to set up another.`,
  msg`Start setting up your authenticator app first.`,
  msg`Two-step sign-in with an authenticator app is not on.`,
  msg`Two-step sign-in is not available on this server yet (SECRETS_KEY is not set).`,
  // Passkeys (common/passkeys.ts PASSKEY_MESSAGES)
  msg`Give the passkey a name (1 to 60 characters), such as the device it is on`,
  msg`The passkey's answer could not be read. Please try again.`,
  msg`This passkey request has expired or was already used. Please try again.`,
  msg`This passkey answer was made for another website, not this one.`,
  msg`The passkey could not be verified. Please try again.`,
  msg`This passkey is already registered.`,
  msg`You have 20 passkeys, the most an account can have. Remove one first.`,
  msg`Passkey not found`,
  msg`That passkey is not registered here, or it could not be verified.`,
  msg`This account has no passkey.`,
  // Re-authentication (common/reauthentication.ts REAUTH_MESSAGES)
  msg`Please confirm it is you: enter your password or a code from your authenticator app again.`,
  msg`Enter your password, or a code from your authenticator app`,
  msg`That password is not right.`,
  msg`Too many attempts. Please wait a few minutes and try again.`,
  msg`Re-authentication needs a signed-in session.`,
  // Messages (common/messages.ts)
  msg`Your name is required`,
  msg`Subject is required`,
  msg`Reply is required`,
  msg`Message sent successfully!`,
  msg`You have sent a lot of messages in a short time. To protect consultants from spam, please wait a while before sending another one.`,
  msg`You sent this same message to this consultant a moment ago. It has been delivered; there is no need to send it again.`,
  msg`Consultant not found`,
  msg`Message not found`,
  msg`You need to be logged in to send messages. Please sign in and try again.`,
  msg`You need to be signed in to read your messages.`,
  msg`You do not have a consultant profile yet, so there is no inbox to show.`,
  msg`Please verify your e-mail address before you start a conversation: it keeps consultants' inboxes free of spam. We sent you a link when you registered.`,
  msg`New accounts can start only a few conversations on their first day, to protect consultants from spam. Please try again tomorrow.`,
  // "Resend verification" (server/services/accounts/verification.ts, its limits in limits.ts)
  msg`Too many verification emails were requested. Please wait a while and try again.`,
  msg`Your email address is already verified`,
  // Conversations (common/conversations.ts)
  msg`Conversation not found`,
  msg`This consultant's profile is not listed at the moment, so it cannot take messages.`,
  msg`You have sent a lot of replies in a short time. Please wait a while before sending another one.`,
  msg`Blocked sender`,
  msg`This sender's account has been blocked for abuse, so replies to it are not sent.`,
  msg`The conversation has been deleted from your messages.`,
  // "Report this sender" (common/organizations.ts REPORT_TEXTS)
  msg`Please say why you are reporting this sender.`,
  msg`Please say in the details what is wrong with this conversation.`,
  msg`The reason and the details together must be at most 1000 characters`,
  msg`Only the consultant who received a conversation can report its sender`,
  msg`You have already reported this conversation; an administrator will look at it`,
  msg`Thank you. An administrator will look at this conversation.`,
  // Saved searches (common/saved-searches.ts SAVED_SEARCH_TEXTS)
  msg`Saved search not found`,
  msg`You can keep at most 20 saved searches. Delete one you no longer need to make room.`,
  // Contact form (common/contact-schema.ts)

  msg`First name is required`,
  msg`Last name is required`,
  msg`Please choose a subject`,
  // Profiles (common/consultant-schema.ts, common/zod-fields.ts)
  msg`Professional title is required`,
  msg`Location is required`,
  msg`Country is required`,
  msg`Years of experience is required`,
  msg`Primary specialization is required`,
  msg`Bio must be at least 10 characters long`,
  msg`Choose at least one funding donor`,
  msg`Name at least one country where the work took place`,
  msg`Phone may contain only digits, spaces and + ( ) - .`,
  msg`Write the languages separated by commas, or choose them from the list`,
  msg`Write the secondary specializations separated by commas, or choose them from the list`,
  msg`Keep at most 15 languages: remove the others`,
  msg`Keep at most 15 secondary specializations: remove the others`,
  // The track record's lists (common/track-record.ts TRACK_LIST_TEXTS)
  msg`Choose the funding donors from the list`,
  msg`Keep at most 10 donors: remove the others`,
  msg`Write the countries where the work took place, separated by commas`,
  msg`Keep at most 15 countries: remove the others`,
  msg`Keep at most 50 assignments: remove the others`,
  msg`Keep at most 20 education entries: remove the others`,
  // Shortlists and saved searches (common/shortlists.ts, common/saved-searches.ts)
  msg`Shortlist not found`,
  msg`Note is required`,
  msg`You need to be signed in to keep shortlists.`,
  msg`Saved search not found`,
  msg`You need to be signed in to save searches.`,
  msg`This unsubscribe link is not valid.`,
  // Reviews (common/reviews.ts)
  msg`Score must be a whole number from 1 to 10`,
  msg`Response is required`,
  msg`Reason is required`,
  msg`You can review a consultant after they have replied to a message from you`,
  msg`You have already reviewed this consultant; edit your review instead`,
  msg`You cannot review your own profile`,
  msg`Review not found`,
  msg`You can only change your own review`,
  msg`Only the consultant reviewed can respond`,
  msg`You have already responded to this review`,
  msg`Reviewer not verified`,
  msg`Not counted: one review per organization`,

  // The Admin Dashboard's toasts (common/admin-schema.ts ADMIN_TOASTS, spec section 8)
  msg`Success`,
  msg`Error`,
  msg`Consultant deleted successfully`,
  msg`Consultant updated successfully`,
  msg`User promoted to admin successfully`,
  msg`User demoted from admin successfully`,
  msg`Failed to delete consultant`,
  msg`Failed to update consultant`,
  msg`Failed to promote user`,
  msg`Failed to demote user`,
  msg`Profile approved and listed`,
  msg`Profile rejected; the owner has been told why`,
  msg`Profile hidden from the directory`,
  msg`Failed to approve profile`,
  msg`Failed to reject profile`,
  msg`Failed to hide profile`,
  msg`Change approved and published`,
  msg`Change rejected; the owner has been told why`,
  msg`Failed to approve change`,
  msg`Failed to reject change`,
  msg`User blocked`,
  msg`User unblocked`,
  msg`Failed to block user`,
  msg`Failed to unblock user`,
  msg`Sessions ended`,
  msg`Failed to end sessions`,
  msg`Unknown action`,
  msg`Not found`,
  msg`Organization not found`,
  // The organization pages' refusals (common/organizations.ts ORGANIZATION_TEXTS)
  msg`Website must be a web address such as https://example.org`,
  msg`Only an owner can make someone an owner or change an owner's role`,
  msg`An organization needs at least one owner. Make another member an owner first.`,
  msg`You can belong to at most 50 organizations.`,
  msg`An organization can have at most 200 members.`,
  msg`An organization can have at most 20 invitations waiting for an answer. Withdraw one or wait for answers.`,
  msg`This person is already a member of the organization`,
  msg`Member not found`,
  msg`This invitation link is not valid. It may have expired, been answered or been withdrawn.`,
  msg`This invitation was sent to another e-mail address. Sign in with the address it was sent to.`,
  msg`Add the organization's website first: the domain is checked against it.`,
  msg`A free e-mail provider's domain cannot verify an organization.`,
  msg`Confirm your own e-mail address first (Manage Account, Resend verification email).`,
  msg`Your sign-in e-mail address is not at the organization's web domain.`,
  msg`Only a site administrator can verify an organization by hand.`,
  msg`You can hide your profile from at most 50 organizations.`,
  msg`One of the organizations does not exist`,
  // An organization's logo through the photo pipeline (server/services/photos.ts; common/organizations.ts)
  msg`Only the organization's owners and admins can do this`,
  msg`Choose a picture to upload`,
  msg`Invalid file type`,
  msg`File too large`,
  msg`Image too large: at most 24 megapixels`,
  msg`Image too large: at most 10000 pixels wide and high`,
  msg`Image too large: a GIF may have at most 10 megapixels`,
  msg`The image is too narrow for a profile photo: at most 10 times longer than wide`,
  msg`The image could not be read. Please upload a valid JPEG, PNG or GIF file.`,
  msg`Too many photo uploads. Please wait a little and try again.`,
  msg`The photo could not be stored just now. Please try again in a moment.`,

  // Opportunities: the toasts and refusals the opportunity pages show (common/opportunities.ts)
  msg`Opportunity published`,
  msg`Sent for approval: an administrator checks opportunities of unverified organizations before they are public.`,
  msg`Opportunity closed`,
  msg`Draft deleted`,
  msg`Your expression of interest was sent`,
  msg`Your expression of interest was withdrawn`,
  msg`Your expression of interest was changed`,
  msg`You need a listed consultant profile to express interest. Create your profile, or wait for its approval.`,
  msg`You have already expressed interest in this opportunity. You can edit or withdraw it.`,
  msg`This opportunity is no longer open for applications.`,
  msg`Note must be between 50 and 3000 characters`,
  msg`Choose one of your organization's team shortlists`,
  msg`Only members of the organization that posted this opportunity can add its applicants to a shortlist.`,
  // The opportunity form's fields (common/opportunities.ts OPPORTUNITY_TEXTS)
  msg`Choose one of your organizations to post for`,
  msg`Choose at least one specialization from the list`,
  msg`Choose at most 10 specializations`,
  msg`Choose each country from the list of countries`,
  msg`Choose at most 10 countries`,
  msg`Say whether the work can be done remotely (yes or no)`,
  msg`Choose each donor from the list of donors`,
  msg`Choose at most 10 donors`,
  msg`Write each language by its name, such as English or Khmer`,
  msg`Choose at most 10 languages`,
  msg`Minimum years of experience must be a whole number from 0 to 50`,
  msg`Give the start date as a date, such as 2027-03-01`,
  msg`Give the duration as a whole number of days or months, more than 0`,
  msg`The duration can be at most 3650 days (120 months)`,
  msg`Give the application deadline as a date, such as 2027-01-31`,
  msg`Choose a time zone, such as Asia/Bangkok`,
  msg`Give the budget as whole amounts from 0 to 100000000, with its currency`,
  msg`Choose the budget's currency from the list`,
  msg`Say whether the budget is a total or a daily rate`,
  msg`Give a minimum or a maximum budget amount`,
  msg`The budget's minimum must not be more than its maximum`,
  msg`Choose a member of the organization as the contact`,

  // What a person can type into the opportunity form and be refused (common/opportunities.ts fields)
  msg`Title must be between 5 and 160 characters`,
  msg`Terms of Reference (description) must be at least 50 characters`,
  // The expression of interest's form (common/opportunities.ts interestSchema)
  msg`Available from must be a date such as 2027-03-01`,
  msg`Daily rate must be a whole number from 0 to 100000000`,
  // The profile form's track record (common/track-record.ts), as a person can leave it
  msg`Assignment title is required`,
  msg`Client or employing organization is required`,
  msg`Start month is required, as YYYY-MM`,
  msg`End month must be a month written YYYY-MM, or empty while the assignment is ongoing`,
  msg`Degree is required`,
  msg`Institution is required`,
  msg`Available from must be a date written YYYY-MM-DD`,

  // The referee's page, /references/{token} (common/references.ts referenceConfirmSchema, REFERENCE_MESSAGES)
  msg`This reference link has expired or has already been used.`,
  msg`Score must be a whole number from 1 to 10`,
  msg`Start month must be a month written YYYY-MM (for example 2021-03)`,
  msg`End month must be a month written YYYY-MM (for example 2021-03)`,
  msg`End month must not be before the start month`,
  msg`Role must not contain HTML`,
  msg`Statement must not contain HTML`,
  // The CV kept with a profile (common/cv-import.ts KEPT_CV_MESSAGES; the import panel shows the refusal)
  msg`No CV file is kept with this profile`,
  msg`The CV was read, but the file could not be kept just now. Please try again in a moment, or import it without keeping it.`,
  msg`CV file removed`,

  // Pages (app/lib, app/routes)
  // The profile form's toasts (app/routes/profile-form.tsx; the photo's: spec section 8, app/lib/photo-errors.ts)
  msg`Error creating profile`,
  msg`Error updating profile`,
  msg`Please check your form and try again.`,
  msg`Authentication Required`,
  msg`Error uploading photo`,
  msg`Failed to upload photo`,
  msg`Image too large. Please upload a smaller image.`,
  msg`Image file size is too large. Please use a smaller image or reduce the image quality.`,
  msg`You need to be logged in to create or edit a consultant profile.`,
  msg`You need to be logged in to create or edit a consultant profile`,

  // Importing a CV (common/cv-import.ts CV_IMPORT_MESSAGES, CV_IMPORT_WARNINGS: the fixed ones)
  msg`Choose a CV file to import`,
  msg`The file is too large: a CV to import may be at most 5 MB`,
  msg`The CV is too long: a CV to import may have at most 30 pages`,
  msg`This file is not a CV we can read: import a Europass XML, a PDF or a Word (.docx) document`,
  msg`This file could not be read. Save it again as a PDF or a Word (.docx) document and import that, or fill the form by hand.`,
  msg`This file took too long to read (more than 20 seconds). Save it again as a simpler PDF or Word document, or fill the form by hand.`,
  msg`This file needs more memory to read than a CV should. Save it again as a simpler PDF or Word document, or fill the form by hand.`,
  msg`Too many imports for now. Please wait a while and try again.`,
  msg`This PDF has no text to read (it may be a scan): fill the form by hand or import a Word version.`,
  msg`Images linked to outside files were ignored.`,
  msg`No section of work experience was found: add your assignments by hand.`,
  msg`No assignment with dates was found in the experience section: add them by hand.`,
  msg`No education section was found.`,
  msg`No employment record was found in this P11: add your assignments by hand.`,
  msg`Only the first 50 assignments were kept (the profile holds at most that many).`,

  msg`Something went wrong. Please try again.`,
  msg`Please check the form and try again.`,
  msg`Please check the form.`,
];

/** The names of fields in the schemas' "{field} must be at most {n} characters long" sentences. */
const FIELDS: MessageDescriptor[] = [
  msg`Your name`,
  msg`Organization`,
  msg`Subject`,
  msg`Message`,
  msg`Reply`,
  msg`Password`,
  msg`Name`,
  msg`Email`,
  msg`First name`,
  msg`Last name`,
  msg`Note`,
  msg`Review`,
  msg`Response`,
  msg`Bio`,
  msg`Phone`,
  msg`Location`,
  msg`City`,
  msg`Professional title`,
  msg`Reason`,
  msg`Details`,
  msg`Role`,
  msg`Statement`,
  msg`Website`,
  msg`Description`,
  // The track record's and the opportunity form's fields (common/track-record.ts, common/opportunities.ts)
  msg`Assignment title`,
  msg`Client or employing organization`,
  msg`Role or position`,
  msg`Degree`,
  msg`Institution`,
  msg`Field of study`,
  msg`Level of effort`,
  // The fields of "{field} must be one of …" a page's choices can be refused with
  msg`Country`,
  msg`Primary specialization`,
  msg`Profile language`,
  msg`Kind`,
  msg`Stage`,
  msg`Engagement`,
];

let sentences: Map<string, MessageDescriptor> | undefined;
let fields: Map<string, MessageDescriptor> | undefined;

/** A sentence with parts of its own: `say` words it from the pattern's groups, or null when it cannot. */
type Pattern = { pattern: RegExp; say: (i18n: I18n, parts: string[]) => string | null };

/** A field of the FIELDS table in the page's language, or null when the table does not know it. */
function fieldName(i18n: I18n, field: string): string | null {
  fields ??= new Map(FIELDS.map((descriptor) => [englishOf(descriptor), descriptor]));
  const descriptor = fields.get(field);
  return descriptor ? i18n._(descriptor) : null;
}

/** An imported assignment's name in a CV import's warning: its title, or "number 3" for one without. */
function assignmentName(i18n: I18n, name: string): string {
  const position = /^number (\d+)$/.exec(name)?.[1];
  return position ? i18n._(msg`number ${position}`) : name;
}

const PATTERNS: Pattern[] = [
  // A password refused as easy to guess (server/services/accounts/users.ts): the sentence, then
  // zxcvbn's reasons and advice, each in the page's language; one the table does not know is left
  // out (never English in a translated page), and the general advice said when none is left.
  {
    pattern: /^This password is too easy to guess\. (.+)$/s,
    say: (i18n, [rest = ""]) => {
      const known = rest.split(/(?<=\.)\s+/).flatMap((sentence) => sentences?.get(sentence) ?? []);
      const advice = known.length ? known : [msg`Add another word or two. Uncommon words are better.`];
      return [msg`This password is too easy to guess.`, ...advice].map((descriptor) => i18n._(descriptor)).join(" ");
    },
  },
  // A field's name and a number.
  {
    pattern: /^(.+) must be at most (\d+) characters(?: long)?$/,
    say: (i18n, [english = "", count = ""]) => {
      const field = fieldName(i18n, english);
      return field && i18n._(msg`${field} must be at most ${count} characters long`);
    },
  },
  {
    pattern: /^(.+) must be at least (\d+) characters(?: long)?$/,
    say: (i18n, [english = "", count = ""]) => {
      const field = fieldName(i18n, english);
      return field && i18n._(msg`${field} must be at least ${count} characters long`);
    },
  },
  // Text a field refuses because it holds markup ("Assignment title must not contain HTML").
  {
    pattern: /^(.+) must not contain HTML$/,
    say: (i18n, [english = ""]) => {
      const field = fieldName(i18n, english);
      return field && i18n._(msg`${field} must not contain HTML`);
    },
  },
  // Numbers whose bounds are the schema's (common/zod-fields.ts yearsField, the education's year).
  {
    pattern: /^Years of experience must be a whole number from 0 to (\d+)$/,
    say: (i18n, [max = ""]) => i18n._(msg`Years of experience must be a whole number from 0 to ${max}`),
  },
  {
    pattern: /^Year must be a year from (\d+) to (\d+)$/,
    say: (i18n, [from = "", to = ""]) => i18n._(msg`Year must be a year from ${from} to ${to}`),
  },
  // A choice outside a list, with what was sent ("Choose each donor from the list of donors
  // (unknown: "x")"): the sentence in the page's language, the value as it was sent.
  {
    pattern: /^(.+) \(unknown: "(.*)"\)$/s,
    say: (i18n, [english = "", value = ""]) => {
      const sentence = sentences?.get(english);
      const refusal = sentence && i18n._(sentence);
      return refusal ? i18n._(msg`${refusal} (unknown: “${value}”)`) : null;
    },
  },
  // A choice outside the list ("Country must be one of Indonesia, Thailand, …"): the values are
  // the API's English, so the page asks for one of the choices it offers instead of listing them.
  {
    pattern: /^(.+) must be one of .+$/s,
    say: (i18n, [english = ""]) => {
      const field = fieldName(i18n, english);
      return field ? i18n._(msg`${field}: choose one of the values offered`) : i18n._(msg`Choose one of the values offered`);
    },
  },
  // A CV import's warnings about a language or an assignment the CV names (CV_IMPORT_WARNINGS).
  {
    pattern: /^The language "(.*)" is not in the list; add it by hand if it is close to one\.$/s,
    say: (i18n, [language = ""]) =>
      i18n._(msg`The language "${language}" is not in the list; add it by hand if it is close to one.`),
  },
  {
    pattern:
      /^Assignment "(.*)": (the start month could not be read|no funding donor found; choose one|no country found; add where the work took place|the client or employer could not be read)\.$/s,
    say: (i18n, [name = "", problem]) => {
      const assignment = assignmentName(i18n, name);
      if (problem === "the start month could not be read")
        return i18n._(msg`Assignment "${assignment}": the start month could not be read.`);
      if (problem === "no funding donor found; choose one")
        return i18n._(msg`Assignment "${assignment}": no funding donor found; choose one.`);
      if (problem === "no country found; add where the work took place")
        return i18n._(msg`Assignment "${assignment}": no country found; add where the work took place.`);
      return i18n._(msg`Assignment "${assignment}": the client or employer could not be read.`);
    },
  },
];

const englishOf = (descriptor: MessageDescriptor) => (descriptor.message as unknown as string[])[0] as string;

/**
 * A sentence of the schemas or the services, in the page's language when the table knows it.
 * Pages call it through app/i18n/translate-text.ts (registered, so English pages never load this table).
 */
export function translateSentence(i18n: I18n, text: string): string {
  if (i18n.locale === "en") return text;
  sentences ??= new Map(SENTENCES.map((descriptor) => [englishOf(descriptor), descriptor]));
  const sentence = sentences.get(text);
  if (sentence) return i18n._(sentence);
  for (const { pattern, say } of PATTERNS) {
    const match = pattern.exec(text);
    const said = match && say(i18n, match.slice(1));
    if (said) return said;
  }
  return text;
}
