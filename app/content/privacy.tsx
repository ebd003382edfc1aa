import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { OFFICE_ADDRESS } from "#common/site-info.ts";

// The Privacy Policy's text, in the page's language (titles as messages, bodies as <Trans>). Each
// section's body is a function of the support address, which comes from the configuration at
// request time.

/** When the policy last changed (shown as a date in the page's language). */
export { LAST_UPDATED } from "./privacy-date.ts";

export type PrivacySection = {
  id: string;
  title: MessageDescriptor;
  body: (context: { mail: React.ReactNode }) => React.ReactNode;
};

export type DataLaw = { country: MessageDescriptor; law: MessageDescriptor };

/** The data protection law of each country we serve. */
export const DATA_LAWS: readonly DataLaw[] = [
  { country: msg`Singapore`, law: msg`Personal Data Protection Act 2012 (PDPA)` },
  { country: msg`Thailand`, law: msg`Personal Data Protection Act B.E. 2562 (2019) (PDPA)` },
  { country: msg`Malaysia`, law: msg`Personal Data Protection Act 2010 (PDPA)` },
  { country: msg`Philippines`, law: msg`Data Privacy Act of 2012 (Republic Act No. 10173)` },
  { country: msg`Indonesia`, law: msg`Personal Data Protection Law (Law No. 27 of 2022)` },
  { country: msg`Vietnam`, law: msg`Decree No. 13/2023/ND-CP on Personal Data Protection` },
];

function Term({ children }: { children: React.ReactNode }) {
  return <strong className="font-semibold text-ink">{children}</strong>;
}

const officeName = OFFICE_ADDRESS.name;
const LINK = "font-medium text-brand-700 underline underline-offset-4";

