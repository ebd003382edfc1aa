import { initials } from "#common/format.ts";
import { thumbnailUrlOf } from "#common/photos.ts";

const SIZES = { sm: "size-12 text-base", md: "size-16 text-lg", lg: "size-28 text-3xl" } as const;

/**
 * The consultant's photo, or their initials on a brand tint. Small sizes load the 96 px
 * thumbnail; `priority` is for the one large photo at the top of a page (not lazy).
 */
export function Avatar({
  name,
  photoUrl,
  size = "md",
  priority = false,
}: {
  name: string;
  photoUrl: string | null;
  size?: keyof typeof SIZES;
  priority?: boolean;
}) {
  if (photoUrl) {
    return (
      <img
        src={size === "lg" ? photoUrl : thumbnailUrlOf(photoUrl)}
        alt=""
        width={size === "lg" ? 112 : size === "md" ? 64 : 48}
        height={size === "lg" ? 112 : size === "md" ? 64 : 48}
        className={`${SIZES[size]} shrink-0 rounded-full object-cover`}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${SIZES[size]} grid shrink-0 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800`}
    >
      {initials(name)}
    </span>
  );
}
