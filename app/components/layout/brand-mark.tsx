/**
 * The logo: a globe with an amber mark in its south-east quarter. Decorative beside the site name.
 * Drawn by the stylesheet from the favicon (app/app.css .brand-mark; the browser has it already),
 * so the drawing is not in the JavaScript every page loads first.
 */
export function BrandMark({ className = "size-8" }: { className?: string }) {
  return <span aria-hidden="true" className={`brand-mark inline-block ${className}`} />;
}
