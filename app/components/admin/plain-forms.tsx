import { createContext, type ReactNode, useContext } from "react";
import { Link, useHref } from "react-router";
import { buttonClasses } from "../ui/button.tsx";
import {
  ADMIN_TABS,
  type AdminIntent,
  type AdminPlace,
  ASK_ANCHOR,
  type AskingIntent,
  adminHref,
  adminParams,
} from "./admin-tabs.ts";

// The admin tables' actions without JavaScript (progressive enhancement). Each row action's
// button sits in a plain form, so it does something before (or without) the page's scripts:
// - an action that asks first (delete, hide, promote, End sessions …) is a GET form that opens the
//   same question in the page (`?confirm=<intent>&id=<id>`, app/components/admin/ask-panel.tsx);
// - an action that does not (approve) posts to /admin's action with `back`, which then redirects
//   back here with the toast.
// With JavaScript the button's click handler prevents the form and opens the dialog or sends the
// fetcher, as before. A plain form's action is hand-built, so it takes the page's language prefix
// through useHref (/th/admin stays Thai); `back` stays unprefixed: the action's redirect adds it.

const AdminPlaceContext = createContext<AdminPlace>({ tab: ADMIN_TABS[0], filters: { search: "" }, page: 1 });

export const AdminPlaceProvider = AdminPlaceContext.Provider;

export function useAdminPlace(): AdminPlace {
  return useContext(AdminPlaceContext);
}

/** The place's address: where a plain form comes back to. */
export function useAdminBack(): string {
  const place = useAdminPlace();
  return adminHref(place.tab, place.filters, place.page);
}

/**
 * A row action that asks first: a GET form whose button (`name="confirm"`, `value` the intent)
 * opens the question about row `id` in the page.
 */
export function AskForm({ id, children }: { id: number; children: ReactNode }) {
  const { tab, filters, page } = useAdminPlace();
  const action = useHref(`/admin#${ASK_ANCHOR}`);
  return (
    <form method="get" action={action} className="contents">
      {[...adminParams(tab, filters, page)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="id" value={id} />
      {children}
    </form>
  );
}

/** A row action that needs no question (approve): posts `intent` for row `id`, and comes back here. */
export function DoForm({ intent, id, children }: { intent: AdminIntent; id: number; children: ReactNode }) {
  const back = useAdminBack();
  const action = useHref(back);
  return (
    <form method="post" action={action} className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      {children}
    </form>
  );
}

/** What a row button's click does with JavaScript: not the plain form, but `act()` (a dialog, a fetcher). */
export function instead(act: () => void) {
  return (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    act();
  };
}

/** The button of an AskForm: it sends which question to open. */
export function askButton(intent: AskingIntent) {
  return { type: "submit", name: "confirm", value: intent } as const;
}

/**
 * What a dialog shows, in the page itself for a page without JavaScript (a question, a review):
 * a titled section at the anchor the row's GET form scrolls to, its buttons closed by a link back
 * to the table (`leave`: Cancel or Close).
 */
export function InPagePanel({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = `${ASK_ANCHOR}-title`;
  return (
    <section
      id={ASK_ANCHOR}
      aria-labelledby={titleId}
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An in-page panel's buttons, the link back to the table first on a phone's last line. */
export function InPageActions({ leave, children }: { leave: ReactNode; children: ReactNode }) {
  const back = useAdminBack();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Link to={back} className={buttonClasses({ variant: "outline" })} preventScrollReset>
        {leave}
      </Link>
      {children}
    </div>
  );
}
