/** The line a list shows while its next page or tab loads; read out once by screen readers. */
export function LoadingText({ children }: { children: string }) {
  return (
    <p role="status" className="py-12 text-center text-sm font-medium text-muted">
      {children}
    </p>
  );
}
