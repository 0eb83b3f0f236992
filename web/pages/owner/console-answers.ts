/** The owner console's answers, named from the generated schema (`src/client/schema.d.ts`). */
import type { paths } from "../../../src/client/schema.js";
import type { Answer, Schema } from "../../client.js";
import type { Loaded } from "../../ui/load.js";

type Me = Answer<"/me", "get">;
export type OwnedQuest = Me["quests"][number];
export type Mode = Me["key"]["mode"];
export type Payout = Schema<"Payout">;
export type QuestDetail = Schema<"QuestDetail">;
export type Reversal = Schema<"Reversal">;
export type StatsRow = Answer<"/quests/{questId}/stats", "get">[number];
export type Bucket = NonNullable<
  NonNullable<paths["/quests/{questId}/stats"]["get"]["parameters"]["query"]>["bucket"]
>;

/** A quest's reversals by payout, and whether every one of them was read. */
export type ReversalsLoad = Loaded<{ byPayout: Map<string, Reversal>; complete: boolean }>;
