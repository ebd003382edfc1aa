import { useEffect, useRef, useState } from "react";
import { PHOTO_MAX_BYTES } from "../../../../common/constants.ts";
import { photoUploadErrorText } from "../../../lib/photo-errors.ts";
import { toast } from "../../ui/toast.tsx";

// The profile form's photo, as a small state machine: a chosen file is checked and previewed at
// once, uploaded on save ('Uploading photo...'), and its URL kept so a second save after a refused
// form does not upload it again.

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

export type PhotoUpload = ReturnType<typeof usePhotoUpload>;

export function usePhotoUpload(initialUrl: string) {
  const [isUploading, setIsUploading] = useState(false);
  const [photoUrl, setPhotoUrl] = useState(initialUrl);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  function clearInput() {
    if (fileInput.current) fileInput.current.value = "";
  }

  function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setMessage(null);
    if (!file) return;
    const refuse = (text: string) => {
      setMessage(text);
      photoError(text);
      event.target.value = "";
    };
    if (!PHOTO_TYPES.includes(file.type)) return refuse("Invalid file type");
    if (file.size > PHOTO_MAX_BYTES) return refuse("File too large");
    setChosen({ file, preview: URL.createObjectURL(file) });
  }

  function remove() {
    setChosen(null);
    setPhotoUrl("");
    setMessage(null);
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
    isUploading,
    fileInput,
    choose,
    remove,
    resolveUrl,
  };
}
