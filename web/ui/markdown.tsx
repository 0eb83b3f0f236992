import type { ComponentChildren, JSX } from "preact";
import { TableWrap } from "./tables.js";

/**
 * The small Markdown of the onboarding instructions as elements (never as HTML): headings
 * (shifted under the page's own), paragraphs, lists, fenced code, tables, `code` and **bold**.
 */
export function markdown(text: string): JSX.Element[] {
  const lines = text.split(/\r?\n/);
  const blocks: JSX.Element[] = [];
  let i = 0;
  const isBlockStart = (line: string) => /^(#{1,6}\s|```|[-*]\s|\|)/.test(line);
  while (i < lines.length) {
    const line = lines[i]!;
    const key = `b${i}`;
    if (line.trim() === "") {
      i++;
      continue;
    }
    if (line.startsWith("```")) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith("```")) code.push(lines[i++]!);
      i++;
      blocks.push(
        <pre key={key}>
          <code>{code.join("\n")}</code>
        </pre>,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(heading[1]!.length + 2, 6);
      const Tag = `h${level}` as "h3";
      blocks.push(<Tag key={key}>{inline(heading[2]!)}</Tag>);
      i++;
      continue;
    }
    if (line.startsWith("|")) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.startsWith("|")) {
        const cells = lines[i]!.replace(/^\||\|\s*$/g, "")
          .split("|")
          .map((cell) => cell.trim());
        if (!cells.every((cell) => /^:?-{3,}:?$/.test(cell))) rows.push(cells);
        i++;
      }
      const [head, ...body] = rows;
      blocks.push(
        <TableWrap key={key} label="A table of the instructions">
          <table class="stack-narrow">
            {head ? (
              <thead>
                <tr>
                  {head.map((cell, n) => (
                    <th key={n} scope="col">
                      {inline(cell)}
                    </th>
                  ))}
                </tr>
              </thead>
            ) : null}
            <tbody>
              {body.map((cells, r) => (
                <tr key={r}>
                  {cells.map((cell, n) => (
                    <td key={n} data-label={head?.[n]}>
                      {inline(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>,
      );
      continue;
    }
    if (/^[-*]\s/.test(line)) {
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        if (/^[-*]\s/.test(current)) items.push(current.replace(/^[-*]\s+/, ""));
        else if (/^\s+\S/.test(current) && items.length > 0) {
          items[items.length - 1] += ` ${current.trim()}`;
        } else break;
        i++;
      }
      blocks.push(
        <ul key={key}>
          {items.map((item, n) => (
            <li key={n}>{inline(item)}</li>
          ))}
        </ul>,
      );
      continue;
    }
    // The first line is this paragraph's whatever it looks like, so every turn moves on.
    const paragraph: string[] = [lines[i++]!.trim()];
    while (i < lines.length && lines[i]!.trim() !== "" && !isBlockStart(lines[i]!)) {
      paragraph.push(lines[i++]!.trim());
    }
    blocks.push(<p key={key}>{inline(paragraph.join(" "))}</p>);
  }
  return blocks;
}

/** `code` and **bold** within a line. */
function inline(text: string): ComponentChildren[] {
  return text
    .split(/(`[^`]+`|\*\*[^*]+\*\*)/)
    .filter((part) => part !== "")
    .map((part, n) => {
      if (part.startsWith("`") && part.endsWith("`") && part.length > 1) {
        return <code key={n}>{part.slice(1, -1)}</code>;
      }
      if (part.startsWith("**") && part.endsWith("**") && part.length > 3) {
        return <strong key={n}>{part.slice(2, -2)}</strong>;
      }
      return part;
    });
}
