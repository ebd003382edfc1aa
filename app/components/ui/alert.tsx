import { CircleAlert, Info } from "lucide-react";

/** An inline notice; `role="alert"` only for errors that appear after an action. */
export function Alert({
  tone = "info",
  title,
  children,
  live = false,
}: {
  tone?: "info" | "warning" | "error";
  title?: string;
  children?: React.ReactNode;
  live?: boolean;
}) {
  const styles = {
    info: "border-brand-200 bg-brand-50 text-brand-900",
    warning: "border-accent-500/40 bg-accent-100 text-accent-700",
    error: "border-red-200 bg-red-50 text-red-800",
  }[tone];
  const Icon = tone === "info" ? Info : CircleAlert;
  return (
    <div className={`flex gap-3 rounded-xl border p-4 ${styles}`} role={live ? "alert" : undefined}>
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="text-sm">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? "mt-1" : ""}>{children}</div>}
      </div>
    </div>
  );
}

/** A form's own error (not a field's), announced when it appears; `id` lets the form point at it. */
export function FormErrorAlert({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div id={id}>
      <Alert tone="error" live>
        {errors[0]}
      </Alert>
    </div>
  );
}
