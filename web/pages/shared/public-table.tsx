import type { ComponentChildren } from "preact";
import { type Column, TableHead, TableWrap } from "../../ui/tables.js";

/** A public table in its scrolling region, named by the heading `labelledBy` above it. */
export function PublicTable<T>(props: {
  label: string;
  labelledBy: string;
  columns: Column[];
  items: T[];
  row: (item: T) => ComponentChildren;
}) {
  return (
    <TableWrap label={props.label}>
      <table class="public-table" aria-labelledby={props.labelledBy}>
        <TableHead columns={props.columns} />
        <tbody>{props.items.map(props.row)}</tbody>
      </table>
    </TableWrap>
  );
}
