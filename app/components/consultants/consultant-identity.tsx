import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PublicConsultant } from "#common/views.ts";
import { Avatar } from "./avatar.tsx";

/**
 * Who a consultant is at a glance: the photo, the name as a link to the profile, the title, and
 * what the place adds below them. On a card the link covers the whole card (`stretched`). Not in
 * avatar.tsx: the profile page shows the avatar alone, and this stays out of its first load (and
 * the home page's, whose cards hydrate later); the shared shortlist loads it with its page.
 */
export function ConsultantIdentity({
  consultant,
  stretched = false,
  children,
}: {
  consultant: Pick<PublicConsultant, "id" | "name" | "title" | "profilePhotoUrl" | "profileLanguage">;
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
        <p dir="auto" lang={consultant.profileLanguage ?? undefined} className="text-sm text-muted">
          {consultant.title}
        </p>
        {children}
      </div>
    </>
  );
}
