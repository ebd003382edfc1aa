/** A column's label; `{ hidden }` names a column (of buttons, say) for screen readers only. */
export type ColumnLabel = string | { hidden: string };

/**
 * The top of a plain <table> (the admin's organizations and zero-result searches): its caption
 * for screen readers, then one header row with a column header (th scope="col") per label.
 */
export function TableHead({
  caption,
  columns,
  className,
  cellClassName,
}: {
  caption: string;
  columns: readonly ColumnLabel[];
  /** The class of the <thead>. */
  className: string;
  cellClassName: string;
}) {
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead className={className}>
        <tr>
          {columns.map((column) =>
            typeof column === "string" ? (
              <th key={column} scope="col" className={cellClassName}>
                {column}
              </th>
            ) : (
              <th key={column.hidden} scope="col" className={cellClassName}>
                <span className="sr-only">{column.hidden}</span>
              </th>
            ),
          )}
        </tr>
      </thead>
    </>
  );
}
