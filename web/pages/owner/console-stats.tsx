import { useMemo } from "preact/hooks";
import { STATS_BUCKETS_MAX } from "../../../src/domain/limits.js";
import { countOf, formatDate, formatDay, formatNumber } from "../../ui/format.js";
import type { Loaded } from "../../ui/load.js";
import { Empty, ErrorBox, Loading } from "../../ui/status.js";
import { TableHead, TableWrap } from "../../ui/tables.js";
import type { Bucket, OwnedQuest, Reversal, ReversalsLoad, StatsRow } from "./console-answers.js";
import { type BurnDown, BurnDownChart } from "./console-chart.js";

/**
 * A quest's burn-down in the owner console: the points remaining over time, worked out from the
 * statistics (`GET /quests/{id}/stats`) and the reversals, as a chart with its caption and the
 * same numbers as a table.
 */

const BUCKET_MS: Record<Bucket, number> = { hour: 3_600_000, day: 86_400_000 };

interface BurnDownRow {
  /** The bucket's start. */
  at: string;
  payouts: number;
  /** Points the bucket's payouts paid (reversed ones included: `/stats` counts them). */
  points: number;
  reversals: number;
  /** Points the bucket's reversals gave back. */
  reversed: number;
  /** What was left at the bucket's end. */
  remaining: number;
}

interface BurnDownInput {
  rows: StatsRow[];
  reversals: Reversal[];
  /** The budget as the quest's detail says it now: total and points remaining. */
  total: number;
  remaining: number;
  quest: { start: string; end: string };
  bucketMs: number;
  /** The statistics cover only the latest STATS_BUCKETS_MAX buckets, not the whole quest. */
  truncated: boolean;
  now?: number;
}

/**
 * Points remaining over time, as the budget counts them: the payouts of each bucket (`/stats`,
 * which counts every payout, reversed or not) take points away, and each reversal puts its
 * payout's amount back in the bucket it was made in, as `points_remaining` does. So the line ends
 * where the budget is. It starts at the total from the quest's start; when the statistics reach
 * back only part of the way, at what was left at their first bucket (worked back from the budget).
 * A bucket's change is known only once it is over, so it is drawn at its end (or now, for the
 * bucket under way).
 */
function burnDown(input: BurnDownInput): { chart: BurnDown; rows: BurnDownRow[]; base: number } {
  const { bucketMs, quest } = input;
  const now = input.now ?? Date.now();
  const buckets = new Map<number, Omit<BurnDownRow, "remaining" | "at">>();
  const bucketOf = (ms: number) => {
    const at = Math.floor(ms / bucketMs) * bucketMs;
    let row = buckets.get(at);
    if (!row) {
      row = { payouts: 0, points: 0, reversals: 0, reversed: 0 };
      buckets.set(at, row);
    }
    return row;
  };
  for (const row of input.rows) {
    const bucket = bucketOf(Date.parse(row.at));
    bucket.payouts += row.payouts;
    bucket.points += row.points;
  }
  // The first bucket the statistics cover: reversals before it are in the budget already.
  const first = input.truncated
    ? Math.floor(now / bucketMs) * bucketMs - (STATS_BUCKETS_MAX - 1) * bucketMs
    : Number.NEGATIVE_INFINITY;
  for (const reversal of input.reversals) {
    const at = Date.parse(reversal.created_at);
    if (at < first) continue;
    const bucket = bucketOf(at);
    bucket.reversals += 1;
    bucket.reversed += reversal.amount;
  }
  const ordered = [...buckets.entries()].sort(([a], [b]) => a - b);
  const paid = ordered.reduce((sum, [, row]) => sum + row.points, 0);
  const back = ordered.reduce((sum, [, row]) => sum + row.reversed, 0);
  const base = input.truncated ? input.remaining + paid - back : input.total;
  const start = input.truncated ? first : Date.parse(quest.start);
  const xs: number[] = [start / 1000];
  const ys: number[] = [base];
  const table: BurnDownRow[] = [];
  let remaining = base;
  for (const [at, row] of ordered) {
    remaining += row.reversed - row.points;
    table.push({ at: new Date(at).toISOString(), ...row, remaining });
    const x = Math.max(Math.min(at + bucketMs, now), start) / 1000;
    if (x > xs[xs.length - 1]!) {
      xs.push(x);
      ys.push(remaining);
    } else {
      ys[ys.length - 1] = remaining;
    }
  }
  // To now, or to the quest's end once it is over (a reversal may come later still).
  const until = Math.min(now, Date.parse(quest.end)) / 1000;
  if (until > xs[xs.length - 1]!) {
    xs.push(until);
    ys.push(remaining);
  }
  return { chart: { xs, ys }, rows: table, base };
}

