import { FileDown } from "lucide-react";
import { buttonClasses } from "../ui/button.tsx";

/** "Download CV": the profile as a donor key-expert CV in PDF (a plain link: works without JavaScript). */
export function DownloadCvButton({ consultantId }: { consultantId: number }) {
  return (
    <a
      href={`/api/consultants/${consultantId}/cv.pdf`}
      download
      className={buttonClasses({ variant: "outline", size: "lg", className: "w-full" })}
    >
      <FileDown aria-hidden="true" className="size-4" />
      Download CV
    </a>
  );
}
