import { CardSection } from "#app/components/ui/card-section.tsx";

// The profile form's building blocks: its titled sections and what its fields' values read as.

export function isOn(value: unknown): boolean {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === true || last === "true" || last === "on";
}

export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
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
      className="min-w-0 p-4 shadow-sm sm:p-6"
      bodyClassName={grid ? "mt-4 grid gap-5 sm:grid-cols-2" : "mt-4"}
    >
      {children}
    </CardSection>
  );
}
