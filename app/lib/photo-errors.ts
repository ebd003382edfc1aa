// The description of the 'Error uploading photo' toast, word for word from spec section 8.

export function photoUploadErrorText(status: number, message: string | undefined): string {
  if (status === 413) return "Image too large. Please upload a smaller image.";
  if (status === 400 && message && /too large/i.test(message)) {
    return "Image file size is too large. Please use a smaller image or reduce the image quality.";
  }
  return message || "Failed to upload photo";
}
