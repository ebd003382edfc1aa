import { initials } from "../../common/format.ts";

const SIZES = { sm: "size-12 text-base", md: "size-16 text-lg", lg: "size-28 text-3xl" } as const;

/** The consultant's photo, or their initials on a brand tint. */
export function Avatar({ name, photoUrl, size = "md" }: { name: string; photoUrl: string | null; size?: keyof typeof SIZES }) {
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt=""
        className={`${SIZES[size]} shrink-0 rounded-full object-cover`}
        loading="lazy"
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
