import { Type } from "typebox";
import {
  ACTION_TYPE_LENGTH_MAX,
  EXTERNAL_APP_ID_LENGTH_MAX,
  POINTS_MAX,
  TEXT_DESCRIPTION_LENGTH_MAX,
  TEXT_NAME_LENGTH_MAX,
} from "../../domain/limits.js";
import { SUSPENSION_REASON_LENGTH_MAX } from "../../domain/suspensions.js";
import { CampaignFields } from "./campaigns.js";
import {
  ModeInput,
  ModeSchema,
  PassAddress,
  PassAddressInput,
  PositiveId,
  TextInput,
  Timestamp,
  TimestampInput,
} from "./common.js";
import { QuestPlayFields, QuestPlayInputFields } from "./quests.js";

export const Name = TextInput({ minLength: 1, maxLength: TEXT_NAME_LENGTH_MAX });
export const Description = TextInput({ maxLength: TEXT_DESCRIPTION_LENGTH_MAX });
const ExternalAppId = Type.Union([
  TextInput({ minLength: 1, maxLength: EXTERNAL_APP_ID_LENGTH_MAX }),
  Type.Null(),
]);
export const ActionTypeName = TextInput({
  maxLength: ACTION_TYPE_LENGTH_MAX,
  pattern: `^[a-z0-9][a-z0-9_-]{0,${ACTION_TYPE_LENGTH_MAX - 1}}$`,
  description: "a slug: lower-case letters, digits, _ and -",
});
/**
 * A key id in the plain 8-4-4-4-12 hex form only: Ajv's `uuid` format also passes
 * `urn:uuid:…`, which PostgreSQL's uuid type refuses (a 500 otherwise).
 */
const KEY_ID_PATTERN =
  "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
export const Budget = Type.Integer({ minimum: 0, maximum: POINTS_MAX });

export const AccountBody = Type.Object({ pass: PassAddressInput }, { additionalProperties: false });
/** An account's suspension, in every account answer of the operator API. */
export const AccountSuspensionFields = {
  suspended_at: Type.Union([Timestamp, Type.Null()], {
    description:
      "When an operator suspended the pass (refused every allocation, on no leaderboard); `null` unless suspended",
  }),
  suspension_reason: Type.Union([Type.String(), Type.Null()], {
    description: "Why it was suspended; `null` unless suspended",
  }),
};
export const Account = Type.Object({
  id: Type.String(),
  pass: PassAddress,
  created_at: Timestamp,
  ...AccountSuspensionFields,
});
export const AccountIdParams = Type.Object(
  { id: Type.String({ pattern: KEY_ID_PATTERN, description: "the account's id, a UUID" }) },
  { additionalProperties: false },
);
export const SuspensionBody = Type.Object(
  {
    reason: TextInput({
      minLength: 1,
      maxLength: SUSPENSION_REASON_LENGTH_MAX,
      description: "Why, for the audit log and the other operators (sybil ring, abuse, …)",
    }),
  },
  { additionalProperties: false },
);

const campaignBodyFields = {
  name: Name,
  description: Description,
  start: TimestampInput,
  end: TimestampInput,
  is_active: Type.Optional(Type.Boolean()),
  external_app_id: Type.Optional(ExternalAppId),
};
export const CampaignCreateBody = Type.Object(campaignBodyFields, { additionalProperties: false });
export const CampaignPatchBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    start: Type.Optional(TimestampInput),
    end: Type.Optional(TimestampInput),
    is_active: Type.Optional(Type.Boolean()),
    external_app_id: Type.Optional(ExternalAppId),
  },
  { additionalProperties: false },
);
export const AdminCampaign = Type.Object(CampaignFields);

export const QuestCreateBody = Type.Object(
  {
    name: Name,
    description: Description,
    owner: PassAddressInput,
    total_points: Budget,
    expected_points_per_completion: Budget,
    start: TimestampInput,
    end: TimestampInput,
    is_public: Type.Optional(Type.Boolean()),
    is_active: Type.Optional(Type.Boolean()),
    campaign_id: Type.Optional(Type.Union([PositiveId, Type.Null()])),
    action_type: Type.Optional(ActionTypeName),
    mode: Type.Optional(ModeInput),
    ...QuestPlayInputFields,
  },
  { additionalProperties: false },
);
export const QuestPatchBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    owner: Type.Optional(PassAddressInput),
    total_points: Type.Optional(Budget),
    expected_points_per_completion: Type.Optional(Budget),
    start: Type.Optional(TimestampInput),
    end: Type.Optional(TimestampInput),
    is_public: Type.Optional(Type.Boolean()),
    is_active: Type.Optional(Type.Boolean()),
    campaign_id: Type.Optional(Type.Union([PositiveId, Type.Null()])),
    action_type: Type.Optional(ActionTypeName),
    ...QuestPlayInputFields,
  },
  { additionalProperties: false },
);
export const AdminQuest = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  total_points: Type.Integer(),
  points_remaining: Type.Integer(),
  expected_points_per_completion: Type.Integer(),
  start: Timestamp,
  end: Timestamp,
  is_active: Type.Boolean(),
  is_public: Type.Boolean(),
  owner_id: Type.String(),
  campaign_id: Type.Union([Type.Integer(), Type.Null()]),
  action_type: Type.String(),
  mode: ModeSchema,
  ...QuestPlayFields,
  created_at: Timestamp,
  updated_at: Timestamp,
});

/** An owner key's scope: `full` may do whatever the owner may, `read` only GET. */
export const KeyScopeSchema = Type.Union([Type.Literal("full"), Type.Literal("read")], {
  description:
    "`full` (default): whatever the owner may do; `read`: GET only (403 FORBIDDEN on POST, PATCH, DELETE)",
});
export const KeyBody = Type.Object(
  { owner: PassAddressInput, mode: Type.Optional(ModeInput), scope: Type.Optional(KeyScopeSchema) },
  { additionalProperties: false },
);
export const IssuedKey = Type.Object({
  id: Type.String(),
  key: Type.String({ description: "The plain key: shown only in this answer" }),
  owner_id: Type.String(),
  mode: ModeSchema,
  scope: KeyScopeSchema,
  created_at: Timestamp,
});
export const KeyIdParams = Type.Object(
  { id: Type.String({ pattern: KEY_ID_PATTERN, description: "the key's id, a UUID" }) },
  { additionalProperties: false },
);

export const Features = Type.Object({ quests: Type.Boolean(), campaigns: Type.Boolean() });
export const FeaturesBody = Type.Object(
  { quests: Type.Optional(Type.Boolean()), campaigns: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const ActionTypeParams = Type.Object(
  { name: ActionTypeName },
  { additionalProperties: false },
);
export const ActionTypeBody = Type.Object(
  { active: Type.Boolean() },
  { additionalProperties: false },
);
export const ActionType = Type.Object({ name: Type.String(), active: Type.Boolean() });

export const EarningPeriodBody = Type.Object(
  { start: TimestampInput, end: TimestampInput },
  { additionalProperties: false },
);
export const EarningPeriod = Type.Object({ id: Type.Integer(), start: Timestamp, end: Timestamp });
