import { parseWithZod } from "@conform-to/zod/v4";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link, redirect } from "react-router";
import { consultantProfileSchema } from "#common/consultant-schema.ts";
import { parseId as parseConsultantId } from "#common/ids.ts";
import { serviceDeps } from "#server/http/context.ts";
import { editConsultant, OWNER_EDIT } from "#server/services/consultants/edit.ts";
import { createConsultant, getOwnConsultant, getProfileForEdit } from "#server/services/consultants/profile.ts";
import { actorOf } from "#server/services/context.ts";
import { Forbidden, NotFound } from "#server/services/errors.ts";
import { uploadPhoto } from "#server/services/photos.ts";
import {
  EMPTY_FORM,
  normalizeProfileFormData,
  type ProfileFormValues,
  savedFormValues,
} from "../components/consultants/profile-form/form-values.ts";
import { ProfileEditor } from "../components/consultants/profile-form/profile-editor.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { type AppContext, appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { translateText } from "../i18n/translate-text.ts";
import { errorAnswer, failureToast } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { answer, invalidAnswer, refusedAnswer, throwPageError } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/profile-form";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /profile/new and /profile/edit/{id}: one form (spec section 2). Signed out: the spec's alert;
// someone else's profile: "You can only edit your own profile"; on success the spec's toast,
// back on / (spec section 4), with a link to the saved profile.

const SIGN_IN_REQUIRED = "You need to be logged in to create or edit a consultant profile.";

function editId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = parseConsultantId(params.id);
  if (id === null) throw data("This consultant profile does not exist.", { status: 404 });
  return id;
}

/** Signed out, the signed-in layout shows this; the heading follows the address. */
export const handle: SignedInHandle = {
  signedOut: (pathname) => ({
    heading: pathname === "/profile/new" ? msg`Create Consultant Profile` : msg`Edit Consultant Profile`,
    title: msg`Authentication Required`,

    text: SIGN_IN_REQUIRED,
    withCreateAccount: true,
  }),
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const id = editId(params);
  const session = requireSignedIn(app);
  const actor = actorOf(session);
  if (id === null) {
    // One profile per person: someone who has one edits it.
    const own = await getOwnConsultant(app, actor).catch((error: unknown) => {
      if (error instanceof NotFound) return null;
      throw error;
    });
    if (own) throw redirect(`/profile/edit/${own.id}`);
    const defaults: ProfileFormValues = {
      ...EMPTY_FORM,
      // Prefilled from the account; both can be changed.
      name: session.user.name,
      email: session.user.email,
    };
    const draftKey = `profile-draft:${session.user.id}:new`;
    return { state: "ready" as const, mode: "create" as const, consultantId: null, draftKey, defaults };
  }
  try {
    const profile = await getProfileForEdit(serviceDeps(app), actor, id);
    const draftKey = `profile-draft:${session.user.id}:${id}`;
    return {
      state: "ready" as const,
      mode: "edit" as const,
      consultantId: id,
      draftKey,
      defaults: savedFormValues(profile, profile),
    };
  } catch (error) {
    // Someone else's profile is a state of this page (the spec's text), not an error screen.
    if (error instanceof Forbidden) return data({ state: "forbidden" as const, mode: "edit" as const }, { status: 403 });
    throwPageError(error);
  }
}

/**
 * What a refused save says in its toast: the reason, or every field's when several are wrong. The
 * toast shows each English sentence in the page's language (app/i18n/texts.ts); several are joined
 * only once each is translated, so `say` translates them (the action's language; none in the browser,
 * whose toast translates the one sentence it shows).
 */
function refusalToast(mode: "create" | "edit", say: (text: string) => string = (text) => text) {
  return (message: string, { fieldMessages }: { fieldMessages: string[] }) =>
    failureToast(mode === "create" ? "Error creating profile" : "Error updating profile")(
      fieldMessages.length > 1 ? fieldMessages.map(say).join(", ") : message || "Please check your form and try again.",
    );
}

