/**
 * Where a player does a quest and what one pass may get from it, as every page shows them: the
 * link "Do this quest" (the quest's `url`: shown, never fetched) and the limits per pass in words
 * (`describePassLimits`, the words the allocation rules' refusals use).
 */
import { POINTS_MAX } from "../../../src/domain/limits.js";
import {
  describePassLimits,
  PASS_WINDOWS,
  type PassLimits,
  type PassWindow,
} from "../../../src/domain/pass-limits.js";

/** A quest's detail fields as the answers carry them (optional where `with=details` adds them). */
export interface QuestPlay {
  url?: string | null;
  pass_points_max?: number | null;
  pass_payouts_max?: number | null;
  pass_window?: PassWindow;
}

/** The limits of a quest answer, as the domain names them; unset ones are none. */
const passLimitsOf = (quest: QuestPlay): PassLimits => ({
  passPointsMax: quest.pass_points_max ?? null,
  passPayoutsMax: quest.pass_payouts_max ?? null,
  window: quest.pass_window ?? "quest",
});

/** "once a day per pass", "at most 500 points per pass": none when the quest has no limit. */
export const limitsInWords = (quest: QuestPlay): string[] =>
  describePassLimits(passLimitsOf(quest));

/**
 * The quest's link when it is one a page may show: an `https://` address (the service accepts
 * no other, and a page never renders a `javascript:` one whatever an answer says).
 */
export function playUrl(url: string | null | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * "Do this quest": the quest's link in a new tab, telling the other site nothing about this
 * page (`noopener noreferrer`) and lending it no ranking (`nofollow`); its host said after it, so
 * a player sees where it goes. Nothing without a link.
 */
export function DoThisQuest(props: { quest: QuestPlay & { name: string }; class?: string }) {
  const url = playUrl(props.quest.url);
  if (!url) return null;
  return (
    <p class={props.class ? `do-quest ${props.class}` : "do-quest"}>
      <a class="button-link" href={url.href} target="_blank" rel="noopener noreferrer nofollow">
        Do this quest
        <span class="visually-hidden">: {props.quest.name} (opens in a new tab)</span>
      </a>{" "}
      <span class="meta do-quest-host">on {url.host}</span>
    </p>
  );
}

/** The windows a quest's payouts per pass are counted in, as the forms offer them. */
export const PASS_WINDOW_CHOICES: [PassWindow, string][] = PASS_WINDOWS.map((window) => [
  window,
  {
    day: "day (UTC)",
    week: "week (from Monday, UTC)",
    earning_period: "earning period",
    quest: "quest's whole life",
  }[window],
]);

/** What a form's field says: the value to send (null: none), or why it cannot be sent. */
export type Typed<T> = { value: T } | { error: string };

/** A limit per pass as typed: empty is none, else a whole number of 1 or more. */
export function typedPassLimit(text: string): Typed<number | null> {
  const plain = text.trim().replace(/[\s,_]/g, "");
  if (plain === "") return { value: null };
  const n = Number(plain);
  if (!/^\d+$/.test(plain) || n < 1 || !Number.isSafeInteger(n) || n > POINTS_MAX) {
    return { error: "Type a whole number of 1 or more, or leave it empty for no limit." };
  }
  return { value: n };
}

/**
 * A quest's link as typed: empty is none, else a whole `https://` address. The page says in
 * words what it can see; the service's own refusals (a link over 2048 characters) come back as field errors, shown at the field alike.
 */
export function typedPlayUrl(text: string): Typed<string | null> {
  const url = text.trim();
  if (url === "") return { value: null };
  if (!/^https:\/\//i.test(url)) {
    return { error: "Type an address that starts with https://, or leave it empty." };
  }
  if (!playUrl(url))
    return { error: "Type a whole web address, such as https://example.com/quest." };
  return { value: url };
}

/** "Limits: once a day per pass; at most 500 points per pass"; nothing without a limit. */
export function PassLimitsLine(props: { quest: QuestPlay }) {
  const words = limitsInWords(props.quest);
  if (words.length === 0) return null;
  return (
    <p class="pass-limits">
      <span class="meta">{words.length === 1 ? "Limit" : "Limits"}:</span> {words.join("; ")}
    </p>
  );
}
