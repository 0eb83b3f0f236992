import type { Queryable, Tx } from "../db/handle.js";

/** Advisory lock class of a client's nonces: its count and its insert are one step. */
const NONCE_CLIENT_LOCK_CLASS = 0x6e6f6e63; // "nonc"
/** Expired nonces deleted by each issue: cleaning up stays a small, bounded cost per request. */
const EXPIRED_DELETED_PER_ISSUE_MAX = 100;

/**
 * Stores a new nonce for a client unless it already holds `unexpiredMax` unexpired ones; then
 * answers when its oldest expires (the client may ask again from then on). Under an advisory
 * lock per client, so however many processes serve it, the (max + 1)-th is refused. Also deletes
 * a few expired nonces of anyone.
 */
export async function insertNonce(
  tx: Tx,
  nonce: { value: string; clientKey: string; validMs: number; unexpiredMax: number },
): Promise<{ ok: true; expiresAt: Date } | { ok: false; freeAt: Date }> {
  await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [
    NONCE_CLIENT_LOCK_CLASS,
    nonce.clientKey,
  ]);
  await tx.query(
    `DELETE FROM sign_in_nonces WHERE nonce IN (
       SELECT nonce FROM sign_in_nonces WHERE expires_at <= now() LIMIT $1)`,
    [EXPIRED_DELETED_PER_ISSUE_MAX],
  );
  const { rows: held } = await tx.query<{ expires_at: Date }>(
    `SELECT expires_at FROM sign_in_nonces
     WHERE client_key = $1 AND expires_at > now()
     ORDER BY expires_at LIMIT $2`,
    [nonce.clientKey, nonce.unexpiredMax],
  );
  if (held.length >= nonce.unexpiredMax) return { ok: false, freeAt: held[0]!.expires_at };
  const { rows } = await tx.query<{ expires_at: Date }>(
    `INSERT INTO sign_in_nonces (nonce, client_key, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))
     RETURNING expires_at`,
    [nonce.value, nonce.clientKey, nonce.validMs / 1000],
  );
  return { ok: true, expiresAt: rows[0]!.expires_at };
}

/**
 * Spends a nonce: true when it existed unexpired, and from this statement on it does not exist.
 * Of two requests spending one nonce at once (in any processes), exactly one gets true.
 */
export async function spendNonce(db: Queryable, nonce: string): Promise<boolean> {
  const { rows } = await db.query(
    "DELETE FROM sign_in_nonces WHERE nonce = $1 AND expires_at > now() RETURNING 1",
    [nonce],
  );
  return rows.length === 1;
}