function bucketLabel(iso: string, bucket: Bucket): string {
  if (bucket === "hour") return formatDate(iso);
  return formatDay(iso);
}

export function StatsView(props: {
  stats: Loaded<StatsRow[]>;
  reversals: ReversalsLoad;
  bucket: Bucket;
  quest: OwnedQuest;
  total: number;
  remaining: number;
  onRetry: () => void;
}) {
  const { stats, reversals, bucket, quest, total, remaining } = props;
  const rows = stats.state === "ok" ? stats.data : undefined;
  const reversalList = useMemo(
    () => (reversals.state === "ok" ? [...reversals.data.byPayout.values()] : undefined),
    [reversals],
  );
  const truncated = Date.now() - Date.parse(quest.start) > STATS_BUCKETS_MAX * BUCKET_MS[bucket];
  const computed = useMemo(
    () =>
      rows && reversalList
        ? burnDown({
            rows,
            reversals: reversalList,
            total,
            remaining,
            quest,
            bucketMs: BUCKET_MS[bucket],
            truncated,
          })
        : undefined,
    [rows, reversalList, total, remaining, quest, bucket, truncated],
  );
  if (stats.state === "error") {
    return <ErrorBox error={stats.error} what="the burn-down chart" onRetry={props.onRetry} />;
  }
  // The reversals' own failure is shown with the payouts; the chart cannot be right without them.
  if (reversals.state === "error") {
    return <p class="hint">The burn-down chart needs the quest's reversals, which did not load.</p>;
  }
  if (!computed) return <Loading what="the burn-down chart" />;
  if (computed.rows.length === 0) {
    return <Empty>No payouts yet: the burn-down chart starts with the first payout.</Empty>;
  }
  const unit = bucket === "hour" ? "hour" : "day";
  const paidPoints = computed.rows.reduce((sum, row) => sum + row.points, 0);
  const payouts = computed.rows.reduce((sum, row) => sum + row.payouts, 0);
  const reversedPoints = computed.rows.reduce((sum, row) => sum + row.reversed, 0);
  const reversalCount = computed.rows.reduce((sum, row) => sum + row.reversals, 0);
  const last = computed.rows[computed.rows.length - 1]!;
  const captionId = `quest-${quest.id}-chart-caption`;
  const buckets = countOf(computed.rows.length, unit);
  return (
    <figure class="console-figure" aria-labelledby={captionId}>
      <figcaption id={captionId}>
        Points remaining in {quest.name} by {unit} (UTC): {formatNumber(computed.base)} at the
        start, {formatNumber(last.remaining)} after {countOf(payouts, "payout")} of{" "}
        {countOf(paidPoints, "point")}
        {reversalCount > 0
          ? ` and ${countOf(reversalCount, "reversal")} giving back ${countOf(reversedPoints, "point")}`
          : ""}{" "}
        in {buckets}.
      </figcaption>
      {truncated ? (
        <p class="hint">
          Only the latest {formatNumber(STATS_BUCKETS_MAX)} {unit}s are counted; choose Daily to see
          the whole quest.
        </p>
      ) : null}
      {reversals.state === "ok" && !reversals.data.complete ? (
        <p class="hint">
          Only the latest reversals are counted: the line may end above or below the budget.
        </p>
      ) : null}
      <BurnDownChart data={computed.chart} total={Math.max(total, computed.base)} />
      <details class="console-details">
        <summary>The chart's numbers as a table ({buckets} with payouts or reversals)</summary>
        <TableWrap label={`Payouts of ${quest.name} per ${unit}`}>
          <table>
            <caption class="visually-hidden">
              Payouts and reversals of {quest.name} per {unit}, oldest first
            </caption>
            <TableHead
              columns={[
                bucket === "hour" ? "Hour (UTC)" : "Day (UTC)",
                { label: "Payouts", num: true },
                { label: "Points paid", num: true },
                { label: "Points reversed", num: true },
                { label: "Points remaining", num: true },
              ]}
            />
            <tbody>
              {computed.rows.map((row) => (
                <tr key={row.at}>
                  <td>{bucketLabel(row.at, bucket)}</td>
                  <td class="num">{formatNumber(row.payouts)}</td>
                  <td class="num">{formatNumber(row.points)}</td>
                  <td class="num">{formatNumber(row.reversed)}</td>
                  <td class="num">{formatNumber(row.remaining)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </details>
    </figure>
  );
}
