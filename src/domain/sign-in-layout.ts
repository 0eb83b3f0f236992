/**
 * EIP-4361's layout (https://eips.ethereum.org/EIPS/eip-4361#message-format): a message is its
 * fields, one per line in one order, and nothing else. viem's `parseSiweMessage` looks for the
 * fields anywhere in the text and skips what it does not expect, so a signer could be shown lines
 * the service never reads: free text, a first `URI:` elsewhere, an `Expiration Time` after
 * `Not Before`. Here the message is rebuilt from what viem read, in EIP-4361's order, and
 * compared line by line with the text as signed. Pure, like the rest of domain/.
 */
import { parseSiweMessage } from "viem/siwe";

export type ParsedSignInMessage = ReturnType<typeof parseSiweMessage>;

/** Where a message leaves EIP-4361's layout: the field (`""`: the message itself), the problem. */
export interface LayoutProblem {
  field: string;
  problem: string;
}

/** The labels of the fields EIP-4361 writes after the statement, in its order. */
const LABELS = {
  uri: "URI: ",
  version: "Version: ",
  "chain-id": "Chain ID: ",
  nonce: "Nonce: ",
  "issued-at": "Issued At: ",
  "expiration-time": "Expiration Time: ",
  "not-before": "Not Before: ",
  "request-id": "Request ID: ",
  resources: "Resources:",
} as const;
type Labelled = keyof typeof LABELS;

const HEADER_TAIL = " wants you to sign in with your Ethereum account:";

/** One line of the rebuilt message: the field it writes (`""`: a blank line), and a test. */
interface Line {
  field: string;
  is: (written: string) => boolean;
}

const exact = (field: string, text: string): Line => ({ field, is: (w) => w === text });

/** A labelled line whose value, after the label, passes `reads`. */
function labelled(field: Labelled, reads: (value: string) => boolean): Line {
  const label = LABELS[field];
  return { field, is: (w) => w.startsWith(label) && reads(w.slice(label.length)) };
}

/**
 * A time as written: RFC 3339 spells one instant several ways (`Z` or `+00:00`, with or without
 * a fraction), EIP-4361 takes any of them and the signature covers the spelling, so the line is
 * any spelling of the instant viem read. A time viem could not read is the field check's to name.
 */
function time(field: Labelled, value: Date | undefined): Line[] {
  if (value === undefined) return [];
  const ms = value.getTime();
  return [
    labelled(
      field,
      (text) => Number.isNaN(ms) || (RFC_3339.test(text) && new Date(text).getTime() === ms),
    ),
  ];
}

/** RFC 3339's date-time (section 5.6); JavaScript's Date reads many other spellings too. */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * The message EIP-4361 writes for the fields viem read. An empty statement or request id, which
 * viem reads as none (and its `createSiweMessage` never writes), is not rebuilt, so it is refused.
 */
function rebuilt(parsed: ParsedSignInMessage): Line[] {
  const origin = parsed.scheme ? `${parsed.scheme}://${parsed.domain}` : parsed.domain;
  const { statement, requestId, resources } = parsed;
  return [
    exact("domain", `${origin}${HEADER_TAIL}`),
    exact("address", parsed.address ?? ""),
    exact("", ""),
    ...(statement === undefined ? [] : [exact("statement", statement)]),
    exact("", ""),
    labelled("uri", (value) => value === parsed.uri),
    labelled("version", (value) => value === parsed.version),
    // EIP-4361's chain-id is `1*DIGIT`: leading zeros are a spelling, as for times.
    labelled("chain-id", (value) => /^\d+$/.test(value) && Number(value) === parsed.chainId),
    labelled("nonce", (value) => value === parsed.nonce),
    ...time("issued-at", parsed.issuedAt),
    ...time("expiration-time", parsed.expirationTime),
    ...time("not-before", parsed.notBefore),
    ...(requestId === undefined ? [] : [labelled("request-id", (value) => value === requestId)]),
    ...(resources === undefined ? [] : [exact("resources", LABELS.resources)]),
    ...(resources ?? []).map((resource) => exact("resources", `- ${resource}`)),
  ];
}

/**
 * The first line where `message` differs from EIP-4361's text of the fields viem read from it
 * (`parsed`, with every required field present), or undefined when it is exactly that text.
 */
export function layoutProblem(
  message: string,
  parsed: ParsedSignInMessage,
): LayoutProblem | undefined {
  const written = message.split("\n");
  const expected = rebuilt(parsed);
  for (let i = 0; i < Math.max(written.length, expected.length); i++) {
    const line = written[i];
    const want = expected[i];
    if (line === undefined) {
      return { field: want?.field ?? "", problem: `is missing (line ${i + 1})` };
    }
    if (!want?.is(line)) return describe(i + 1, line, want);
  }
  return undefined;
}

/** A line that is not the one EIP-4361 writes there: named by its label when it has one. */
function describe(n: number, line: string, want: Line | undefined): LayoutProblem {
  const shown = JSON.stringify(line);
  const blank = want !== undefined && want.field === "";
  const stray = (Object.keys(LABELS) as Labelled[]).find((field) => line.startsWith(LABELS[field]));
  if (stray !== undefined && !blank) {
    return {
      field: stray,
      problem: `is out of EIP-4361's order, or written twice (line ${n}: ${shown})`,
    };
  }
  if (blank) {
    return {
      field: "",
      problem: `line ${n} must be blank, as EIP-4361 lays out a message: ${shown}`,
    };
  }
  return { field: "", problem: `line ${n} is not part of an EIP-4361 message: ${shown}` };
}

const ZERO_ADDRESS = `0x${"0".repeat(40)}`;

/**
 * Whether viem reads `domain` back from a message's first line. It reads host names and IPv4
 * addresses with a port, not IP-literals such as `[::1]:8080`: no message naming one would parse.
 */
export function isReadableDomain(domain: string): boolean {
  return parseSiweMessage(`${domain}${HEADER_TAIL}\n${ZERO_ADDRESS}\n\n`).domain === domain;
}
