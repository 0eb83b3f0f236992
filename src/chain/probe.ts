/**
 * What the service itself asks the chain node: a readiness status for /readyz (cached briefly,
 * one attempt with a short timeout, so a slow node never holds a probe up) and the start-up check
 * that the node is on the chain CHAIN_ID names.
 */
import { networkFromChainId } from "../domain/chain.js";
import { type ChainClient, ChainError, createChainClient } from "./client.js";

export const CHAIN_PROBE_TIMEOUT_MS = 2_000;
export const CHAIN_PROBE_CACHE_MS = 5_000;

/** The `chain` object of /readyz. */
export interface ChainStatus {
  reachable: boolean;
  network: string | null;
  chain_id: number | null;
  head_number: number | null;
  /** Why a field is null; never the node's full URL, which may hold an access key. */
  error?: string;
}

export type ChainProbe = () => Promise<ChainStatus>;

/** eth_chainId and chain_getHeader at once; reachable means the node answered eth_chainId. */
export async function chainStatus(client: ChainClient): Promise<ChainStatus> {
  const [chainId, head] = await Promise.allSettled([client.getChainId(), client.getHead()]);
  const status: ChainStatus = {
    reachable: chainId.status === "fulfilled",
    network: chainId.status === "fulfilled" ? networkFromChainId(chainId.value).name : null,
    chain_id: chainId.status === "fulfilled" ? chainId.value : null,
    head_number: head.status === "fulfilled" ? head.value.number : null,
  };
  const failure = [chainId, head].find((result) => result.status === "rejected");
  if (failure) {
    const reason: unknown = failure.reason;
    status.error = reason instanceof ChainError ? reason.message : "the chain probe failed";
  }
  return status;
}

/** A probe for /readyz: one request to the node at a time, its answer reused for `cacheMs`. */
export function createChainProbe(rpcUrl: string, cacheMs = CHAIN_PROBE_CACHE_MS): ChainProbe {
  const client = createChainClient({
    url: rpcUrl,
    timeoutMs: CHAIN_PROBE_TIMEOUT_MS,
    attemptsMax: 1,
  });
  let cached: { at: number; status: Promise<ChainStatus> } | undefined;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at >= cacheMs) {
      cached = { at: now, status: chainStatus(client) };
    }
    return cached.status;
  };
}

/** "7668 (root, the main network)", "1 (unknown network)". */
function chainName(chainId: number): string {
  const network = networkFromChainId(chainId);
  return network.kind === "unknown"
    ? `${chainId} (unknown network)`
    : `${chainId} (${network.name}, the ${network.kind} network)`;
}

/**
 * Refuses to go on (throws an Error whose message says why) unless the node at `rpcUrl` answers
 * eth_chainId with `expected`: a service pointed at the wrong network must not start.
 */
export async function checkChainId(rpcUrl: string, expected: number): Promise<void> {
  const client = createChainClient({ url: rpcUrl });
  const want = chainName(expected);
  let actual: number;
  try {
    actual = await client.getChainId();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(
      `CHAIN_ID is ${want}, but the chain id could not be checked: ${detail}. Refusing to start.`,
    );
  }
  if (actual !== expected) {
    throw new Error(
      `CHAIN_ID is ${want}, but the chain node at ${client.label} is on chain ` +
        `${chainName(actual)}. Refusing to start.`,
    );
  }
}
