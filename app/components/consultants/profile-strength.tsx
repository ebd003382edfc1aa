import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Pencil } from "lucide-react";
import { useLocale } from "#app/i18n/use-locale.ts";
import { formatCount } from "#common/format.ts";
import {
  profileStrength,
  STRONG_ASSIGNMENT_COUNT,
  STRONG_SUMMARY_LENGTH,
  type StrengthFacts,
  type StrengthStep,
} from "#common/profile-strength.ts";
import { ButtonLink } from "../ui/button.tsx";

// The owner's profile strength on /my-consultant-profile: how complete the profile is and the
// next most useful thing to add, with the way to the form.

const length = STRONG_SUMMARY_LENGTH;
const count = STRONG_ASSIGNMENT_COUNT;

/** What each missing thing is called (the button) and why it matters. */
const STEP_TEXTS: Record<StrengthStep, { label: MessageDescriptor; why: MessageDescriptor }> = {
  photo: {
    label: msg`Add a photo`,
    why: msg`A face makes a profile more trusted and is remembered among search results.`,
  },
  assignment: {
    label: msg`Add an assignment`,
    why: msg`Organizations choose by track record: which donors funded your work, where and in what role.`,
  },
  education: {
    label: msg`Add your education`,
    why: msg`Donor CVs (the P11, key-expert CVs) always ask for degrees and institutions.`,
  },
  summary: {
    label: msg`Write a longer summary`,
    why: msg`A summary of at least ${length} characters tells organizations what you do best and is found by more searches.`,
  },
  assignments: {
    label: msg`Add more assignments`,
    why: msg`${count} or more assignments show a track record, and each adds donors and countries that filters find.`,
  },
  languageLevels: {
    label: msg`Give a level for each language`,
    why: msg`Native, fluent, working or basic: organizations need to know which languages you can work in.`,
  },
  rateOrAvailability: {
    label: msg`Add your daily rate or when you are available`,
    why: msg`It answers an organization's first question before they write to you.`,
  },
};

export function ProfileStrengthMeter({ consultantId, facts }: { consultantId: number; facts: StrengthFacts }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { percent, next } = profileStrength(facts);
  const shown = `${formatCount(percent, locale)}%`;
  const label = next ? i18n._(STEP_TEXTS[next].label) : "";
  return (
    <section aria-labelledby="profile-strength-heading" className="mx-auto mt-4 max-w-6xl px-4" data-testid="profile-strength">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="profile-strength-heading" className="text-lg font-bold text-ink">
            <Trans>Profile strength</Trans>
          </h2>
          <p className="text-2xl font-bold text-brand-800">{shown}</p>
        </div>
        <progress
          value={percent}
          max={100}
          aria-labelledby="profile-strength-heading"
          aria-valuetext={t`${shown} complete`}
          className="mt-3 h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700"
        />
        {next ? (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 text-sm text-ink">
              <strong>
                <Trans>Next: {label}.</Trans>
              </strong>{" "}
              <span className="text-muted">{i18n._(STEP_TEXTS[next].why)}</span>
            </p>
            <ButtonLink to={`/profile/edit/${consultantId}`} variant="secondary" size="sm" icon={Pencil}>
              {label}
            </ButtonLink>
          </div>
        ) : (
          <p className="mt-4 text-sm text-muted">
            <Trans>Your profile has everything organizations look for. Keep it current.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}