export const PRIVACY_SECTIONS: readonly PrivacySection[] = [
  {
    id: "information-we-collect",
    title: msg`Information we collect`,
    body: () => (
      <>
        <p>
          <Trans>We collect only what the directory needs to work. Depending on how you use it, that is:</Trans>
        </p>
        <ul>
          <li>
            <Trans>
              <Term>Your account:</Term> your name, e-mail address and a password, which we store only as an irreversible argon2id
              hash. We also keep your role (user or administrator), whether you confirmed your e-mail address, and when the
              account was created and last changed.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Your consultant profile:</Term> what you enter in it: name, professional title, e-mail, phone, location, city,
              country, years of experience, languages, specializations and professional summary; your choices to show your e-mail
              or phone and whether you are available for work; and the profile's review status.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Profile photos:</Term> if you upload one, we re-encode it and keep a profile-size copy and a thumbnail. We
              remove the metadata embedded in the file, including any GPS location, before storing it.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Messages between organizations and consultants:</Term> the sender's name, e-mail address and organization, the
              subject and text of the message, the consultant it was sent to, and whether it has been read or answered.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Contact-form messages:</Term> the first and last name, e-mail address, subject and message you send through
              our Contact page.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>The e-mail outbox:</Term> copies of the e-mails we send you, such as address confirmations, password-reset
              links, profile approvals, message notifications and forwarded contact-form messages, as kept by our mail system.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Sign-in sessions:</Term> when you sign in we create a session that keeps you signed in. The session token
              lives in a cookie in your browser; we store only a hash of it, with its expiry time.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>E-mail links:</Term> the links we send to confirm your address or reset your password. We store only a hash of
              each link, the address it was sent to, when it expires and when it was used.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Rate-limit counters:</Term> to stop abuse such as password guessing or mass messaging, we count recent
              requests per IP address (and, for signing in, per e-mail address) over short time windows.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>
            We do not use analytics or advertising trackers, and pages load no fonts, scripts or images from other companies'
            servers.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: msg`How we use your information`,
    body: () => (
      <>
        <p>
          <Trans>We use personal data to:</Trans>
        </p>
        <ul>
          <li>
            <Trans>publish approved consultant profiles so that organizations can find them;</Trans>
          </li>
          <li>
            <Trans>deliver messages from organizations to consultants and notify consultants of them by e-mail;</Trans>
          </li>
          <li>
            <Trans>run your account: signing in, confirming your e-mail address and resetting your password;</Trans>
          </li>
          <li>
            <Trans>review new profiles before they are listed, and tell the owner by e-mail when a profile is approved;</Trans>
          </li>
          <li>
            <Trans>answer the messages you send us through the Contact page;</Trans>
          </li>
          <li>
            <Trans>keep the service secure and prevent spam, fraud and abuse; and</Trans>
          </li>
          <li>
            <Trans>meet our legal obligations.</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            We rely on your consent (for example to show your e-mail or phone publicly), on what is needed to provide the service
            you asked for, on our legitimate interest in a safe and trustworthy directory, and on legal obligations, as the laws
            listed above allow. You may withdraw consent at any time; this does not affect what was done before.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: msg`How we share information`,
    body: () => (
      <>
        <ul>
          <li>
            <Trans>
              <Term>The public:</Term> an approved consultant profile is public, including the photo. Your e-mail address and
              phone number are shown only if you switch on Show email or Show phone.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>The consultant you write to:</Term> when you send a message, the consultant receives your name, e-mail
              address, organization and message, so they can reply to you.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Our administrators:</Term> a small team who review profiles and moderate the directory can see account and
              profile data.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Service providers:</Term> companies that host our servers, database, photo storage and e-mail delivery process
              data on our behalf, under contracts that oblige them to protect it and use it only for us.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Authorities:</Term> when the law requires it, or to protect the rights and safety of people using the
              directory.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>We never sell personal data and never share it for advertising.</Trans>
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: msg`How we protect your information`,
    body: () => (
      <>
        <ul>
          <li>
            <Trans>Passwords are stored only as argon2id hashes; session tokens and e-mail links only as hashes.</Trans>
          </li>
          <li>
            <Trans>
              The session cookie cannot be read by scripts on the page (httpOnly), is not sent with requests from other sites
              (SameSite), and travels only over encrypted connections in production.
            </Trans>
          </li>
          <li>
            <Trans>
              Pages are served with a strict Content Security Policy; administrator functions require an administrator account.
            </Trans>
          </li>
          <li>
            <Trans>Rate limits slow down password guessing and automated abuse.</Trans>
          </li>
          <li>
            <Trans>Photo metadata, including location, is removed on upload.</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            No system is perfectly secure. If a data breach is likely to harm you, we will tell you and the relevant authorities
            as the applicable laws require.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: msg`Your rights`,
    body: ({ mail }) => (
      <>
        <p>
          <Trans>Depending on where you live, the laws listed above give you the right to:</Trans>
        </p>
        <ul>
          <li>
            <Trans>access the personal data we hold about you and get a copy of it;</Trans>
          </li>
          <li>
            <Trans>correct inaccurate or incomplete data;</Trans>
          </li>
          <li>
            <Trans>have your data deleted, or its use restricted, where the law allows;</Trans>
          </li>
          <li>
            <Trans>withdraw your consent, and object to processing based on our legitimate interests;</Trans>
          </li>
          <li>
            <Trans>receive your data in a portable format where the law provides for it; and</Trans>
          </li>
          <li>
            <Trans>complain to your data protection authority.</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            You can change most of your data yourself: your name, e-mail and password on{" "}
            <Link to="/profile/manage" className={LINK}>
              Manage Account
            </Link>
            , and your profile, including what contact details are public, from{" "}
            <Link to="/my-consultant-profile" className={LINK}>
              My Consultant Profile
            </Link>
            . For anything else, including deleting your account, write to {mail}. We may ask you to confirm your identity, and we
            answer within 30 days.
          </Trans>
        </p>
        <p>
          <Trans>
            Data protection authorities include Singapore's Personal Data Protection Commission, Thailand's Personal Data
            Protection Committee, Malaysia's Personal Data Protection Department, the Philippines' National Privacy Commission,
            Indonesia's personal data protection authority and Vietnam's Department of Cybersecurity and High-Tech Crime
            Prevention (Ministry of Public Security).
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: msg`Cookies`,
    body: () => (
      <>
        <p>
          <Trans>We use only the cookies the site needs to work, so we do not ask for cookie consent:</Trans>
        </p>
        <ul>
          <li>
            <Trans>
              <Term>Session cookie:</Term> set when you sign in, to keep you signed in; removed when you sign out, and expires 30
              days after your last visit.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Notification cookie:</Term> carries a short confirmation (such as "Message sent") to the next page you see,
              then is deleted; it lasts at most one minute.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Language cookie:</Term> remembers the language you read the site in, so that the home page opens in it on your
              next visit; it lasts one year.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>We use no analytics, advertising or third-party cookies.</Trans>
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: msg`How long we keep information`,
    body: () => (
      <>
        <ul>
          <li>
            <Trans>
              <Term>Accounts and consultant profiles</Term> are kept until you delete them or ask us to. Deleting a consultant
              profile also deletes the messages sent to it.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Messages to consultants</Term> are kept while the consultant's profile exists, so that the consultant can read
              and answer them.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Contact-form messages</Term> and the corresponding e-mails are kept as long as we need them to answer you and
              follow up, and are reviewed for deletion at least once a year.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Sign-in sessions</Term> end when you sign out, or 30 days after you last used the site.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>E-mail links</Term> expire after 24 hours (address confirmation) or one hour (password reset), and expired
              ones are deleted.
            </Trans>
          </li>
          <li>
            <Trans>
              <Term>Rate-limit counters</Term> matter only within their short time window and are discarded after one day.
            </Trans>
          </li>
        </ul>
        <p>
          <Trans>We may keep data longer where the law requires it, for example to resolve a dispute.</Trans>
        </p>
      </>
    ),
  },
  {
    id: "international-transfers",
    title: msg`International transfers`,
    body: () => (
      <p>
        <Trans>
          We serve people in all ten ASEAN countries, so your data may be stored or processed in a country other than your own,
          including Singapore and the countries where our service providers operate. When we transfer personal data across
          borders, we make sure it keeps a standard of protection comparable to the law of the country it comes from, through
          contracts with our providers and the other safeguards the laws listed above require, and we carry out the assessments
          those laws ask for.
        </Trans>
      </p>
    ),
  },
  {
    id: "children",
    title: msg`Children under 18`,
    body: () => (
      <p>
        <Trans>
          The directory is a professional service for adults. You must be at least 18 years old to create an account, create a
          consultant profile or send us a message. We do not knowingly collect personal data from anyone under 18; if we learn
          that we have, we delete it. If you believe a child has given us personal data, please contact us.
        </Trans>
      </p>
    ),
  },
  {
    id: "changes",
    title: msg`Changes to this policy`,
    body: () => (
      <p>
        <Trans>
          We may update this policy when the service or the law changes. The date at the top shows when it last changed. If a
          change significantly affects how we use your data, we will tell account holders by e-mail or on the site before it takes
          effect.
        </Trans>
      </p>
    ),
  },
  {
    id: "contact",
    title: msg`Contact us`,
    body: ({ mail }) => (
      <>
        <p>
          <Trans>
            For questions about this policy or your personal data, or to exercise your rights, contact our Data Protection
            Officer:
          </Trans>
        </p>
        <address className="rounded-xl bg-canvas px-5 py-4 not-italic">
          <span className="block font-semibold text-ink">
            <Trans>Data Protection Officer, {officeName}</Trans>
          </span>
          {OFFICE_ADDRESS.lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          <span className="mt-2 block">
            <Trans>E-mail: {mail}</Trans>
          </span>
        </address>
        <p>
          <Trans>
            You can also use our{" "}
            <Link to="/contact" className={LINK}>
              Contact page
            </Link>
            .
          </Trans>
        </p>
      </>
    ),
  },
];
