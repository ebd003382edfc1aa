import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { appContext } from "./context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const { config, nonce } = context.get(appContext);
  return { siteName: config.siteName, publicUrl: config.publicUrl, nonce };
}

/**
 * The root's data (site name, address, CSP nonce) does not change as a visitor moves between
 * pages; only an action can change what it shows. Not reloading it on every navigation keeps a
 * search's requests small, and lets a failed search show the page's own error state.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== "GET" ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const siteName = data?.siteName ?? "DevConsult SEA";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#11665e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links nonce={data?.nonce} />
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <SiteHeader siteName={siteName} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter siteName={siteName} />
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading =
    status === 404
      ? "404 Page Not Found"
      : status === 403
        ? "You do not have access to this page"
        : status === 401
          ? "Please sign in"
          : "Something went wrong";
  const text =
    status === 404
      ? "The page you are looking for does not exist or has moved."
      : status >= 500
        ? "An unexpected error occurred on our side. Please try again in a moment."
        : isRouteErrorResponse(error) && typeof error.data === "string"
          ? error.data
          : "This request could not be completed.";
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{`${heading} | DevConsult SEA`}</title>
      <h1 className="text-3xl font-bold text-ink">{heading}</h1>
      <p className="mt-4 text-muted">{text}</p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Go to Home
      </a>
    </section>
  );
}
