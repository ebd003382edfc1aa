import type { ComponentProps } from "react";
import { DataTable } from "../ui/data-table.tsx";

/** An admin tab's table (ui/data-table.tsx): every row is a record named by its id. */
export function AdminTable<Row extends { id: number }>(props: Omit<ComponentProps<typeof DataTable<Row>>, "rowKey">) {
  return <DataTable {...props} rowKey={(row) => row.id} />;
}
