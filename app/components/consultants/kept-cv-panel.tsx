import { Trans } from "@lingui/react/macro";
import { FileDown, FileText, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { KEPT_CV_PATHS, type KeptCvFile } from "#common/cv-import.ts";
import { Button, buttonClasses } from "../ui/button.tsx";
import { LocalTime } from "../ui/local-time.tsx";

// "Your CV file" (issue 34), on the consultant's own profile page: the CV they asked to keep
// attached to the profile when importing it, to download (GET /api/my-consultant-profile/cv-file,
// a download, never a public URL) or remove (a plain form, so it works without JavaScript).

export function KeptCvPanel({ file }: { file: KeptCvFile }) {
  const { filename } = file;
  const kilobytes = Math.max(1, Math.round(file.size / 1024));
  return (
    <section id="kept-cv" aria-labelledby="kept-cv-heading" className="mx-auto max-w-6xl scroll-mt-20 px-4 pb-8">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="kept-cv-heading" className="flex items-center gap-2 text-xl font-bold text-ink">
          <FileText aria-hidden="true" className="size-5" />
          <Trans>Your CV file</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted">
          <Trans>
            Kept with your profile when you imported it. Only you and the site's admins can download it; visitors never see it.
          </Trans>
        </p>
        <p className="mt-4 text-slate-700">
          <bdi className="font-semibold text-ink">{filename}</bdi>{" "}
          <Trans>
            ({kilobytes} KB, kept <LocalTime value={file.createdAt} />)
          </Trans>
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={KEPT_CV_PATHS.own} download={filename} className={buttonClasses({ variant: "outline" })}>
            <FileDown aria-hidden="true" className="size-4" />
            <Trans>Download your CV file</Trans>
          </a>
          <Form method="post" action="/my-consultant-profile#kept-cv" preventScrollReset>
            <input type="hidden" name="intent" value="remove-cv-file" />
            <Button type="submit" variant="outline">
              <Trash2 aria-hidden="true" className="size-4" />
              <Trans>Remove the file</Trans>
            </Button>
          </Form>
        </div>
      </div>
    </section>
  );
}
