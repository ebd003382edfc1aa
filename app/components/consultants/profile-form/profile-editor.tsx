import { Trans } from "@lingui/react/macro";
import { History } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { CvImportResult } from "#common/cv-import.ts";
import { CvImport } from "./cv-import.tsx";
import { type ProfileFormValues, withImportedDrafts } from "./form-values.ts";
import { ProfileForm } from "./profile-form.tsx";
import { currentFormValues, useProfileDraft } from "./use-profile-draft.ts";

// The profile form with its draft: what was typed and not saved comes back after a refresh,
// with a note saying so and a way to throw it away.

export function ProfileEditor({
  mode,
  draftKey,
  defaultValues,
  failure,
}: {
  mode: "create" | "edit";
  draftKey: string;
  defaultValues: ProfileFormValues;
  failure: FormAnswer | null;
}) {
  const draft = useProfileDraft(draftKey, defaultValues);
  const hydrated = useHydrated();

  /** An imported CV's drafts into what the form holds now; answers how much was added. */
  function fillFromCv(result: CvImportResult) {
    const form = document.getElementById("consultant-profile-form");
    const current = form instanceof HTMLFormElement ? currentFormValues(form) : draft.values;
    const next = withImportedDrafts(current, result.drafts);
    const languages = (values: ProfileFormValues) => values.languages.split(",").filter((item) => item.trim()).length;
    draft.replace(next);
    return {
      assignments: next.assignments.length - current.assignments.length,
      education: next.education.length - current.education.length,
      languages: languages(next) - languages(current),
    };
  }

  return (
    <div className="grid gap-6">
      {hydrated && <CvImport onDrafts={fillFromCv} />}
      <div role="status">
        {draft.restoredAt && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-accent-300 bg-accent-100 p-4 text-sm text-ink">
            <p className="flex items-start gap-2">
              <History aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <Trans>
                  Your unsaved changes from <LocalTime value={draft.restoredAt} /> are back in the form. Save to keep them.
                </Trans>
              </span>
            </p>
            <Button variant="outline" size="sm" onClick={draft.discard}>
              <Trans>Discard unsaved changes</Trans>
            </Button>
          </div>
        )}
      </div>
      <ProfileForm
        key={draft.version}
        mode={mode}
        defaultValues={draft.values}
        failure={failure}
        onChange={draft.keep}
        onSaved={draft.clear}
      />
    </div>
  );
}
