import { Tabs as RadixTabs } from "radix-ui";

export const Tabs = RadixTabs.Root;
export const TabsContent = RadixTabs.Content;

export function TabsList({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <RadixTabs.List aria-label={label} className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1">
      {children}
    </RadixTabs.List>
  );
}

export function TabsTrigger({ value, children }: { value: string; children: React.ReactNode }) {
  return (
    <RadixTabs.Trigger
      value={value}
      className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-800 data-[state=active]:shadow-sm"
    >
      {children}
    </RadixTabs.Trigger>
  );
}
