import type { ReactNode } from "react";
import { Link } from "react-router";

/** A link inside a sentence: underlined, so it is told from the text by more than its colour. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
      {children}
    </Link>
  );
}
