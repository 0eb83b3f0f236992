/**
 * Tables as every list page shows them: in a scrolling region, under their column headings; and
 * read as blocks on a phone (`stack-narrow`: one block a row, each cell named by its column).
 */
import { type ComponentChildren, cloneElement, isValidElement, toChildArray } from "preact";

/**
 * A table that may scroll sideways on a narrow screen: a labelled region that takes the focus,
 * so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function TableWrap(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
    <section class="table-wrap" aria-label={props.label} tabIndex={0}>
      {props.children}
    </section>
  );
}

/** A column heading; numbers are right-aligned. */
export type Column = string | { label: string; num: true };

const columnLabel = (column: Column) => (typeof column === "string" ? column : column.label);

/** A table's column headings, one row of `th scope="col"`. */
export function TableHead(props: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {props.columns.map((column) => {
          const { label, num } =
            typeof column === "string" ? { label: column, num: false } : column;
          return (
            <th key={label} scope="col" class={num ? "num" : undefined}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/**
 * A row (`<tr>`) whose cells are named by their columns, in order (`data-label`), for
 * `stack-narrow` to show each cell's column before it when the table is read as blocks. A cell
 * that names itself keeps its name; anything but a row is left as it is.
 */
export function labelCells(row: ComponentChildren, columns: Column[]): ComponentChildren {
  if (!isValidElement(row) || row.type !== "tr") return row;
  let column = 0;
  const cells = toChildArray((row.props as { children?: ComponentChildren }).children).map(
    (cell) => {
      if (!isValidElement(cell) || cell.type !== "td") return cell;
      const heading = columns[column++];
      if (heading === undefined || "data-label" in (cell.props as object)) return cell;
      return cloneElement(cell, { "data-label": columnLabel(heading) });
    },
  );
  return cloneElement(row, {}, cells);
}

/**
 * A table of rows in its region, under its caption and column headings, read as blocks on a
 * phone: every cell named by its column (`labelCells`), so no column is clipped out of sight.
 */
export function StackedTable<T>(props: {
  label: string;
  caption: ComponentChildren;
  captionClass?: string;
  class?: string;
  columns: Column[];
  items: T[];
  row: (item: T) => ComponentChildren;
}) {
  return (
    <TableWrap label={props.label}>
      <table class={props.class ? `stack-narrow ${props.class}` : "stack-narrow"}>
        <caption class={props.captionClass}>{props.caption}</caption>
        <TableHead columns={props.columns} />
        <tbody>{props.items.map((item) => labelCells(props.row(item), props.columns))}</tbody>
      </table>
    </TableWrap>
  );
}
