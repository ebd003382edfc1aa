// Stored photos come in two square WebP sizes whose URLs differ only in the size suffix:
// `…/photos/<random>-400.webp` (profile) and `…/photos/<random>-96.webp` (thumbnail).

export const PHOTO_SIZES = { profile: 400, thumbnail: 96 } as const;

const PROFILE_SUFFIX = `-${PHOTO_SIZES.profile}.webp`;

/** The thumbnail of a stored photo; any other URL is returned unchanged. */
export function thumbnailUrlOf(photoUrl: string): string {
  return /\/photos\/[A-Za-z0-9_-]+-\d+\.webp$/.test(photoUrl) && photoUrl.endsWith(PROFILE_SUFFIX)
    ? `${photoUrl.slice(0, -PROFILE_SUFFIX.length)}-${PHOTO_SIZES.thumbnail}.webp`
    : photoUrl;
}
