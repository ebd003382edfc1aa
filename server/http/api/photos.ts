import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { PHOTO_MAX_BYTES } from "../../../common/constants.ts";
import { actorOf } from "../../services/context.ts";
import { PayloadTooLarge, Unauthorized, ValidationFailed } from "../../services/errors.ts";
import { uploadPhoto } from "../../services/photos.ts";
import type { HttpDeps, HttpEnv } from "../context.ts";

// POST /api/upload-photo: multipart with the file in `profilePhoto` (and `name`, which the spec's
// client sends and the random file names make unnecessary). Answers { photoUrl }.

/** The photo plus the multipart envelope and the `name` field. */
export const UPLOAD_BODY_LIMIT = PHOTO_MAX_BYTES + 64 * 1024;

export function createPhotoApi({ db, storage }: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.post(
    "/",
    async (c, next) => {
      // Signed-out callers are refused before their body is read.
      if (!(await c.get("getSession")())) throw new Unauthorized("Please sign in to upload a photo");
      await next();
    },
    // The limit applies while the body streams in: an oversized upload is never buffered whole.
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT,
      onError: () => {
        throw new PayloadTooLarge("File too large");
      },
    }),
    async (c) => {
      const actor = actorOf(await c.get("getSession")());
      let body: Record<string, unknown>;
      try {
        body = await c.req.parseBody();
      } catch (error) {
        if (error instanceof PayloadTooLarge) throw error;
        throw new ValidationFailed("Send the photo as multipart/form-data in the profilePhoto field");
      }
      const file = body.profilePhoto;
      if (!(file instanceof File)) {
        throw new ValidationFailed("Choose a photo to upload", [{ path: "profilePhoto", message: "Choose a photo to upload" }]);
      }
      const result = await uploadPhoto(
        db,
        actor,
        { bytes: new Uint8Array(await file.arrayBuffer()) },
        { storage, log: c.get("log") },
      );
      c.header("Cache-Control", "no-store");
      return c.json(result, 201);
    },
  );
  return api;
}
