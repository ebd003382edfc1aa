import type { ReactNode } from "react";
import { Link } from "react-router";
import { initials } from "#common/format.ts";
import { thumbnailUrlOf } from "#common/photos.ts";
import type { PublicConsultant } from "#common/views.ts";

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

/**
 * Who a consultant is at a glance: the photo, the name as a link to the profile, the title, and
 * what the place adds below them. On a card the link covers the whole card (`stretched`). Beside
 * the avatar, so a page that shows both loads one file for them.
 */
export function ConsultantIdentity({
  consultant,
  stretched = false,
  children,
}: {
  consultant: Pick<PublicConsultant, "id" | "name" | "title" | "profilePhotoUrl">;
  stretched?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <Avatar name={consultant.name} photoUrl={consultant.profilePhotoUrl} />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-ink">
          <Link
            to={`/consultant/${consultant.id}`}
            className={stretched ? "after:absolute after:inset-0 focus:outline-none" : "underline-offset-4 hover:underline"}
          >
            <bdi>{consultant.name}</bdi>
          </Link>
        </h3>
        <p dir="auto" className="text-sm text-muted">
          {consultant.title}
        </p>
        {children}
      </div>
    </>
  );
}
