import type { LucideIcon } from "lucide-react";
import { forwardRef } from "react";
import { Link } from "react-router";

const VARIANTS = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800 disabled:bg-slate-600",
  secondary: "bg-brand-50 text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-100",
  outline: "bg-white text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100",
  destructive: "bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:bg-slate-600",
  link: "text-brand-700 underline underline-offset-4 hover:text-brand-900",
  /** On the deep teal bands (hero, call to action). */
  inverse: "bg-white text-brand-900 shadow-sm hover:bg-brand-50",
  "outline-inverse": "text-white ring-1 ring-inset ring-brand-300 hover:bg-white/10",
} as const;

const SIZES = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-12 px-6 text-base",
  icon: "size-10",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

/**
 * The classes of a button, for links that look like buttons. Disabled buttons (a form while it
 * sends: "Signing in...") stay readable: solid slate, not faded, so the label keeps AA contrast.
 */
export function buttonClasses({
  variant = "primary",
  size = "md",
  className = "",
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}) {
  // A teal focus ring vanishes on the teal bands: the inverse buttons get the amber one.
  const focus = variant.endsWith("inverse") ? "focus-visible:outline-accent-300" : "focus-visible:outline-brand-600";
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 ${focus} disabled:cursor-not-allowed ${variant === "primary" || variant === "destructive" ? "" : "disabled:text-slate-600"} ${VARIANTS[variant]} ${variant === "link" ? "" : SIZES[size]} ${className}`;
}

export type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, className, type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClasses({ variant, size, className })} {...props} />;
});

/**
 * A link that looks like a button, with its icon before the label (size-5 on large buttons,
 * size-4 otherwise, unless `iconClassName` says).
 */
export function ButtonLink({
  icon: Icon,
  iconClassName,
  variant,
  size,
  className,
  children,
  ...link
}: React.ComponentProps<typeof Link> & {
  icon: LucideIcon;
  iconClassName?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <Link {...link} className={buttonClasses({ variant, size, className })}>
      <Icon aria-hidden="true" className={iconClassName ?? (size === "lg" ? "size-5" : "size-4")} />
      {children}
    </Link>
  );
}
