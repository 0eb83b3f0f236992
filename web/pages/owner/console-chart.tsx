import "uplot/dist/uPlot.min.css";
import { useEffect, useRef } from "preact/hooks";
import uPlot from "uplot";

/** Times in Unix seconds (uPlot's unit) and the points remaining from each on. */
export interface BurnDown {
  xs: number[];
  ys: number[];
}

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
const DAY_SECONDS = 86_400;

/**
 * The time axis's labels in UTC, as the rest of the page writes dates: "14:00", with the day
 * ("23 Nov") under the first label of each day; days alone when the ticks are a day or more apart.
 */
function timeLabels(splits: number[], increment: number): string[] {
  let lastDay = "";
  return splits.map((seconds) => {
    const date = new Date(seconds * 1000);
    const day = `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
    if (increment >= DAY_SECONDS) return day;
    const hh = String(date.getUTCHours()).padStart(2, "0");
    const mm = String(date.getUTCMinutes()).padStart(2, "0");
    const label = day === lastDay ? `${hh}:${mm}` : `${hh}:${mm}\n${day}`;
    lastDay = day;
    return label;
  });
}

/** Smaller on a phone, so the page below stays in reach. */
const chartHeight = (width: number) => (width < 500 ? 200 : 260);

/**
 * The burn-down of a quest's budget as a uPlot step line, sized to its container's width (and
 * resized with it). Drawn on a canvas: it is hidden from assistive technology, and the caller
 * gives the text alternative (a caption and a table of the same numbers).
 */
export function BurnDownChart(props: { data: BurnDown; total: number }) {
  const container = useRef<HTMLDivElement>(null);
  const { data, total } = props;
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const width = () => Math.max(element.clientWidth, 120);
    const options: uPlot.Options = {
      width: width(),
      height: chartHeight(width()),
      // The page shows every time in UTC; so does the chart (its ticks fall on UTC hours).
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC"),
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      scales: {
        x: { time: true },
        y: { range: () => [0, Math.max(total, 1)] },
      },
      axes: [
        {
          stroke: "#4a5560",
          values: (_plot, splits, _axis, _space, increment) => timeLabels(splits, increment),
          grid: { stroke: "#e3e8ee", width: 1 },
          ticks: { stroke: "#c9d1da", width: 1 },
        },
        {
          stroke: "#4a5560",
          grid: { stroke: "#e3e8ee", width: 1 },
          ticks: { stroke: "#c9d1da", width: 1 },
          size: 56,
          values: (_plot, splits) => splits.map((value) => compact.format(value)),
        },
      ],
      series: [
        {},
        {
          label: "Points remaining",
          stroke: "#0b57d0",
          width: 2,
          fill: "rgba(11, 87, 208, 0.12)",
          paths: uPlot.paths.stepped!({ align: 1 }),
          points: { show: false },
        },
      ],
    };
    const plot = new uPlot(options, [data.xs, data.ys], element);
    let lastWidth = width();
    const observer = new ResizeObserver(() => {
      const next = width();
      if (next === lastWidth) return;
      lastWidth = next;
      plot.setSize({ width: next, height: chartHeight(next) });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [data, total]);
  return <div class="chart console-chart" ref={container} aria-hidden="true" />;
}
