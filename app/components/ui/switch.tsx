import { SwitchRow } from "./switch-row.tsx";

/**
 * A labelled on/off switch drawn over a real checkbox (`role="switch"`), so it toggles and submits
 * without JavaScript too: "true" when on, the hidden "false" before it when off (a form's last
 * value wins, as booleanField reads it).
 */
export function Switch({
  name,
  label,
  description,
  defaultChecked,
  className,
}: {
  name: string;
  label: string;
  description?: string;
  defaultChecked?: boolean;
  /** The row's own spacing (the profile form's rows are padded between their dividers). */
  className?: string;
}) {
  return (
    <SwitchRow
      label={label}
      description={description}
      className={className}
      control={({ id, describedBy }) => (
        <span className="relative inline-flex shrink-0">
          <input type="hidden" name={name} value="false" />
          <input
            id={id}
            type="checkbox"
            // biome-ignore lint/a11y/useAriaPropsForRole: a checkbox's own checked state is its aria-checked (ARIA in HTML); a fixed one would lie once toggled.
            role="switch"
            name={name}
            value="true"
            defaultChecked={defaultChecked}
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
