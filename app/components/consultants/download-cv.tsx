import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { FileDown } from "lucide-react";
import { useLocale } from "#app/i18n/use-locale.ts";
import { DEFAULT_LOCALE } from "#common/locales.ts";
import { buttonClasses } from "../ui/button.tsx";

/** The donor layouts beside the standard CV (issue 34), as GET /api/consultants/{id}/cv.{pdf|xml}?format=… names them. */
const DONOR_LAYOUTS = [
  { file: "cv.pdf?format=p11", label: msg`UN Personal History Form (P11), PDF` },
  { file: "cv.pdf?format=eu", label: msg`EU tender CV annex, PDF` },
  { file: "cv.pdf?format=europass", label: msg`Europass, PDF` },
  { file: "cv.xml?format=europass", label: msg`Europass, XML` },
] as const;

/**
 * "Download CV": the profile as a donor key-expert CV in PDF, its headings in the page's language
 * (`?lang=`), and under it the same record in the layouts donors ask for, which keep the donor's
 * own wording (plain links in a disclosure: work without JavaScript). API addresses take no
 * language prefix.
 */
export function DownloadCvButton({ consultantId }: { consultantId: number }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const base = `/api/consultants/${consultantId}`;
  const standard = locale === DEFAULT_LOCALE ? `${base}/cv.pdf` : `${base}/cv.pdf?lang=${locale}`;
  return (
    <div className="grid gap-2">
      <a href={standard} download className={buttonClasses({ variant: "outline", size: "lg", className: "w-full" })}>
        <FileDown aria-hidden="true" className="size-4" />
        <Trans>Download CV</Trans>
      </a>
      <details className="text-sm">
        <summary className="cursor-pointer rounded font-medium text-brand-800 hover:underline">
          <Trans>CV in a donor's layout</Trans>
        </summary>
        <ul className="mt-2 grid gap-1.5 ps-1">
          {DONOR_LAYOUTS.map((layout) => (
            <li key={layout.file}>
              <a
                href={`${base}/${layout.file}`}
                download
                className="inline-block py-1 text-brand-800 underline-offset-2 hover:underline"
              >
                {i18n._(layout.label)}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
