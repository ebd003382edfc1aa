import { History } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { ProfileFormValues } from "./form-values.ts";
import { ProfileForm, type ProfileFormFailure } from "./profile-form.tsx";
import { useProfileDraft } from "./use-profile-draft.ts";

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
  failure: ProfileFormFailure | null;
}) {
  const draft = useProfileDraft(draftKey, defaultValues);
  return (
    <div className="grid gap-6">
      <div role="status">
        {draft.restoredAt && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-accent-300 bg-accent-100 p-4 text-sm text-ink">
            <p className="flex items-start gap-2">
              <History aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                Your unsaved changes from <LocalTime value={draft.restoredAt} /> are back in the form. Save to keep them.
              </span>
            </p>
            <Button variant="outline" size="sm" onClick={draft.discard}>
              Discard unsaved changes
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
