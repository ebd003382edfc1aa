import { Switch as RadixSwitch } from "radix-ui";
import { SwitchRow } from "./switch-row.tsx";

/** A labelled on/off switch that also submits with a plain form (value "on" when checked). */
export function Switch({
  name,
  label,
  description,
  defaultChecked,
  checked,
  onCheckedChange,
}: {
  name: string;
  label: string;
  description?: string;
  defaultChecked?: boolean;
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  return (
    <SwitchRow
      label={label}
      description={description}
      control={({ id, describedBy }) => (
        <RadixSwitch.Root
          id={id}
          name={name}
          defaultChecked={defaultChecked}
          checked={checked}
          onCheckedChange={onCheckedChange}
          aria-describedby={describedBy}
          className="relative h-6 w-11 shrink-0 rounded-full bg-slate-400 transition-colors data-[state=checked]:bg-brand-700"
        >
          <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
        </RadixSwitch.Root>
      )}
    />
  );
}
