import { CardSection } from "#app/components/ui/card-section.tsx";
import { SwitchRow } from "#app/components/ui/switch-row.tsx";

// The profile form's building blocks: its titled sections and its on/off switches.

export function isOn(value: unknown): boolean {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === true || last === "true" || last === "on";
}

export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** An on/off control drawn as a switch over a real checkbox: works without JavaScript, submits "false" when off. */
export function ToggleField({
  name,
  label,
  description,
  checked,
}: {
  name: string;
  label: string;
  description: string;
  checked: boolean;
}) {
  return (
    <SwitchRow
      label={label}
      description={description}
      className="py-3"
      control={({ id, describedBy }) => (
        <span className="relative inline-flex shrink-0">
          <input type="hidden" name={name} value="false" />
          <input
            id={id}
            type="checkbox"
            name={name}
            value="true"
            defaultChecked={checked}
            aria-describedby={describedBy}
            className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
          />
          <span
            aria-hidden="true"
            className="h-6 w-11 rounded-full bg-slate-500 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
          />
          <span
            aria-hidden="true"
            className="absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
          />
        </span>
      )}
    />
  );
}

export function FormSection({
  title,
  description,
  children,
  grid = true,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  grid?: boolean;
}) {
  return (
    <CardSection
      title={title}
      description={description}
      className="min-w-0 p-4 sm:p-6"
      bodyClassName={grid ? "mt-4 grid gap-5 sm:grid-cols-2" : "mt-4"}
    >
      {children}
    </CardSection>
  );
}
