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

export function RepeatableList({
  idPrefix,
  noun,
  plural,
  addLabel,
  emptyText,
  items,
  onAdd,
  onRemove,
  onMove,
  onChange,
  children,
}: {
  idPrefix: string;
  /** "assignment": in button names and announcements. */
  noun: string;
  plural: string;
  addLabel: string;
  emptyText: string;
  /** One per entry, in order: its React key and what it is called now (its title, if typed). */
  items: { key: string; name: string }[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  /** After any change of the list (the draft keeps it). */
  onChange?: () => void;
  children: (index: number) => React.ReactNode;
}) {
  const hydrated = useHydrated();
  const [announcement, setAnnouncement] = useState("");
  const pendingFocus = useRef<Focus | null>(null);
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
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

  const label = (index: number) => `${noun} ${index + 1}`;
  const named = (index: number) => {
    const name = items[index]?.name.trim();
    return name ? `${Noun} ${index + 1}, ${name},` : `${Noun} ${index + 1}`;
  };

  function add() {
    pendingFocus.current = { index: 0, target: "first" };
    setAnnouncement(`${Noun} added at the top of the list.`);
    onAdd();
  }
  function move(index: number, to: number) {
    pendingFocus.current = { index: to, target: to < index ? "up" : "down" };
    setAnnouncement(`${named(index)} moved ${to < index ? "up" : "down"} to position ${to + 1} of ${items.length}.`);
    onMove(index, to);
  }
  function remove(index: number) {
    const left = items.length - 1;
    pendingFocus.current = left === 0 ? { index: 0, target: "add" } : { index: Math.min(index, left - 1), target: "heading" };
    setAnnouncement(`${named(index)} removed. ${left} ${left === 1 ? noun : plural} left.`);
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
                {Noun} {index + 1}
                {item.name.trim() && <span className="font-normal text-muted">: {item.name}</span>}
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
                    <span className="sr-only">Move {label(index)} up</span>
                  </Button>
                  <Button
                    id={`${idPrefix}-${index}-down`}
                    variant="outline"
                    size="icon"
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                    <span className="sr-only">Move {label(index)} down</span>
                  </Button>
                  <Button variant="ghost" onClick={() => remove(index)} className="text-red-800">
                    <Trash2 aria-hidden="true" className="size-4" />
                    Remove<span className="sr-only"> {label(index)}</span>
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
