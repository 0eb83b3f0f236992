import { formatNumber, formatPercent } from "./format.js";

/** A progress bar with its value in words too. */
export function Progress(props: { value: number; max: number; label: string }) {
  return (
    <div class="progress">
      <progress value={props.value} max={props.max} aria-label={props.label} />
      <span>
        {formatNumber(props.value)} of {formatNumber(props.max)} left (
        {formatPercent(props.value, props.max)})
      </span>
    </div>
  );
}