/** Without JavaScript the photo comes with the form: store it first, as the upload API would. */
async function photoFromForm(app: AppContext, formData: FormData, actor: NonNullable<ReturnType<typeof actorOf>>) {
  const file = formData.get("profilePhoto");
  if (!(file instanceof File) || file.size === 0) return undefined;
  const { photoUrl } = await uploadPhoto(app, actor, { bytes: new Uint8Array(await file.arrayBuffer()) });
  return photoUrl;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(app.session);
  const id = editId(params);
  const formData = await request.formData();
  const submission = parseWithZod(normalizeProfileFormData(formData), {
    schema: consultantProfileSchema,
    disableAutoCoercion: true,
  });
  const i18n = i18nOfRequest(request);
  const toast = refusalToast(id === null ? "create" : "edit", (text) => translateText(i18n, text));
  if (!actor) {
    const message = SIGN_IN_REQUIRED.replace(/\.$/, "");
    return answer(errorAnswer(message, { toast: failureToast("Authentication Required")(SIGN_IN_REQUIRED) }), 401);
  }
  if (submission.status !== "success") return invalidAnswer(submission, { toast });
  // The form sends every field: one left blank is cleared, not kept. It shows every saved
  // assignment and education entry, so a list it sends without any is an empty list.
  const input = {
    phone: null,
    city: null,
    profileLanguage: null,
    profilePhotoUrl: null,
    languages: [],
    secondarySpecializations: [],
    assignments: [],
    education: [],
    languageLevels: {},
    availableFrom: null,
    dailyRate: null,
    ...submission.value,
  };
  const deps = serviceDeps(app);
  try {
    const uploaded = await photoFromForm(app, formData, actor);
    if (uploaded) input.profilePhotoUrl = uploaded;
    let saved: { id: number };
    let savedToast: { title: string; description?: string };
    if (id === null) {
      const created = await createConsultant(deps, actor, input);
      saved = created;
      savedToast = {
        title: i18n._(msg`Profile created successfully!`),
        description:
          created.status === "pending"
            ? i18n._(msg`An administrator will review it, usually within 1-2 business days. Until then only you can see it.`)
            : i18n._(msg`It is now listed in the directory.`),
      };
    } else {
      const edited = await editConsultant(deps, actor, { id, body: input }, OWNER_EDIT);
      saved = edited;
      // Issue 14: a listed profile's reviewed fields wait for an admin; saying "updated" then misleads.
      savedToast =
        edited.change?.status === "pending"
          ? {
              title: i18n._(msg`Changes sent for review`),
              description: i18n._(
                msg`An administrator will review your changes, usually within 1-2 business days. Until then your public profile shows the version approved before.`,
              ),
            }
          : { title: i18n._(msg`Profile updated successfully!`) };
    }
    // Spec: on success the user returns to / (where the lists show the change); the toast links to the profile.
    return redirectWithToast(app, "/", {
      ...savedToast,
      link: { href: `/consultant/${saved.id}`, label: i18n._(msg`View your profile`) },
    });
  } catch (error) {
    return refusedAnswer(error, { submission, toast });
  }
}

/**
 * A failed request is refused like any other: 'Error creating profile' (or updating), the form
 * kept. One that never reached the server (offline) has no toast: the form says "Not sent".
 */
export async function clientAction(args: Route.ClientActionArgs) {
  const toast = refusalToast(args.params.id === undefined ? "create" : "edit");
  return keepPageOnFailure(args, (message, _form, { offline }) =>
    errorAnswer(message, offline ? {} : { toast: toast(message, { fieldMessages: [] }) }),
  );
}

export const shouldRevalidate = revalidateUnlessRequestFailed;

export default function ProfileFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const heading = loaderData.mode === "create" ? t`Create Consultant Profile` : t`Edit Consultant Profile`;
  if (loaderData.state === "forbidden") {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <h1 className="text-3xl font-bold text-ink">{heading}</h1>
        <div className="mt-6 space-y-4">
          <Alert tone="error" title={t`Not your profile`}>
            <Trans>You can only edit your own profile.</Trans>
          </Alert>
          <Link to="/my-consultant-profile" className={buttonClasses({ variant: "outline" })}>
            <Trans>Go to My Consultant Profile</Trans>
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold text-ink">{heading}</h1>
      <p className="mt-2 text-muted">
        {loaderData.mode === "create" ? (
          <Trans>Tell organizations what you do. Fields marked * are required.</Trans>
        ) : (
          <Trans>Keep your profile current. Fields marked * are required.</Trans>
        )}
      </p>
      <div className="mt-8">
        <ProfileEditor
          key={loaderData.consultantId ?? "new"}
          mode={loaderData.mode}
          draftKey={loaderData.draftKey}
          defaultValues={loaderData.defaults}
          failure={actionData ?? null}
        />
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const tags = privatePageMeta({
    title: args.location.pathname === "/profile/new" ? msg`Create Consultant Profile` : msg`Edit Consultant Profile`,
    description: msg`Create or edit your consultant profile in the directory.`,
  })(args);
  // On its error screen the screen's own <title> is the document's one (two are invalid HTML); the other tags stay.
  return args.error ? tags.filter((tag) => !("title" in tag)) : tags;
}

export const ErrorBoundary = RouteErrorBoundary;
