import { Trans, useLingui } from "@lingui/react/macro";
import { ImagePlus, Trash2 } from "lucide-react";
import { useId } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { translateText } from "#app/i18n/translate-text.ts";
import { initials } from "#common/format.ts";
import { PHOTO_TYPES, type PhotoUpload } from "./use-photo-upload.ts";

/**
 * The photo control: a preview (or the initials), a real file input drawn as a button (works
 * without JavaScript, when the photo travels with the form), and the remove button.
 */
export function PhotoField({ photo, name, errors }: { photo: PhotoUpload; name: string; errors?: string[] }) {
  const { t, i18n } = useLingui();
  const hintId = useId();
  const errorId = useId();
  return (
    <>
      <div className="flex flex-wrap items-center gap-5">
        {photo.preview ? (
          <img
            src={photo.preview}
            alt={name ? t`${name}, as your profile will show` : t`As your profile will show`}
            className="size-24 rounded-full object-cover ring-1 ring-slate-200"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-24 place-items-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-800"
          >
            {initials(name || "?")}
          </span>
        )}
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <span className="relative">
              <input
                ref={photo.fileInput}
                id="profile-photo"
                type="file"
                name="profilePhoto"
                accept={PHOTO_TYPES.join(",")}
                onChange={photo.choose}
                aria-describedby={[hintId, photo.message ? errorId : ""].filter(Boolean).join(" ")}
                aria-invalid={photo.message ? true : undefined}
                className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
              />
              <label
                htmlFor="profile-photo"
                className="inline-flex h-10 items-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 peer-hover:bg-slate-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
              >
                <ImagePlus aria-hidden="true" className="size-4" />
                {photo.preview ? <Trans>Change photo</Trans> : <Trans>Choose photo</Trans>}
              </label>
            </span>
            {photo.preview && (
              <Button variant="ghost" onClick={photo.remove}>
                <Trash2 aria-hidden="true" className="size-4" />
                <Trans>Remove photo</Trans>
              </Button>
            )}
          </div>
          <p id={hintId} className="text-xs text-muted">
            <Trans>
              JPEG, PNG or GIF, up to 1.5 MB (a larger photo is made smaller before upload). It is cropped to a square.
            </Trans>
          </p>
          <p role="status" className="text-sm text-brand-800">
            {photo.isShrinking ? t`Making your photo smaller...` : photo.note}
          </p>
          {photo.message && (
            <p id={errorId} className="text-sm font-medium text-red-700">
              {translateText(i18n, photo.message)}
            </p>
          )}
          {errors && <p className="text-sm font-medium text-red-700">{translateText(i18n, errors[0] ?? "")}</p>}
        </div>
      </div>
      <input type="hidden" name="profilePhotoUrl" value={photo.photoUrl} />
    </>
  );
}
