import { Type } from "typebox";
import { ListQueryFields } from "../listing.js";
import { AccountSuspensionFields, KeyScopeSchema } from "./admin.js";
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

/** Seconds a rotated key keeps working (0..604800, default a day). */
export const ROTATION_GRACE_SECONDS_MAX = 604_800;
export const ROTATION_GRACE_SECONDS_DEFAULT = 86_400;
/** Longer than any key the service issues (`sk_test_` + at most 128 characters). */
const KEY_VALUE_LENGTH_MAX = 256;
/** Audit filters: dotted action names, target types and ids are short. */
const AUDIT_FILTER_LENGTH_MAX = 200;

const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const AccountListQuery = Type.Object(
  {
    pass: Type.Optional(PassAddressInput),
    ...ListQueryFields,
  },
  { additionalProperties: false },
);
export const AccountItem = Type.Object({
  id: Type.String(),
  pass: PassAddress,
  created_at: Timestamp,
  ...AccountSuspensionFields,
});

export const AdminQuestListQuery = Type.Object(
  {
    owner: Type.Optional(PassAddressInput),
    campaign_id: Type.Optional(PositiveId),
    mode: Type.Optional(ModeInput),
    ...ListQueryFields,
  },
  { additionalProperties: false },
);

/** A listing filtered by nothing but its page. */
export const PageQuery = Type.Object(ListQueryFields, { additionalProperties: false });

export const KeyListQuery = Type.Object(
  {
    owner: Type.Optional(PassAddressInput),
    ...ListQueryFields,
  },
  { additionalProperties: false },
);
export const KeyItem = Type.Object({
  id: Type.String(),
  prefix: Type.String({ description: "The key's first characters, to tell keys apart" }),
  owner_id: Type.String(),
  mode: ModeSchema,
  scope: KeyScopeSchema,
  created_at: Timestamp,
  last_used_at: Type.Union([Timestamp, Type.Null()], {
    description: "Kept to the minute: written at most once a minute per key",
  }),
  expires_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
});

export const RotateKeyBody = Type.Object(
  {
    grace_seconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: ROTATION_GRACE_SECONDS_MAX,
        description: `How long the old key keeps working, 0..${ROTATION_GRACE_SECONDS_MAX} seconds (default ${ROTATION_GRACE_SECONDS_DEFAULT})`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const RevokeByValueBody = Type.Object(
  {
    key: Type.String({
      maxLength: KEY_VALUE_LENGTH_MAX,
      description: "The key's value, as reported; it is only hashed, never stored or logged",
    }),
  },
  { additionalProperties: false },
);
export const RevokedKey = Type.Object({ id: Type.String(), revoked_at: Timestamp });

const AuditFilter = (description: string) =>
  Type.Optional(TextInput({ minLength: 1, maxLength: AUDIT_FILTER_LENGTH_MAX, description }));

export const AuditListQuery = Type.Object(
  {
    action: AuditFilter("a dotted action name, e.g. `quest.update`"),
    target_type: AuditFilter("e.g. `quest`, `key`, `earning_period`"),
    target_id: AuditFilter("the target's id, as text; a UUID in either case"),
    actor: AuditFilter(
      "who made the change: `operator:<id>`, `operator:bootstrap` (ADMIN_TOKEN), `applicant`, `account:<id>`, `pass:<address>` or `service`",
    ),
    ...ListQueryFields,
  },
  { additionalProperties: false },
);
export const AuditItem = Type.Object({
  id: Type.String(),
  at: Timestamp,
  actor: Type.String({
    description:
      "`operator:<id>` (`operator:bootstrap`: ADMIN_TOKEN), `applicant`, `account:<id>`, `pass:<address>` or `service`",
  }),
  action: Type.String(),
  target_type: Type.String(),
  target_id: Type.String(),
  request_id: Type.Union([Type.String(), Type.Null()]),
  details: Type.Object(
    {},
    { additionalProperties: true, description: "The changed fields; never a key or token" },
  ),
});

export const EarningPeriodParams = Type.Object({ id: PositiveId }, { additionalProperties: false });
export const EarningPeriodPatchBody = Type.Object(
  { start: Type.Optional(TimestampInput), end: Type.Optional(TimestampInput) },
  { additionalProperties: false, minProperties: 1, description: "start, end or both" },
);

export { NoFields as ActionTypeQuery } from "./common.js";
export const ActionTypeItem = Type.Object({
  name: Type.String(),
  active: Type.Boolean(),
  quests: Type.Integer({ description: "How many quests are of this type" }),
});
