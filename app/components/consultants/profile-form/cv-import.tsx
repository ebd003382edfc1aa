import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { FileUp } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { inputClasses } from "#app/components/ui/field.tsx";
import { translateText } from "#app/i18n/translate-text.ts";
import { CV_IMPORT_LIMITS, type CvImportFormat, type CvImportResult } from "#common/cv-import.ts";

// "Import from your CV" (issue 34): the file goes to POST /api/my-consultant-profile/import, the
// drafts fill the form (form-values.ts, withImportedDrafts) and what could not be read is listed.
// Nothing is saved until the consultant saves the form, and the file is forgotten once read unless
// "Keep this file attached to my profile" is ticked (then it is kept privately: its owner downloads
// or removes it on /my-consultant-profile). Needs JavaScript (it fills the form in the browser);
// without it the form is filled by hand as before.

/** What was read (common/cv-import.ts CV_IMPORT_FORMATS), in the page's language. */
const FORMAT_WORDS: Record<CvImportFormat, MessageDescriptor> = {
  "europass-xml": msg`Europass XML`,
  "europass-pdf": msg`Europass PDF (with its XML)`,
  "p11-docx": msg`UN Personal History Form (P11)`,
  pdf: msg`PDF`,
  docx: msg`Word document`,
};

const megabytes = CV_IMPORT_LIMITS.bytes / 1024 / 1024;
const pages = CV_IMPORT_LIMITS.pages;

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
  const { t, i18n } = useLingui();
  const inputId = useId();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "idle" });
  // The file field appears when asked for: the form's own photo field stays the page's one file input until then.
  const [isOpen, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const keep = useRef<HTMLInputElement>(null);

  async function read() {
    const file = input.current?.files?.[0];
    if (!file) {
      setOutcome({ kind: "refused", message: t`Choose a CV file to import` });
      return;
    }
    if (file.size > CV_IMPORT_LIMITS.bytes) {
      setOutcome({
        kind: "refused",
        message: t`The file is too large: a CV to import may be at most ${megabytes} MB`,
      });
      return;
    }
    setOutcome({ kind: "reading" });
    const body = new FormData();
    body.set("file", file);
    if (keep.current?.checked) body.set("keep", "on");
    try {
      const response = await fetch("/api/my-consultant-profile/import", { method: "POST", body, credentials: "same-origin" });
      const json = (await response.json().catch(() => null)) as (CvImportResult & { message?: string }) | null;
      if (!response.ok || !json) {
        // The server's reason is an English sentence of the service: shown in the page's language when the table knows it.
        const reason = json?.message ? translateText(i18n, json.message) : t`The CV could not be imported. Please try again.`;
        setOutcome({ kind: "refused", message: reason });
        return;
      }
      setOutcome({ kind: "done", result: json, added: onDrafts(json) });
    } catch {
      setOutcome({ kind: "refused", message: t`The CV could not be sent. Check your connection and try again.` });
    }
  }

  return (
    <section aria-labelledby={`${inputId}-heading`} className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm">
      <h2 id={`${inputId}-heading`} className="flex items-center gap-2 text-lg font-semibold text-ink">
        <FileUp aria-hidden="true" className="size-5 text-brand-700" />
        <Trans>Import from your CV</Trans>
      </h2>
      <p id={`${inputId}-hint`} className="mt-1 text-sm text-muted">
        <Trans>
          A Europass CV (XML or PDF), a UN P11 form (Word) or any CV as PDF or Word, up to {megabytes} MB and {pages} pages. The
          form fills with what is found; check it and save. Nothing is saved until you save, and the file is not kept unless you
          ask.
        </Trans>
      </p>
      {!isOpen && (
        <div className="mt-3">
          <Button variant="secondary" aria-expanded={false} aria-controls={`${inputId}-panel`} onClick={() => setOpen(true)}>
            <Trans>Import from your CV</Trans>
          </Button>
        </div>
      )}
      <div id={`${inputId}-panel`} hidden={!isOpen} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        {isOpen && (
          <div className="min-w-0 flex-1">
            <label htmlFor={inputId} className="block text-sm font-medium text-ink">
              <Trans>CV file</Trans>
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept=".pdf,.docx,.xml,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/xml,application/xml"
              aria-describedby={`${inputId}-hint`}
              className={`${inputClasses} mt-1`}
            />
            <label className="mt-2 flex items-start gap-2 text-sm text-ink">
              <input ref={keep} type="checkbox" name="keep" className="mt-0.5 size-4 shrink-0 rounded border-slate-400" />
              <span>
                <Trans>Keep this file attached to my profile</Trans>
                <span className="block text-muted">
                  <Trans>Only you and the site's admins can download it. It replaces a file kept before.</Trans>
                </span>
              </span>
            </label>
          </div>
        )}
        {isOpen && (
          <Button variant="secondary" onClick={read} disabled={outcome.kind === "reading"}>
            {outcome.kind === "reading" ? <Trans>Reading your CV...</Trans> : <Trans>Read the CV into the form</Trans>}
          </Button>
        )}
      </div>
      <div role="status" aria-live="polite" className="mt-3 empty:hidden">
        {outcome.kind === "done" && <ImportSummary result={outcome.result} added={outcome.added} />}
      </div>
      {outcome.kind === "refused" && (
        <div className="mt-3">
          <Alert tone="error" live title={t`The CV was not imported`}>
            {outcome.message}
          </Alert>
        </div>
      )}
    </section>
  );
}

export function ImportSummary({
  result,
  added,
}: {
  result: CvImportResult;
  added: { assignments: number; education: number; languages: number };
}) {
  const { t, i18n } = useLingui();
  const format = i18n._(FORMAT_WORDS[result.format]);
  const assignments = i18n._(msg`${plural(added.assignments, { one: "# assignment", other: "# assignments" })}`);
  const education = i18n._(msg`${plural(added.education, { one: "# education entry", other: "# education entries" })}`);
  const languages = i18n._(msg`${plural(added.languages, { one: "# language", other: "# languages" })}`);
  return (
    <Alert tone="info" title={t`Read as ${format}`}>
      {added.assignments + added.education + added.languages > 0 ? (
        <p>
          <Trans>
            Added {assignments}, {education} and {languages}, each marked “From your CV: check it”. Empty fields took what the CV
            says. Check everything, then save: nothing is saved until you do.
          </Trans>
        </p>
      ) : (
        // A scanned CV, or one whose entries the form already holds: no "Added 0 assignments".
        <p>
          <Trans>
            No assignment, education entry or language was added: the form already has them, or the CV does not say them in a way
            that could be read. Empty fields took what the CV says.
          </Trans>
        </p>
      )}
      {result.attachment && (
        <p className="mt-2">
          <KeptNote filename={result.attachment.filename} />
        </p>
      )}
      {result.warnings.length > 0 && (
        <>
          <p className="mt-2 font-semibold">
            <Trans>What could not be read</Trans>
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {result.warnings.map((warning) => (
              <li key={warning}>{translateText(i18n, warning)}</li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}

function KeptNote({ filename }: { filename: string }) {
  return (
    <Trans>
      Your file “{filename}” is kept with your profile. Download or remove it on{" "}
      <Link to="/my-consultant-profile#kept-cv" className="font-semibold underline">
        My Consultant Profile
      </Link>
      .
    </Trans>
  );
}
