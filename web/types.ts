/**
 * The service's answers that more than one page reads (src/http/schemas/*): one shape each, so
 * a change to the API is made here once.
 */

/** A cursor-paged listing. */
export interface List<T> {
  items: T[];
  next_cursor: string | null;
}

/** What every view of a quest says of it (the owner's, the public's, an application's). */
export interface QuestTerms {
  name: string;
  description: string;
  total_points: number;
  start: string;
  end: string;
}

/** The quest an application asks for. */
export interface RequestedQuest extends QuestTerms {
  expected_points_per_completion: number;
  action_type?: string;
}

/** An application, as its applicant and the operator read it. */
export interface Application {
  id: number;
  status: "pending" | "approved" | "rejected";
  project: string;
  contact: string;
  owner: string;
  quest: RequestedQuest;
  campaign_id: number | null;
  message: string | null;
  created_at: string;
  decided_at: string | null;
  reason: string | null;
  quest_id: number | null;
  test_quest_id: number | null;
  keys_claimed_at: string | null;
}

/** A campaign without its quests (`GET /campaigns` items, the operator's list). */
export interface Campaign {
  id: number;
  created_at: string;
  updated_at: string;
  name: string;
  description: string;
  start: string;
  end: string;
  is_active: boolean;
  external_app_id: string | null;
}
