// The one table of the admin tabs: a caption, a header row, an empty row, and one row per item.
// Columns say how to draw their cell; the row's heading cell names the row for screen readers
// (`rowHeader`). From the `sm` breakpoint it is a table that scrolls sideways inside a framed
// region when it is wider than the page (the region takes the keyboard focus, so arrow keys
// scroll it). On a phone every row stacks into a card: the heading cell on top, each other cell
// under its column's name, and the row's actions across the card's width, so nothing needs
// sideways scrolling. The explicit roles keep the table's semantics when CSS changes its display.

export type Column<Row> = {
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** The cell that names the row: drawn as <th scope="row">, the card's title on a phone. */
  rowHeader?: boolean;
  /** The row's actions: right-aligned in the table, a wrapping row of buttons on a phone. */
  actions?: boolean;
  /** Keeps the cell on one line where the table has room (dates); on a phone it wraps. */
  nowrap?: boolean;
  /** Extra classes for the cell. */
  className?: string;
};

const classes = {
  region:
    "mt-4 rounded-xl sm:overflow-x-auto sm:border sm:border-slate-200 sm:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
  table: "w-full text-left text-sm max-sm:block sm:min-w-full sm:divide-y sm:divide-slate-200",
  head: "bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700 max-sm:sr-only",
  th: "px-4 py-3",
  body: "max-sm:grid max-sm:gap-3 sm:divide-y sm:divide-slate-100",
  row: "max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-4 sm:hover:bg-slate-50/60",
  cell: "align-top max-sm:block sm:px-4 sm:py-3",
  // A phone shows each value under its column's name; the table's header row says it elsewhere.
  labelled: "max-sm:grid max-sm:grid-cols-[minmax(0,7rem)_minmax(0,1fr)] max-sm:gap-x-3 max-sm:py-1",
  title: "max-sm:pb-2 max-sm:text-base",
  actions:
    "sm:text-right sm:whitespace-nowrap max-sm:mt-3 max-sm:border-t max-sm:border-slate-100 max-sm:pt-3 max-sm:[&>div]:flex max-sm:[&>div]:flex-wrap",
};

/**
 * The table's own roles, said explicitly: a phone shows the rows as cards (display: block), and
 * some browsers drop a table's semantics when its display changes.
 */
const ROLES = {
  table: "table",
  rowgroup: "rowgroup",
  row: "row",
  columnheader: "columnheader",
  rowheader: "rowheader",
  cell: "cell",
} as const;

function cellClasses<Row>(column: Column<Row>): string {
  const shape = column.rowHeader ? classes.title : column.actions ? classes.actions : classes.labelled;
  return `${classes.cell} ${shape} ${column.nowrap ? "sm:whitespace-nowrap" : ""} ${column.className ?? ""}`;
}

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
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard (axe scrollable-region-focusable).
    <section className={classes.region} aria-label={caption} tabIndex={0}>
      <table role={ROLES.table} className={classes.table}>
        <caption className="sr-only">{caption}</caption>
        <thead role={ROLES.rowgroup} className={classes.head}>
          <tr role={ROLES.row}>
            {columns.map((column) => (
              <th
                key={column.header}
                role={ROLES.columnheader}
                scope="col"
                className={`${classes.th} ${column.actions ? "text-right" : ""}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role={ROLES.rowgroup} className={classes.body}>
          {rows.length === 0 && (
            <tr role={ROLES.row} className="max-sm:block">
              <td role={ROLES.cell} colSpan={columns.length} className="px-4 py-10 text-center text-sm text-muted max-sm:block">
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={rowKey(row)} role={ROLES.row} className={classes.row} aria-busy={isRowBusy?.(row) || undefined}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} role={ROLES.rowheader} scope="row" className={cellClasses(column)}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} role={ROLES.cell} className={cellClasses(column)}>
                    {!column.actions && (
                      <span aria-hidden="true" className="font-medium text-muted sm:hidden">
                        {column.header}
                      </span>
                    )}
                    {column.actions ? column.cell(row) : <div className="min-w-0">{column.cell(row)}</div>}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
