import { Type } from "typebox";
import { ListOf, ListQueryFields } from "../listing.js";
import { PositiveId, Timestamp } from "./common.js";

export const CampaignIdParams = Type.Object({ id: PositiveId }, { additionalProperties: false });

export const CampaignQuest = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    created_at: Timestamp,
    updated_at: Timestamp,
    description: Type.String(),
    start: Timestamp,
    end: Timestamp,
    is_public: Type.Boolean(),
    total_points: Type.Integer(),
    expected_points_per_completion: Type.Integer(),
    owner_id: Type.String(),
    campaign_id: Type.Integer(),
  },
  { $id: "CampaignQuest", title: "CampaignQuest" },
);

export const CampaignFields = {
  id: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
  name: Type.String(),
  description: Type.String(),
  start: Timestamp,
  end: Timestamp,
  is_active: Type.Boolean(),
  external_app_id: Type.Union([Type.String(), Type.Null()]),
};

export const Campaign = Type.Object(
  { ...CampaignFields, quests: Type.Array(Type.Ref("CampaignQuest")) },
  { $id: "Campaign", title: "Campaign" },
);

export const CampaignListQuery = Type.Object(ListQueryFields, { additionalProperties: false });

/** `GET /campaigns`: the fields of `GET /campaigns/{id}` without its quests. */
export const CampaignList = ListOf(Type.Object(CampaignFields), "CampaignList");
