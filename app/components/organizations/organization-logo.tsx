import { useLingui } from "@lingui/react/macro";
import { initials } from "#common/format.ts";
import { thumbnailUrlOf } from "#common/photos.ts";

const SIZES = { xs: "size-6 text-[0.6rem]", sm: "size-10 text-sm", lg: "size-20 text-2xl" } as const;
const PIXELS = { xs: 24, sm: 40, lg: 80 } as const;

/**
 * An organization's logo (issue 31), fitted whole in a square on white, named by its alt text; or
 * its initials on a neutral grey when it has none (decoration then: the name is always beside it).
 * Small sizes load the 96 px thumbnail.
 */
export function OrganizationLogo({
  name,
  logoUrl,
  size = "sm",
}: {
  name: string;
  logoUrl: string | null | undefined;
  size?: keyof typeof SIZES;
}) {
  const { t } = useLingui();
  const box = `${SIZES[size]} shrink-0 rounded-md`;
  if (logoUrl) {
    return (
      <img
        src={size === "lg" ? logoUrl : thumbnailUrlOf(logoUrl)}
        alt={t`${name} logo`}
        width={PIXELS[size]}
        height={PIXELS[size]}
        className={`${box} bg-white object-contain ring-1 ring-slate-200`}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} grid place-items-center bg-slate-100 font-semibold text-slate-700 ring-1 ring-slate-300`}
    >
      {initials(name)}
    </span>
  );
}
