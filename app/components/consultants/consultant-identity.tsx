import type { ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "./avatar.tsx";

type Identity = { id: number; name: string; title: string; profilePhotoUrl: string | null };

/**
 * Who a consultant is at a glance: the photo, the name as a link to the profile, the title, and
 * what the place adds below them. On a card the link covers the whole card (`stretched`).
 */
export function ConsultantIdentity({
  consultant,
  stretched = false,
  children,
}: {
  consultant: Identity;
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
            {consultant.name}
          </Link>
        </h3>
        <p className="text-sm text-muted">{consultant.title}</p>
        {children}
      </div>
    </>
  );
}
