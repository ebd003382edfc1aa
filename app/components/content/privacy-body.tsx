import { Trans, useLingui } from "@lingui/react/macro";
import { DATA_LAWS, PRIVACY_SECTIONS } from "#app/content/privacy.tsx";

// The privacy policy's contents and text (app/routes/pages/privacy-policy.tsx loads it lazily).

function Section({ id, number, title, children }: { id: string; number: number; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="border-t border-line pt-8">
      <h2 id={id} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
        {number}. {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-slate-700 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-ink [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}

export default function PrivacyBody({ supportEmail, siteName }: { supportEmail: string; siteName: string }) {
  const { t, i18n } = useLingui();
  const mail = (
    <a
      href={`mailto:${supportEmail}`}
      translate="no"
      className="break-all font-medium text-brand-700 underline underline-offset-4"
    >
      {supportEmail}
    </a>
  );
  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[16rem_1fr]">
      <nav aria-label={t`On this page`} className="lg:sticky lg:top-24 lg:self-start">
        <h2 className="text-sm font-semibold uppercase tracking-wider text-brand-800">
          <Trans>On this page</Trans>
        </h2>
        <ol className="mt-3 space-y-1.5 text-sm">
          {PRIVACY_SECTIONS.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-slate-700 underline-offset-4 hover:text-brand-800 hover:underline">
                {index + 1}. {i18n._(section.title)}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <article className="max-w-3xl space-y-10 rounded-3xl border border-line bg-white p-6 shadow-card sm:p-10">
        <div className="space-y-4 leading-relaxed text-slate-700">
          <p>
            <Trans>
              {siteName} ("we", "us") runs a public directory of international development consultants working in Southeast Asia.
              We are based in Singapore and serve people across the region. We handle personal data in line with the data
              protection laws of the countries we serve:
            </Trans>
          </p>
          {/* Country and law: a description list, so a screen reader pairs each law with its country. */}
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            {DATA_LAWS.map((entry) => (
              <div key={entry.country.id} className="rounded-xl bg-brand-50 px-4 py-3">
                <dt className="font-semibold text-brand-900">{i18n._(entry.country)}</dt>
                <dd>{i18n._(entry.law)}</dd>
              </div>
            ))}
          </dl>
        </div>

        {PRIVACY_SECTIONS.map((section, index) => (
          <Section key={section.id} id={section.id} number={index + 1} title={i18n._(section.title)}>
            {section.body({ mail })}
          </Section>
        ))}
      </article>
    </div>
  );
}
