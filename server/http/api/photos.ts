import { Hono } from "hono";
import { Unauthorized, ValidationFailed } from "#server/services/errors.ts";
import { uploadPhoto } from "#server/services/photos.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { actorFrom } from "../request.ts";

// POST /api/upload-photo: multipart with the file in `profilePhoto` (and `name`, which the spec's
// client sends and the random file names make unnecessary). Answers { photoUrl }.

export function createPhotoApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.post(
    "/",
    async (c, next) => {
      // Signed-out callers are refused before the upload is decoded.
      if (!(await c.get("getSession")())) throw new Unauthorized("Please sign in to upload a photo");
      await next();
    },
    async (c) => {
      const actor = await actorFrom(c);
      let body: Record<string, unknown>;
      try {
        body = await c.req.parseBody();
      } catch {
        throw new ValidationFailed("Send the photo as multipart/form-data in the profilePhoto field");
      }
      const file = body.profilePhoto;
      if (!(file instanceof File)) {
        throw new ValidationFailed("Choose a photo to upload", [{ path: "profilePhoto", message: "Choose a photo to upload" }]);
      }
      const result = await uploadPhoto(apiServiceDeps(deps, c), actor, { bytes: new Uint8Array(await file.arrayBuffer()) });
      c.header("Cache-Control", "no-store");
      return c.json(result, 201);
    },
  );
  return api;
}
