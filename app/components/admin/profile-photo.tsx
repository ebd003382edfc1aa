import { Trans } from "@lingui/react/macro";

/**
 * A profile's photo as a reviewer needs it: large enough to judge, named for screen readers, and
 * a plain "No photo" when there is none (the public page would show initials).
 */
export function ProfilePhoto({ name, photoUrl, caption }: { name: string; photoUrl: string | null; caption?: string }) {
  return (
    <figure className="grid justify-items-center gap-1 text-center">
      {photoUrl ? (
        <img
          src={photoUrl}
          alt={name}
          width={112}
          height={112}
          className="size-28 rounded-xl border border-slate-200 object-cover"
        />
      ) : (
        <span className="grid size-28 place-items-center rounded-xl border border-dashed border-slate-300 text-sm text-muted">
          <Trans>No photo</Trans>
        </span>
      )}
      {caption && <figcaption className="text-xs font-medium text-muted">{caption}</figcaption>}
    </figure>
  );
}
