import { FileUp } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { inputClasses } from "#app/components/ui/field.tsx";
import { CV_IMPORT_FORMAT_LABELS, CV_IMPORT_LIMITS, type CvImportResult } from "#common/cv-import.ts";

// "Import from your CV" (issue 34): the file goes to POST /api/my-consultant-profile/import, the
// drafts fill the form (form-values.ts, withImportedDrafts) and what could not be read is listed.
// Nothing is saved until the consultant saves the form. Needs JavaScript (it fills the form in
// the browser); without it the form is filled by hand as before.

type Outcome =
  | { kind: "idle" }
  | { kind: "reading" }
  | { kind: "done"; result: CvImportResult; added: { assignments: number; education: number; languages: number } }
  | { kind: "refused"; message: string };

export function CvImport({
  onDrafts,
}: {
  /** Fills the form; answers how many entries were added. */
  onDrafts: (result: CvImportResult) => { assignments: number; education: number; languages: number };
}) {
  const inputId = useId();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  // The file field appears when asked for: the form's own photo field stays the page's one file input until then.
  const [isOpen, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function read() {
    const file = input.current?.files?.[0];
    if (!file) {
      setOutcome({ kind: "refused", message: "Choose a CV file to import" });
      return;
    }
    if (file.size > CV_IMPORT_LIMITS.bytes) {
      setOutcome({
        kind: "refused",
        message: `The file is too large: a CV to import may be at most ${CV_IMPORT_LIMITS.bytes / 1024 / 1024} MB`,
      });
      return;
    }
    setOutcome({ kind: "reading" });
    const body = new FormData();
    body.set("file", file);
    try {
      const response = await fetch("/api/my-consultant-profile/import", { method: "POST", body, credentials: "same-origin" });
      const json = (await response.json().catch(() => null)) as (CvImportResult & { message?: string }) | null;
      if (!response.ok || !json) {
        setOutcome({ kind: "refused", message: json?.message ?? "The CV could not be imported. Please try again." });
        return;
      }
      setOutcome({ kind: "done", result: json, added: onDrafts(json) });
    } catch {
      setOutcome({ kind: "refused", message: "The CV could not be sent. Check your connection and try again." });
    }
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm">
      <h2 id={`${inputId}-heading`} className="flex items-center gap-2 text-lg font-semibold text-ink">
        <FileUp aria-hidden="true" className="size-5 text-brand-700" />
        Import from your CV
      </h2>
      <p id={`${inputId}-hint`} className="mt-1 text-sm text-muted">
        A Europass CV (XML or PDF), a UN P11 form (Word) or any CV as PDF or Word, up to {CV_IMPORT_LIMITS.bytes / 1024 / 1024} MB
        and {CV_IMPORT_LIMITS.pages} pages. The form fills with what is found; check it and save. Nothing is saved until you save,
        and the file is not kept.
      </p>
      {!isOpen && (
        <div className="mt-3">
          <Button variant="secondary" aria-expanded={false} aria-controls={`${inputId}-panel`} onClick={() => setOpen(true)}>
            Import from your CV
          </Button>
        </div>
      )}
      <div id={`${inputId}-panel`} hidden={!isOpen} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        {isOpen && (
          <div className="min-w-0 flex-1">
            <label htmlFor={inputId} className="block text-sm font-medium text-ink">
              CV file
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept=".pdf,.docx,.xml,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/xml,application/xml"
              aria-describedby={`${inputId}-hint`}
              className={`${inputClasses} mt-1`}
            />
          </div>
        )}
        {isOpen && (
          <Button variant="secondary" onClick={read} disabled={outcome.kind === "reading"}>
            {outcome.kind === "reading" ? "Reading your CV..." : "Read the CV into the form"}
          </Button>
        )}
      </div>
      <div role="status" aria-live="polite" className="mt-3 empty:hidden">
        {outcome.kind === "done" && <ImportSummary result={outcome.result} added={outcome.added} />}
      </div>
      {outcome.kind === "refused" && (
        <div className="mt-3">
          <Alert tone="error" live title="The CV was not imported">
            {outcome.message}
          </Alert>
        </div>
      )}
    </section>
  );
}

function ImportSummary({
  result,
  added,
}: {
  result: CvImportResult;
  added: { assignments: number; education: number; languages: number };
}) {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <Alert tone="info" title={`Read as ${CV_IMPORT_FORMAT_LABELS[result.format]}`}>
      <p>
        Added {count(added.assignments, "assignment", "assignments")},{" "}
        {count(added.education, "education entry", "education entries")} and {count(added.languages, "language", "languages")},
        each marked “From your CV: check it”. Empty fields took what the CV says. Check everything, then save: nothing is saved
        until you do.
      </p>
      {result.warnings.length > 0 && (
        <>
          <p className="mt-2 font-semibold">What could not be read</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {result.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}
