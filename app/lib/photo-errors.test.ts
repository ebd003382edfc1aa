import { describe, expect, it } from "vitest";
import { photoUploadErrorText } from "./photo-errors.ts";

describe("photo upload error texts (spec section 8)", () => {
  it("maps 413, a 400 about size, other errors and an empty answer", () => {
    expect(photoUploadErrorText(413, "File too large")).toBe("Image too large. Please upload a smaller image.");
    expect(photoUploadErrorText(400, "Image is too large for storage")).toBe(
      "Image file size is too large. Please use a smaller image or reduce the image quality.",
    );
    expect(photoUploadErrorText(415, "Invalid file type")).toBe("Invalid file type");
    expect(photoUploadErrorText(400, "The image could not be read.")).toBe("The image could not be read.");
    expect(photoUploadErrorText(502, undefined)).toBe("Failed to upload photo");
  });
});
