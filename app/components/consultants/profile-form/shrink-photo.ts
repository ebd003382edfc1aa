// A phone photo is often larger than the 1.5 MB the server takes. Before upload the browser
// decodes it (turned upright as the camera meant), scales it down and encodes it as JPEG, trying
// smaller sizes until it fits. The camera's metadata (place, device) does not survive the canvas.

const STEPS: [longestSide: number, quality: number][] = [
  [2048, 0.86],
  [1600, 0.82],
  [1280, 0.78],
  [1024, 0.74],
  [800, 0.7],
];

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/** A JPEG version of `file` within `maxBytes`, or null when the browser cannot decode or shrink it. */
export async function shrinkPhoto(file: File, maxBytes: number): Promise<File | null> {
  if (typeof createImageBitmap !== "function") return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    for (const [side, quality] of STEPS) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, Math.round(bitmap.width * scale));
      canvas.height = Math.max(1, Math.round(bitmap.height * scale));
      const context = canvas.getContext("2d");
      if (!context) return null;
      // JPEG has no transparency: a transparent PNG goes on white, not black.
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await toJpeg(canvas, quality);
      if (blob && blob.size <= maxBytes) {
        const name = `${file.name.replace(/\.[^.]*$/, "") || "photo"}.jpg`;
        return new File([blob], name, { type: "image/jpeg", lastModified: Date.now() });
      }
    }
    return null;
  } finally {
    bitmap.close();
  }
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toLocaleString("en", { maximumFractionDigits: 1 })} MB`;
}
