/** Where the owner's API key and the operator's token live: this tab's sessionStorage only. */
export const SESSION = {
  apiKey: "questpoints.apiKey",
  adminToken: "questpoints.adminToken",
} as const;

export type SessionSecret = (typeof SESSION)[keyof typeof SESSION];

/** A secret this tab keeps, or null (none kept, or storage refused in a locked-down browser). */
export function readSecret(name: SessionSecret): string | null {
  try {
    return sessionStorage.getItem(name);
  } catch {
    return null;
  }
}

/** Keeps (or with null, forgets) a secret in this tab's sessionStorage: never anywhere else. */
export function keepSecret(name: SessionSecret, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(name);
    else sessionStorage.setItem(name, value);
  } catch {
    // Storage refused (a private mode): the secret lives in the page's memory only.
  }
}
