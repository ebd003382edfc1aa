import { Pencil } from "lucide-react";
import { type ProfileStrength, profileStrength, type StrengthFacts } from "#common/profile-strength.ts";
import { ButtonLink } from "../ui/button.tsx";

// The owner's profile strength on /my-consultant-profile: how complete the profile is and the
// next most useful thing to add, with the way to the form.

export function ProfileStrengthMeter({ consultantId, facts }: { consultantId: number; facts: StrengthFacts }) {
  const strength: ProfileStrength = profileStrength(facts);
  return (
    <section aria-labelledby="profile-strength-heading" className="mx-auto mt-4 max-w-6xl px-4" data-testid="profile-strength">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="profile-strength-heading" className="text-lg font-bold text-ink">
            Profile strength
          </h2>
          <p className="text-2xl font-bold text-brand-800">{strength.percent}%</p>
        </div>
        <progress
          value={strength.percent}
          max={100}
          aria-labelledby="profile-strength-heading"
          aria-valuetext={`${strength.percent}% complete`}
          className="mt-3 h-3 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700"
        />
        {strength.next ? (
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 text-sm text-ink">
              <strong>Next: {strength.next.label}.</strong> <span className="text-muted">{strength.next.why}</span>
            </p>
            <ButtonLink to={`/profile/edit/${consultantId}`} variant="secondary" size="sm" icon={Pencil}>
              {strength.next.label}
            </ButtonLink>
          </div>
        ) : (
          <p className="mt-4 text-sm text-muted">Your profile has everything organizations look for. Keep it current.</p>
        )}
      </div>
    </section>
  );
}
