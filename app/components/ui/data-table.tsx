// The table shell of the admin tabs: one caption, a header row, an empty row, and one row per
// item. Columns say how to draw their cell; the row's first heading cell names the row for
// screen readers (`rowHeader`).

export type Column<Row> = {
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** The cell that names the row: drawn as <th scope="row">. */
  rowHeader?: boolean;
  align?: "start" | "end";
  /** Extra classes for the cell (e.g. "whitespace-nowrap"). */
  className?: string;
};

const classes = {
  wrapper: "mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white",
  table: "min-w-full divide-y divide-slate-200 text-left text-sm",
  head: "bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700",
  th: "px-4 py-3",
  td: "px-4 py-3 align-top",
  row: "hover:bg-slate-50/60",
};

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  isRowBusy,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** What the table says when it has no rows. */
  empty: string;
  /** A row whose action is under way says so (aria-busy). */
  isRowBusy?: (row: Row) => boolean;
}) {
  return (
    <div className={classes.wrapper}>
      <table className={classes.table}>
        <caption className="sr-only">{caption}</caption>
        <thead className={classes.head}>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`${classes.th} ${column.align === "end" ? "text-right" : ""}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center text-sm text-muted">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={rowKey(row)} className={classes.row} aria-busy={isRowBusy?.(row) || undefined}>
              {columns.map((column) => {
                const className = `${classes.td} ${column.align === "end" ? "text-right" : ""} ${column.className ?? ""}`;
                return column.rowHeader ? (
                  <th key={column.header} scope="row" className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={className}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
