import { z } from "zod";
import { PHOTO_MAX_BYTES } from "#common/constants.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { uploadPhoto } from "#server/services/photos.ts";
import type { HttpDeps } from "../context.ts";
import { actorFrom, signedInFirst, uploadedFile } from "../request.ts";
import { notStored, serviceApi } from "./service-call.ts";

// POST /api/upload-photo: multipart with the file in `profilePhoto` (and `name`, which the spec's
// client sends and the random file names make unnecessary). Answers { photoUrl }.

const describeRoute = describeRoutesIn("Directory");

export function createPhotoApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  api.post(
    "/",
    describeRoute({
      summary: "Upload a profile photo (multipart, field profilePhoto: JPEG, PNG or GIF, at most 1.5 MB)",
      auth: "session",
      // `name`: the spec's client sends the file's name too; the stored name is random.
      upload: {
        field: "profilePhoto",
        mediaTypes: ["image/jpeg", "image/png", "image/gif"],
        maxBytes: PHOTO_MAX_BYTES,
        otherFields: ["name"],
      },
      response: z.strictObject({ photoUrl: z.string() }),
      status: 201,
    }),
    signedInFirst("Please sign in to upload a photo"),
    call(
      uploadPhoto,
      async (c) => {
        const file = await uploadedFile(c, "profilePhoto", {
          notMultipart: "Send the photo as multipart/form-data in the profilePhoto field",
          missing: "Choose a photo to upload",
        });
        return { bytes: new Uint8Array(await file.arrayBuffer()) };
      },
      (c, result) => notStored(c, result, 201),
    ),
  );
  return api;
}
