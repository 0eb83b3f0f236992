import type { ComponentChildren } from "preact";

const BADGE_CLASS = { live: "live", test: "test", ok: "ok", warn: "warn", off: "op-off" } as const;

/** A short state word: live, test, on, revoked… */
export function Badge(props: { kind: keyof typeof BADGE_CLASS; children: ComponentChildren }) {
  return <span class={`badge ${BADGE_CLASS[props.kind]}`}>{props.children}</span>;
}
