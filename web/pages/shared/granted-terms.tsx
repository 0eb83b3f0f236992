import type { ComponentChildren } from "preact";
import { formatDate, formatNumber } from "../../ui/format.js";
import type { PublicQuest } from "./public-reads.js";

/** What an approval may change in the quest asked for: its budget and its window. */
export type Terms = Pick<
  PublicQuest,
  "total_points" | "expected_points_per_completion" | "start" | "end"
>;

/** Marks a granted value that differs from the one asked for (each page says it its own way). */
export type Mark = (
  value: ComponentChildren,
  differs: boolean,
  askedFor: ComponentChildren,
) => ComponentChildren;

const span = (terms: Terms) => `${formatDate(terms.start)} – ${formatDate(terms.end)}`;

/**
 * The granted quest's total points, points per completion and window as `<dt>`/`<dd>` rows, each
 * marked where the operator changed what was asked: the applicant's page and the operator's
 * review show the same comparison.
 */
export function GrantedTermRows(props: { granted: Terms; asked: Terms; mark: Mark }) {
  const { granted, asked, mark } = props;
  return (
    <>
      <dt>Total points</dt>
      <dd>
        {mark(
          formatNumber(granted.total_points),
          granted.total_points !== asked.total_points,
          formatNumber(asked.total_points),
        )}
      </dd>
      <dt>Points per completion</dt>
      <dd>
        {mark(
          formatNumber(granted.expected_points_per_completion),
          granted.expected_points_per_completion !== asked.expected_points_per_completion,
          formatNumber(asked.expected_points_per_completion),
        )}
      </dd>
      <dt>Window</dt>
      <dd>
        {mark(
          span(granted),
          granted.start !== asked.start || granted.end !== asked.end,
          span(asked),
        )}
      </dd>
    </>
  );
}
