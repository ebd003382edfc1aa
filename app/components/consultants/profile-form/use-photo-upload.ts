import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { toast } from "#app/components/ui/toast.tsx";
import { photoUploadErrorText } from "#app/lib/photo-errors.ts";
import { PHOTO_MAX_BYTES } from "#common/constants.ts";
import { declaredImageSize, IMAGE_HEADER_BYTES, photoSizeProblem } from "#common/photo-size.ts";
import { megabytes, shrinkPhoto } from "./shrink-photo.ts";

// The profile form's photo, as a small state machine: a chosen file is checked and previewed at
// once, uploaded on save ('Uploading photo...'), and its URL kept so a second save after a refused
// form does not upload it again. A JPEG, PNG or GIF over the server's limit is first made smaller
// in the browser (shrink-photo.ts); only one that cannot be shrunk is refused as too large.
// The pixel size the file declares is read from its header when it is picked (issue 36: a
// 50-megapixel photo failed only at save): over the server's pixel budget but within a camera's
// (SHRINK_PIXELS), the browser makes it smaller too; beyond that (a decompression bomb, a
// panorama), with a side over the limit or too narrow, it is refused at once, in the words the
// upload would have been refused with.

/**
 * The most pixels the browser is asked to decode to make a photo smaller: a 50-megapixel phone
 * camera's photo (8160×6120) decodes to 200 MB; a file declaring more is refused unread.
 */
export const SHRINK_PIXELS = 50_000_000;

export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/gif"];

function photoError(description: string) {
  toast({ title: "Error uploading photo", description, variant: "destructive" });
}

async function uploadPhoto(file: File, name: string): Promise<string | null> {
  const body = new FormData();
  body.set("profilePhoto", file);
  body.set("name", name);
  try {
    const response = await fetch("/api/upload-photo", { method: "POST", body });
    const json = (await response.json().catch(() => null)) as { photoUrl?: string; message?: string } | null;
    if (!response.ok || !json?.photoUrl) {
      photoError(photoUploadErrorText(response.status, json?.message ?? response.statusText));
      return null;
    }
    return json.photoUrl;
  } catch {
    photoError("Failed to upload photo");
    return null;
  }
}

function megapixels(pixels: number): string {
  return (pixels / 1_000_000).toLocaleString("en", { maximumFractionDigits: 1 });
}

export type PhotoUpload = ReturnType<typeof usePhotoUpload>;

export function usePhotoUpload(initialUrl: string) {
  const { t } = useLingui();
  const [isUploading, setIsUploading] = useState(false);
  const [photoUrl, setPhotoUrl] = useState(initialUrl);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [isShrinking, setIsShrinking] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  function clearInput() {
    if (fileInput.current) fileInput.current.value = "";
  }

  async function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setMessage(null);
    setNote(null);
    if (!file) return;
    const refuse = (text: string) => {
      setMessage(text);
      photoError(text);
      input.value = "";
    };
    if (!PHOTO_TYPES.includes(file.type)) return refuse("Invalid file type");
    const declared = declaredImageSize(new Uint8Array(await file.slice(0, IMAGE_HEADER_BYTES).arrayBuffer()));
    const problem = declared ? photoSizeProblem(declared.width, declared.height, declared.type) : null;
    const pixels = declared ? declared.width * declared.height : 0;
    // Over a pixel budget but within what the browser decodes: made smaller to fit that budget.
    const shrinkToPixels = problem?.kind === "pixels" && pixels <= SHRINK_PIXELS ? problem.maxPixels : null;
    if (problem && shrinkToPixels === null) return refuse(photoUploadErrorText(problem.status, problem.message));
    let photo = file;
    if (file.size > PHOTO_MAX_BYTES || shrinkToPixels !== null) {
      setIsShrinking(true);
      const smaller = await shrinkPhoto(file, PHOTO_MAX_BYTES);
      setIsShrinking(false);
      if (!smaller) return refuse(problem ? photoUploadErrorText(problem.status, problem.message) : "File too large");
      photo = smaller;
      if (shrinkToPixels !== null) {
        const size = megapixels(pixels);
        const limit = megapixels(shrinkToPixels);
        setNote(t`Your photo (${size} megapixels) was made smaller to fit the ${limit}-megapixel limit.`);
      } else {
        const before = megabytes(file.size);
        const after = megabytes(smaller.size);
        setNote(t`Your photo (${before}) was made smaller (${after}) to fit the 1.5 MB limit.`);
      }
    }
    setChosen({ file: photo, preview: URL.createObjectURL(photo) });
  }

  function remove() {
    setChosen(null);
    setPhotoUrl("");
    setMessage(null);
    setNote(null);
    clearInput();
  }

  /** The URL to save with the form: uploads the chosen file first; null when the upload failed. */
  async function resolveUrl(name: string): Promise<string | null> {
    if (!chosen) return photoUrl;
    setIsUploading(true);
    const uploaded = await uploadPhoto(chosen.file, name);
    setIsUploading(false);
    if (!uploaded) return null;
    setPhotoUrl(uploaded);
    setChosen(null);
    clearInput();
    return uploaded;
  }

  return {
    photoUrl,
    preview: chosen?.preview ?? (photoUrl || null),
    message,
    note,
    isUploading,
    isShrinking,
    fileInput,
    choose,
    remove,
    resolveUrl,
  };
}
