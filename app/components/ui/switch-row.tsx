import { useId } from "react";

/**
 * The row of an on/off switch: its label and optional description on the left, the control on
 * the right. `control` gets the id the label points at and the description's id, if any.
 */
export function SwitchRow({
  label,
  description,
  className = "",
  control,
}: {
  label: string;
  description?: string;
  className?: string;
  control: (ids: { id: string; describedBy: string | undefined }) => React.ReactNode;
}) {
  const id = useId();
  const describedBy = description ? `${id}-description` : undefined;
  return (
    <div className={`flex items-start justify-between gap-4 ${className}`}>
      <div>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {description && (
          <p id={describedBy} className="text-xs text-muted">
            {description}
          </p>
        )}
      </div>
      {control({ id, describedBy })}
    </div>
  );
}
