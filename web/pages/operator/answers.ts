/** The operator API's answers, named from the generated schema (`src/client/schema.d.ts`). */
import type { Answer, Item } from "../../client.js";

export type AdminQuest = Item<"/admin/quests">;
export type Account = Item<"/admin/accounts">;
export type KeyState = Item<"/admin/keys">;
export type IssuedKey = Answer<"/admin/keys", "post">;
export type Campaign = Item<"/admin/campaigns">;
export type EarningPeriod = Item<"/admin/earning-periods">;
export type Operator = Item<"/admin/operators">;
export type AuditEntry = Item<"/admin/audit">;
export type Features = Answer<"/admin/features", "get">;
/** An application with what its owner pass already has here (null: no account yet). */
export type OperatorApplication = Item<"/admin/applications">;
