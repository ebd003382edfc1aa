/** The top of a signed-in page (or an e-mailed link's, such as a reference request): its one h1 and a sentence on what the page is for. */
export function PageHeading({ title, children }: { title: React.ReactNode; children: React.ReactNode }) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
      <p className="mt-2 text-muted">{children}</p>
    </>
  );
}
