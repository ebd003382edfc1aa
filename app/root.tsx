import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import { localeOfRequest } from "#app/i18n/i18n.ts";
import { actorOf } from "../server/services/context.ts";
import { accountMenuState } from "../server/services/conversations/conversations.ts";
import type { Route } from "./+types/root";
// The stylesheet as a URL, rendered with a React `precedence`: React then writes it at the top of
// <head> (the browser asks for it first; the page's first paint waits on it and on nothing else).
// The modulepreload links <Scripts> hoists there are moved after the first paint by
// app/entry.server.tsx.
import stylesheet from "./app.css?url";
import { AuthDialog } from "./components/account/auth-dialog.tsx";
import { ReauthenticateDialog } from "./components/account/reauthenticate-dialog.tsx";
import { RouteErrorBoundary } from "./components/layout/route-error-boundary.tsx";
import { SiteFooter } from "./components/layout/site-footer.tsx";
import { SiteHeader } from "./components/layout/site-header.tsx";
import { Toaster } from "./components/ui/toast.tsx";
import { appContext } from "./context.ts";
import { lazyWhenOnline } from "./lib/chunk-load.ts";
import { isRequestFailed } from "./lib/page-action.ts";
import { readToast } from "./lib/toast.server.ts";
import type { RootData } from "./lib/user.ts";

// The offline notice's live region hydrates beside the first load (the server HTML has it; it
// says something only once the browser goes offline, by which time its code is usually there).
// Offline before its code came, it comes once the browser is back: never an error screen.
const OfflineStatus = lazyWhenOnline(() =>
  import("./components/layout/offline-status.tsx").then((module) => ({ default: module.OfflineStatus })),
);

export async function loader({ context, request }: Route.LoaderArgs) {
  const { config, nonce, session, db } = context.get(appContext);
  const { toast, clear } = readToast({ config }, request);
  // The unread badge of the user menu (unread entries in both boxes of /messages), whether the
  // menu offers the consultant profile or leads with it (issue 13), and the organizations of the
  // menu's "act for" switch (issue 31): one query.
  const menu = session ? await accountMenuState({ db }, actorOf(session)) : null;
  // Only what the header and the dialog need to know about the signed-in user.
  const user = session
    ? {
        id: session.user.id,
        name: session.user.name,
        email: session.user.email,
        role: session.user.role,
        isEmailVerified: session.user.isEmailVerified,
        hasConsultantProfile: menu?.hasConsultantProfile === true,
        organizations: menu?.organizations ?? [],
      }
    : null;
  // The page's language is its URL's (the router's basename is the language's prefix).
  const locale = localeOfRequest(request);
  return data<RootData>(
    { siteName: config.siteName, publicUrl: config.publicUrl, locale, nonce, toast, user, unreadMessages: menu?.unread ?? 0 },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/**
 * Reading, marking or deleting a message changes the unread badge in the header, so the root
 * loader runs again on the way into, within and out of the inbox (by default it would not).
 * A new search on the home page (only its query string changes) cannot change what the root
 * shows: not reloading the root keeps each search to one small request, and lets a failed search
 * show the home page's own error state.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // A failed action changed nothing; reloading now could trade the page for an error screen.
  if (isRequestFailed(actionResult)) return false;
  const touchesInbox = (url: URL) => /^\/(inbox|messages)(\/|$)/.test(url.pathname);
  if (touchesInbox(currentUrl) || touchesInbox(nextUrl)) return true;
  const isNewSearch = formMethod === undefined && currentUrl.pathname === "/" && nextUrl.pathname === "/";
  return isNewSearch ? false : defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Marks the document once React has hydrated it; browser tests wait for it before clicking.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const root = useRouteLoaderData<typeof loader>("root");
  const siteName = root?.siteName ?? "DevConsult SEA";
  // The provider's language is the URL's on both sides, also on an error page without loader data.
  const { i18n } = useLingui();
  return (
    <html lang={i18n.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#11665e" />
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links nonce={root?.nonce} />
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          <Trans>Skip to content</Trans>
        </a>
        <SiteHeader siteName={siteName} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter siteName={siteName} />
        <AuthDialog />
        <ReauthenticateDialog />
        <Suspense fallback={null}>
          <OfflineStatus />
        </Suspense>
        <Toaster initial={root?.toast} />
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export { RouteErrorBoundary as ErrorBoundary };
