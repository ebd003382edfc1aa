import { Hono } from "hono";
import { uploadPhoto } from "#server/services/photos.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { actorFrom, signedInFirst, uploadedFile } from "../request.ts";

// POST /api/upload-photo: multipart with the file in `profilePhoto` (and `name`, which the spec's
// client sends and the random file names make unnecessary). Answers { photoUrl }.

export function createPhotoApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.post("/", signedInFirst("Please sign in to upload a photo"), async (c) => {
    const actor = await actorFrom(c);
    const file = await uploadedFile(c, "profilePhoto", {
      notMultipart: "Send the photo as multipart/form-data in the profilePhoto field",
      missing: "Choose a photo to upload",
    });
    const result = await uploadPhoto(apiServiceDeps(deps, c), actor, { bytes: new Uint8Array(await file.arrayBuffer()) });
    c.header("Cache-Control", "no-store");
    return c.json(result, 201);
  });
  return api;
}
