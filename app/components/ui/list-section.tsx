import type { ReactNode } from "react";

/**
 * A part of a page named by its h2 that lists things (an organization's open opportunities, its
 * members and its reviews; your organizations; the reports waiting for an admin), or says in a
 * sentence that there are none.
 */
export function ListSection<Item>({
  id,
  title,
  className = "mt-6",
  items,
  empty,
  listClassName = "mt-2",
  children,
}: {
  /** The heading's id (the section is named by it). */
  id: string;
  title: ReactNode;
  /** The section's spacing (mt-6 by default) and frame. */
  className?: string;
  items: readonly Item[];
  /** The sentence shown instead of the list when there is nothing in it. */
  empty: ReactNode;
  listClassName?: string;
  /** One item's <li>. */
  children: (item: Item, index: number) => ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {items.length === 0 ? <p className="mt-2 text-muted">{empty}</p> : <ul className={listClassName}>{items.map(children)}</ul>}
    </section>
  );
}
