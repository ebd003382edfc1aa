import { Link } from "react-router";
import { OFFICE_ADDRESS } from "#common/site-info.ts";
import dataLaws from "./data-laws.json" with { type: "json" };

// The Privacy Policy's text. Each section's body is a function of the support address, which
// comes from the configuration at request time.

export const LAST_UPDATED = "January 1, 2025";

export type PrivacySection = {
  id: string;
  title: string;
  body: (context: { mail: React.ReactNode }) => React.ReactNode;
};

export type DataLaw = { country: string; law: string };

/** The data protection law of each country we serve (data-laws.json). */
export const DATA_LAWS: readonly DataLaw[] = dataLaws;

function Term({ children }: { children: React.ReactNode }) {
  return <strong className="font-semibold text-ink">{children}</strong>;
}

export const PRIVACY_SECTIONS: readonly PrivacySection[] = [
  {
    id: "information-we-collect",
    title: "Information we collect",
    body: () => (
      <>
        <p>We collect only what the directory needs to work. Depending on how you use it, that is:</p>
        <ul>
          <li>
            <Term>Your account:</Term> your name, e-mail address and a password, which we store only as an irreversible argon2id
            hash. We also keep your role (user or administrator), whether you confirmed your e-mail address, and when the account
            was created and last changed.
          </li>
          <li>
            <Term>Your consultant profile:</Term> what you enter in it: name, professional title, e-mail, phone, location, city,
            country, years of experience, languages, specializations and professional summary; your choices to show your e-mail or
            phone and whether you are available for work; and the profile's review status.
          </li>
          <li>
            <Term>Profile photos:</Term> if you upload one, we re-encode it and keep a profile-size copy and a thumbnail. We
            remove the metadata embedded in the file, including any GPS location, before storing it.
          </li>
          <li>
            <Term>Messages between organizations and consultants:</Term> the sender's name, e-mail address and organization, the
            subject and text of the message, the consultant it was sent to, and whether it has been read or answered.
          </li>
          <li>
            <Term>Contact-form messages:</Term> the first and last name, e-mail address, subject and message you send through our
            Contact page.
          </li>
          <li>
            <Term>The e-mail outbox:</Term> copies of the e-mails we send you, such as address confirmations, password-reset
            links, profile approvals, message notifications and forwarded contact-form messages, as kept by our mail system.
          </li>
          <li>
            <Term>Sign-in sessions:</Term> when you sign in we create a session that keeps you signed in. The session token lives
            in a cookie in your browser; we store only a hash of it, with its expiry time.
          </li>
          <li>
            <Term>E-mail links:</Term> the links we send to confirm your address or reset your password. We store only a hash of
            each link, the address it was sent to, when it expires and when it was used.
          </li>
          <li>
            <Term>Rate-limit counters:</Term> to stop abuse such as password guessing or mass messaging, we count recent requests
            per IP address (and, for signing in, per e-mail address) over short time windows.
          </li>
        </ul>
        <p>
          We do not use analytics or advertising trackers, and pages load no fonts, scripts or images from other companies'
          servers.
        </p>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use your information",
    body: () => (
      <>
        <p>We use personal data to:</p>
        <ul>
          <li>publish approved consultant profiles so that organizations can find them;</li>
          <li>deliver messages from organizations to consultants and notify consultants of them by e-mail;</li>
          <li>run your account: signing in, confirming your e-mail address and resetting your password;</li>
          <li>review new profiles before they are listed, and tell the owner by e-mail when a profile is approved;</li>
          <li>answer the messages you send us through the Contact page;</li>
          <li>keep the service secure and prevent spam, fraud and abuse; and</li>
          <li>meet our legal obligations.</li>
        </ul>
        <p>
          We rely on your consent (for example to show your e-mail or phone publicly), on what is needed to provide the service
          you asked for, on our legitimate interest in a safe and trustworthy directory, and on legal obligations, as the laws
          listed above allow. You may withdraw consent at any time; this does not affect what was done before.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "How we share information",
    body: () => (
      <>
        <ul>
          <li>
            <Term>The public:</Term> an approved consultant profile is public, including the photo. Your e-mail address and phone
            number are shown only if you switch on Show email or Show phone.
          </li>
          <li>
            <Term>The consultant you write to:</Term> when you send a message, the consultant receives your name, e-mail address,
            organization and message, so they can reply to you.
          </li>
          <li>
            <Term>Our administrators:</Term> a small team who review profiles and moderate the directory can see account and
            profile data.
          </li>
          <li>
            <Term>Service providers:</Term> companies that host our servers, database, photo storage and e-mail delivery process
            data on our behalf, under contracts that oblige them to protect it and use it only for us.
          </li>
          <li>
            <Term>Authorities:</Term> when the law requires it, or to protect the rights and safety of people using the directory.
          </li>
        </ul>
        <p>We never sell personal data and never share it for advertising.</p>
      </>
    ),
  },
  {
    id: "security",
    title: "How we protect your information",
    body: () => (
      <>
        <ul>
          <li>Passwords are stored only as argon2id hashes; session tokens and e-mail links only as hashes.</li>
          <li>
            The session cookie cannot be read by scripts on the page (httpOnly), is not sent with requests from other sites
            (SameSite), and travels only over encrypted connections in production.
          </li>
          <li>
            Pages are served with a strict Content Security Policy; administrator functions require an administrator account.
          </li>
          <li>Rate limits slow down password guessing and automated abuse.</li>
          <li>Photo metadata, including location, is removed on upload.</li>
        </ul>
        <p>
          No system is perfectly secure. If a data breach is likely to harm you, we will tell you and the relevant authorities as
          the applicable laws require.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: ({ mail }) => (
      <>
        <p>Depending on where you live, the laws listed above give you the right to:</p>
        <ul>
          <li>access the personal data we hold about you and get a copy of it;</li>
          <li>correct inaccurate or incomplete data;</li>
          <li>have your data deleted, or its use restricted, where the law allows;</li>
          <li>withdraw your consent, and object to processing based on our legitimate interests;</li>
          <li>receive your data in a portable format where the law provides for it; and</li>
          <li>complain to your data protection authority.</li>
        </ul>
        <p>
          You can change most of your data yourself: your name, e-mail and password on{" "}
          <Link to="/profile/manage" className="font-medium text-brand-700 underline underline-offset-4">
            Manage Account
          </Link>
          , and your profile, including what contact details are public, from{" "}
          <Link to="/my-consultant-profile" className="font-medium text-brand-700 underline underline-offset-4">
            My Consultant Profile
          </Link>
          . For anything else, including deleting your account, write to {mail}. We may ask you to confirm your identity, and we
          answer within 30 days.
        </p>
        <p>
          Data protection authorities include Singapore's Personal Data Protection Commission, Thailand's Personal Data Protection
          Committee, Malaysia's Personal Data Protection Department, the Philippines' National Privacy Commission, Indonesia's
          personal data protection authority and Vietnam's Department of Cybersecurity and High-Tech Crime Prevention (Ministry of
          Public Security).
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: () => (
      <>
        <p>We use only the cookies the site needs to work, so we do not ask for cookie consent:</p>
        <ul>
          <li>
            <Term>Session cookie:</Term> set when you sign in, to keep you signed in; removed when you sign out, and expires 30
            days after your last visit.
          </li>
          <li>
            <Term>Notification cookie:</Term> carries a short confirmation (such as "Message sent") to the next page you see, then
            is deleted; it lasts at most one minute.
          </li>
        </ul>
        <p>We use no analytics, advertising or third-party cookies.</p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep information",
    body: () => (
      <>
        <ul>
          <li>
            <Term>Accounts and consultant profiles</Term> are kept until you delete them or ask us to. Deleting a consultant
            profile also deletes the messages sent to it.
          </li>
          <li>
            <Term>Messages to consultants</Term> are kept while the consultant's profile exists, so that the consultant can read
            and answer them.
          </li>
          <li>
            <Term>Contact-form messages</Term> and the corresponding e-mails are kept as long as we need them to answer you and
            follow up, and are reviewed for deletion at least once a year.
          </li>
          <li>
            <Term>Sign-in sessions</Term> end when you sign out, or 30 days after you last used the site.
          </li>
          <li>
            <Term>E-mail links</Term> expire after 24 hours (address confirmation) or one hour (password reset), and expired ones
            are deleted.
          </li>
          <li>
            <Term>Rate-limit counters</Term> matter only within their short time window and are discarded after one day.
          </li>
        </ul>
        <p>We may keep data longer where the law requires it, for example to resolve a dispute.</p>
      </>
    ),
  },
  {
    id: "international-transfers",
    title: "International transfers",
    body: () => (
      <>
        <p>
          We serve people in all ten ASEAN countries, so your data may be stored or processed in a country other than your own,
          including Singapore and the countries where our service providers operate. When we transfer personal data across
          borders, we make sure it keeps a standard of protection comparable to the law of the country it comes from, through
          contracts with our providers and the other safeguards the laws listed above require, and we carry out the assessments
          those laws ask for.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children under 18",
    body: () => (
      <>
        <p>
          The directory is a professional service for adults. You must be at least 18 years old to create an account, create a
          consultant profile or send us a message. We do not knowingly collect personal data from anyone under 18; if we learn
          that we have, we delete it. If you believe a child has given us personal data, please contact us.
        </p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: () => (
      <>
        <p>
          We may update this policy when the service or the law changes. The date at the top shows when it last changed. If a
          change significantly affects how we use your data, we will tell account holders by e-mail or on the site before it takes
          effect.
        </p>
      </>
    ),
  },
  {
    id: "contact",
    title: "Contact us",
    body: ({ mail }) => (
      <>
        <p>
          For questions about this policy or your personal data, or to exercise your rights, contact our Data Protection Officer:
        </p>
        <address className="rounded-xl bg-canvas px-5 py-4 not-italic">
          <span className="block font-semibold text-ink">Data Protection Officer, {OFFICE_ADDRESS.name}</span>
          {OFFICE_ADDRESS.lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          <span className="mt-2 block">E-mail: {mail}</span>
        </address>
        <p>
          You can also use our{" "}
          <Link to="/contact" className="font-medium text-brand-700 underline underline-offset-4">
            Contact page
          </Link>
          .
        </p>
      </>
    ),
  },
];
