/** The logo: a globe with an amber mark in its south-east quarter. Decorative beside the site name. */
export function BrandMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="8" fill="#11665e" />
      <g fill="none" stroke="#fff" strokeWidth="1.8">
        <circle cx="15" cy="15" r="9" />
        <path d="M6 15h18M15 6c-2.8 2.6-4 5.6-4 9s1.2 6.4 4 9M15 6c2.8 2.6 4 5.6 4 9s-1.2 6.4-4 9" />
      </g>
      <circle cx="22.5" cy="22" r="4" fill="#f6c56b" stroke="#11665e" strokeWidth="1.6" />
    </svg>
  );
}
