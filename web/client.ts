/**
 * The pages' one way to the service: the typed client generated from its OpenAPI document
 * (`src/client`, openapi-fetch over `src/client/schema.d.ts`), on the page's own origin and
 * without cookies. A refusal becomes the client's `ApiError`; the pages show its `detail` (and
 * its field errors) as they are. Answer types come from the schema, never written here by hand:
 * a renamed field breaks `tsc -p web`.
 */
import createClient, { type Middleware } from "openapi-fetch";
import { ApiError, toApiError, unwrap } from "../src/client/index.js";
import type { components, paths } from "../src/client/schema.js";

export { ApiError };

/** The schema's named shapes (`Schema<"QuestDetail">`). */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

type Json<R> = R extends { content: { "application/json": infer Body } } ? Body : never;
type Success<R> = R extends { 200: infer A }
  ? Json<A>
  : R extends { 201: infer A }
    ? Json<A>
    : never;

/** The JSON answer of a route on success (`Answer<"/me", "get">`). */
export type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: infer R;
}
  ? Success<R>
  : never;

/** A listing's item (`Item<"/admin/quests">`): the `items` of `GET` on success. */
export type Item<P extends keyof paths> =
  Answer<P, "get" & keyof paths[P]> extends {
    items: (infer T)[];
  }
    ? T
    : never;

export const NETWORK_DETAIL =
  "The service could not be reached. Check your connection and try again.";

/** The secrets a request may carry, by the header that carries them. */
export type Secret = "adminToken" | "apiKey";

type RefusalListener = (secret: Secret, sent: string, error: ApiError) => void;
const refusalListeners = new Set<RefusalListener>();

/**
 * Tells the pages when the service refuses (401) the operator token or the owner key a request
 * carried, so the page that keeps it signs out: one place instead of a check after every call.
 */
export function onSecretRefused(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

const signOutOnRefusal: Middleware = {
  async onResponse({ request, response }) {
    if (response.status !== 401) return undefined;
    const token = request.headers.get("authorization")?.replace(/^Bearer /, "");
    const key = request.headers.get("x-api-key");
    const refused: [Secret, string] | undefined = token
      ? ["adminToken", token]
      : key
        ? ["apiKey", key]
        : undefined;
    if (!refused) return undefined;
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    const error = toApiError(body, response);
    for (const listener of refusalListeners) listener(refused[0], refused[1], error);
    return undefined;
  },
  onError({ error }) {
    // A page that moved on aborted the request: that is no failure to show.
    if ((error as Error | undefined)?.name === "AbortError") return error as Error;
    return new ApiError(0, "NETWORK", NETWORK_DETAIL, undefined);
  },
};

/** `?a=1&b=x` from the defined, non-empty values only (as the pages always sent them). */
function querySerializer(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  return search.toString();
}

/** The typed client: `api.GET("/me", { headers: ownerHeaders(key), signal })`. */
export const api = createClient<paths>({
  baseUrl: location.origin,
  credentials: "omit",
  querySerializer,
});
api.use(signOutOnRefusal);

/** The data of an answer; a refusal is thrown as an `ApiError`. */
export async function call<T>(
  request: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  return unwrap(await request);
}

/** The data of an answer with the answer itself (its status, its `Date` header). */
export async function callWithResponse<T>(
  request: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<{ data: T; response: Response }> {
  const result = await request;
  return { data: unwrap(result), response: result.response };
}

export const ownerHeaders = (key: string) => ({ "x-api-key": key });
export const adminHeaders = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A value from the address bar sent as typed where the API wants a number: the service's own
 * refusal (its 400 detail) is what the page shows for a malformed one.
 */
export const asTyped = (text: string) => text as unknown as number;
