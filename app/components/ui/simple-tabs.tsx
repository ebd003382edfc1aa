import { createContext, useContext, useId } from "react";
import { arrowKeyTarget } from "./arrow-keys.ts";

// Tabs by hand (the WAI-ARIA tabs pattern with automatic activation), for the sign-in forms on
// public pages: Radix's Tabs with its roving focus and collection cost 6 KB of the sign-in page's
// first load. A tablist of tab buttons (aria-selected, aria-controls; only the selected one in the
// tab order), the arrow keys, Home and End move to another tab and select it, and only the
// selected panel is rendered (a tabpanel labelled by its tab). The look is the same as
// ui/tabs.tsx (Radix, kept for the admin dashboard's manual activation).

type TabsState = { id: string; value: string; select: (value: string) => void };

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const tabs = useContext(TabsContext);
  if (!tabs) throw new Error("Tabs parts must be inside <Tabs>");
  return tabs;
}

const tabId = (tabs: TabsState, value: string) => `${tabs.id}-tab-${value}`;
const panelId = (tabs: TabsState, value: string) => `${tabs.id}-panel-${value}`;

export function Tabs({
  value,
  onValueChange,
  children,
}: {
  value: string;
  onValueChange: (value: string) => void;
  children: React.ReactNode;
}) {
  const id = useId();
  return <TabsContext value={{ id, value, select: onValueChange }}>{children}</TabsContext>;
}

/** Arrow keys (wrapping round), Home and End: the focus moves to another tab, which is selected. */
function moveBetweenTabs(event: React.KeyboardEvent<HTMLDivElement>) {
  const next = arrowKeyTarget<HTMLButtonElement>(event, "[role=tab]", "horizontal");
  next?.focus();
  next?.click();
}

export function TabsList({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      onKeyDown={moveBetweenTabs}
      className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1"
    >
      {children}
    </div>
  );
}

export function TabsTrigger({ value, children }: { value: string; children: React.ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs, value)}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? "active" : "inactive"}
      onClick={() => {
        if (!selected) tabs.select(value);
      }}
      className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
    >
      {children}
    </button>
  );
}

export function TabsContent({ value, className, children }: { value: string; className?: string; children: React.ReactNode }) {
  const tabs = useTabs();
  if (tabs.value !== value) return null;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern puts the panel in the tab order (as Radix did).
    <div role="tabpanel" id={panelId(tabs, value)} aria-labelledby={tabId(tabs, value)} tabIndex={0} className={className}>
      {children}
    </div>
  );
}
