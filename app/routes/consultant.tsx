import { ArrowLeft, Pencil } from "lucide-react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { parseConsultantId, viewConsultant } from "../../server/services/consultants.ts";
import { actorOf } from "../../server/services/context.ts";
import { openAuthDialog } from "../components/account/auth-dialog.tsx";
import { ConsultantProfile } from "../components/consultants/consultant-profile.tsx";
import { StatusBanner } from "../components/consultants/consultant-status.tsx";
import { DirectContact } from "../components/consultants/direct-contact.tsx";
import { SendMessage } from "../components/messages/send-message.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { appContext } from "../context.ts";
import { consultantJsonLd, describeBio } from "../lib/consultant-seo.ts";
import { pageMeta, rootData } from "../lib/meta.ts";
import { orPageError } from "../lib/service-errors.server.ts";
import type { Route } from "./+types/consultant";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, session } = context.get(appContext);
  const id = parseConsultantId(params.id);
  if (id === null) throw data("Consultant not found", { status: 404 });
  const view = await orPageError(viewConsultant(db, actorOf(session), id));
  // The message form starts with the signed-in person's name and e-mail.
  const sender = session ? { name: session.user.name, email: session.user.email } : null;
  return { ...view, sender };
}

export default function ConsultantPage({ loaderData }: Route.ComponentProps) {
  const { consultant, status, statusReason, canEdit, sender } = loaderData;
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 pt-6">
        <Link to="/#consultants" className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> Back to consultants
        </Link>
      </div>
      <ConsultantProfile
        consultant={consultant}
        banner={canEdit ? <StatusBanner status={status} statusReason={statusReason} /> : null}
        actions={
          <>
            <SendMessage consultant={consultant} sender={sender} signIn={() => openAuthDialog("login")} />
            <DirectContact email={consultant.email} phone={consultant.phone} />
            {canEdit && (
              <Link
                to={`/profile/edit/${consultant.id}`}
                className={buttonClasses({ variant: "secondary", size: "lg", className: "w-full" })}
              >
                <Pencil aria-hidden="true" className="size-4" />
                Edit Profile
              </Link>
            )}
          </>
        }
      />
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  const view = args.loaderData;
  if (!view) {
    return pageMeta(args, {
      title: "Consultant Not Found",
      description: "This consultant profile does not exist or is not listed.",
      noindex: true,
    });
  }
  const { consultant } = view;
  const { publicUrl } = rootData(args);
  const path = `/consultant/${consultant.id}`;
  return [
    ...pageMeta(args, {
      title: `${consultant.name} — ${consultant.title}`,
      description: describeBio(consultant.bio),
      path,
      image: consultant.profilePhotoUrl,
      type: "profile",
      card: "summary",
      noindex: view.status !== "approved",
    }),
    { "script:ld+json": consultantJsonLd(consultant, { url: `${publicUrl}${path}`, publicUrl }) },
  ];
}

export function ErrorBoundary() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-ink">Consultant Not Found</h1>
      <p className="mt-4 text-muted">
        {isNotFound
          ? "The consultant profile you are looking for does not exist or is not listed in the directory."
          : "We could not load this profile just now. Please try again in a moment."}
      </p>
      <Link to="/#consultants" className={buttonClasses({ size: "lg", className: "mt-8" })}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Consultants
      </Link>
    </section>
  );
}
