import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

// A list of entries the consultant adds, reorders and removes (assignments, education), usable
// with a keyboard and a screen reader: every button names its entry ("Move assignment 2 up"),
// focus goes where the eye goes (the new entry's first field, the moved entry's button, the entry
// that took a removed one's place) and a polite live region says what happened. Without
// JavaScript the entries already saved stay editable; adding, moving and removing need it.

type Focus = { index: number; target: "first" | "up" | "down" | "heading" | "add" };

/** What a list calls its entries, in the page's language (the list's owner words them). */
export type ListWords = {
  idPrefix: string;
  addLabel: string;
  emptyText: string;
  /** An entry's heading: "Assignment 2". */
  heading: (position: number) => string;
  /** An entry inside a sentence or a button's name: "assignment 2" ("Move assignment 2 up"). */
  entry: (position: number) => string;
  /** Said when one is added: "Assignment added at the top of the list." */
  added: string;
  /** Said after a removal: "2 assignments left." */
  left: (count: number) => string;
};

export function RepeatableList({
  idPrefix,
  addLabel,
  emptyText,
  heading,
  entry,
  added,
  left: leftWords,
  items,
  onAdd,
  onRemove,
  onMove,
  onChange,
  children,
}: {
  /** One per entry, in order: its React key and what it is called now (its title, if typed). */
  items: { key: string; name: string }[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  /** After any change of the list (the draft keeps it). */
  onChange?: () => void;
  children: (index: number) => React.ReactNode;
} & ListWords) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [announcement, setAnnouncement] = useState("");
  const pendingFocus = useRef<Focus | null>(null);
  const keys = items.map((item) => item.key).join(",");

  useEffect(() => {
    const focus = pendingFocus.current;
    if (!focus) return;
    pendingFocus.current = null;
    const byId = (suffix: string) => document.getElementById(`${idPrefix}-${focus.index}-${suffix}`);
    const target =
      focus.target === "add"
        ? document.getElementById(`${idPrefix}-add`)
        : focus.target === "first"
          ? byId("body")?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")
          : focus.target === "heading"
            ? byId("heading")
            : (byId(focus.target) as HTMLButtonElement | null);
    const usable = target instanceof HTMLButtonElement && target.disabled ? byId("heading") : target;
    usable?.focus();
    onChange?.();
  }, [keys]);

  const label = (index: number) => entry(index + 1);
  const named = (index: number) => {
    const name = items[index]?.name.trim();
    const title = heading(index + 1);
    return name ? t`${title}, ${name},` : title;
  };

  function add() {
    pendingFocus.current = { index: 0, target: "first" };
    setAnnouncement(added);
    onAdd();
  }
  function move(index: number, to: number) {
    pendingFocus.current = { index: to, target: to < index ? "up" : "down" };
    const which = named(index);
    const position = to + 1;
    const count = items.length;
    setAnnouncement(
      to < index
        ? t`${which} moved up to position ${position} of ${count}.`
        : t`${which} moved down to position ${position} of ${count}.`,
    );
    onMove(index, to);
  }
  function remove(index: number) {
    const left = items.length - 1;
    pendingFocus.current = left === 0 ? { index: 0, target: "add" } : { index: Math.min(index, left - 1), target: "heading" };
    const which = named(index);
    const rest = leftWords(left);
    setAnnouncement(t`${which} removed. ${rest}`);
    onRemove(index);
  }

  return (
    <div className="grid gap-4">
      {hydrated && (
        <div>
          <Button id={`${idPrefix}-add`} variant="secondary" onClick={add}>
            <Plus aria-hidden="true" className="size-4" />
            {addLabel}
          </Button>
        </div>
      )}
      {items.length === 0 && <p className="text-sm text-muted">{emptyText}</p>}
      <ol className="grid gap-4">
        {items.map((item, index) => (
          <li key={item.key} className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 id={`${idPrefix}-${index}-heading`} tabIndex={-1} className="min-w-0 break-words font-semibold text-ink">
                {heading(index + 1)}
                {item.name.trim() && (
                  <span className="font-normal text-muted">
                    : <bdi>{item.name}</bdi>
                  </span>
                )}
              </h3>
              {hydrated && (
                <div className="flex gap-1">
                  <Button
                    id={`${idPrefix}-${index}-up`}
                    variant="outline"
                    size="icon"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                    <span className="sr-only">
                      <Trans>Move {label(index)} up</Trans>
                    </span>
                  </Button>
                  <Button
                    id={`${idPrefix}-${index}-down`}
                    variant="outline"
                    size="icon"
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                    <span className="sr-only">
                      <Trans>Move {label(index)} down</Trans>
                    </span>
                  </Button>
                  <Button variant="ghost" onClick={() => remove(index)} className="text-red-800">
                    <Trash2 aria-hidden="true" className="size-4" />
                    <Trans>
                      Remove<span className="sr-only"> {label(index)}</span>
                    </Trans>
                  </Button>
                </div>
              )}
            </div>
            <div id={`${idPrefix}-${index}-body`} className="mt-3">
              {children(index)}
            </div>
          </li>
        ))}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
