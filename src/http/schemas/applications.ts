import { type TSchema, Type } from "typebox";
import {
  APPLICATION_TOKEN_HEADER,
  CONTACT_LENGTH_MAX,
  MESSAGE_LENGTH_MAX,
  PROJECT_LENGTH_MAX,
  REJECT_REASON_LENGTH_MAX,
} from "../../domain/applications.js";
import { ListOf, ListQueryFields } from "../listing.js";
import { ActionTypeName, Budget, Description, KeyScopeSchema, Name } from "./admin.js";
import {
  PassAddress,
  PassAddressInput,
  Points,
  PositiveId,
  TextInput,
  Timestamp,
  TimestampInput,
} from "./common.js";
import { PassWindowSchema, QuestPlayInputFields, QuestTermsFields } from "./quests.js";
import { WalletProofBody } from "./sign-in.js";

/** The quest an applicant asks for: the fields of POST /admin/quests the operator would set. */
export const RequestedQuestBody = Type.Object(
  {
    name: Name,
    description: Type.Optional({ ...Description, description: "optional; empty when left out" }),
    total_points: Points,
    expected_points_per_completion: Points,
    start: TimestampInput,
    end: { ...TimestampInput, description: "after `start`, and in the future" },
    action_type: Type.Optional(ActionTypeName),
    ...QuestPlayInputFields,
  },
  { additionalProperties: false },
);

export const ApplicationBody = Type.Object(
  {
    project: TextInput({ minLength: 1, maxLength: PROJECT_LENGTH_MAX }),
    contact: TextInput({
      minLength: 1,
      maxLength: CONTACT_LENGTH_MAX,
      description: "an e-mail address or a handle the operator can reach you at",
    }),
    owner: {
      ...PassAddressInput,
      description:
        "The pass address that will own the quests and the keys; it need not be registered yet. 0x + 40 hex digits; mixed case must be a valid EIP-55 checksum",
    },
    proof: {
      ...WalletProofBody,
      description:
        "An EIP-4361 message signed by `owner` (built from its own nonce of POST /passes/nonces, checked as POST /passes checks it): whoever applies must hold the owner address, whose quests and keys the application reaches",
    },
    quest: RequestedQuestBody,
    campaign_id: Type.Optional(Type.Union([PositiveId, Type.Null()])),
    message: Type.Optional(TextInput({ maxLength: MESSAGE_LENGTH_MAX })),
  },
  { additionalProperties: false },
);

export const SubmittedApplication = Type.Object({
  id: Type.Integer(),
  status: Type.Literal("pending"),
  created_at: Timestamp,
  token: Type.String({
    description:
      "`ap_` + 40 base62 characters: shown only in this answer (the service keeps its hash). Send it as `x-application-token` to read the application and claim its keys.",
  }),
});

export const ApplicationIdParams = Type.Object(
  { id: { ...PositiveId, description: "the application's id" } },
  { additionalProperties: false },
);

export const ApplicantHeaders = Type.Object({
  [APPLICATION_TOKEN_HEADER]: Type.Optional(
    Type.String({ description: "The `ap_` token of the application's 201 answer" }),
  ),
});

const namedByApplicant = "present when the applicant named it";
const RequestedQuest = Type.Object({
  ...QuestTermsFields,
  action_type: Type.Optional(Type.String({ description: "present when the applicant named one" })),
  url: Type.Optional(Type.Union([Type.String(), Type.Null()], { description: namedByApplicant })),
  pass_points_max: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], { description: namedByApplicant }),
  ),
  pass_payouts_max: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], { description: namedByApplicant }),
  ),
  pass_window: Type.Optional({ ...PassWindowSchema, description: namedByApplicant }),
});

const nullable = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description === undefined ? {} : { description });

export const ApplicationStatus = Type.Union(
  [Type.Literal("pending"), Type.Literal("approved"), Type.Literal("rejected")],
  { description: "`pending` until the operator approves or rejects it" },
);

/** An application as its applicant and the operator see it; `null` where not yet applicable. */
export const ApplicationView = Type.Object(
  {
    id: Type.Integer(),
    status: ApplicationStatus,
    project: Type.String(),
    contact: Type.String(),
    owner: PassAddress,
    quest: RequestedQuest,
    campaign_id: nullable(Type.Integer()),
    message: nullable(Type.String()),
    created_at: Timestamp,
    decided_at: nullable(Timestamp),
    reason: nullable(Type.String({ description: "why it was rejected" })),
    quest_id: nullable(Type.Integer({ description: "the live quest, once approved" })),
    test_quest_id: nullable(Type.Integer({ description: "its test twin, once approved" })),
    keys_claimed_at: nullable(Timestamp),
  },
  { title: "Application" },
);

/** The operator's view: the application, and what its owner pass already holds here. */
export const OperatorApplicationView = Type.Object(
  {
    ...ApplicationView.properties,
    owner_account: nullable(
      Type.Object({
        id: Type.String(),
        quests: Type.Integer({ description: "quests the account owns, of both modes" }),
        keys: Type.Integer({ description: "its API keys that still work" }),
      }),
      "the owner's account, with its quests and working keys; `null`: the owner pass has no account yet (approval registers it)",
    ),
  },
  { title: "OperatorApplication" },
);

export const OnboardingBundle = Type.Object({
  base_url: Type.String({
    description: "The service's address as this request reached it (scheme and host)",
  }),
  quest_id: Type.Integer(),
  test_quest_id: Type.Integer(),
  api_key: Type.String({ description: "The live key (`sk_…`): shown only in this answer" }),
  test_api_key: Type.String({
    description: "The test key (`sk_test_…`): shown only in this answer",
  }),
  instructions: Type.String({
    description: "Markdown: quest ids, ready-to-paste curl commands, error codes, retries",
  }),
});

export const ApplicationListQuery = Type.Object(
  {
    status: Type.Optional(ApplicationStatus),
    ...ListQueryFields,
  },
  { additionalProperties: false },
);

export const ApplicationList = ListOf(OperatorApplicationView, "ApplicationList");

/** Every field is optional: an empty body (or none) approves the request as it is. */
export const ApproveBody = Type.Object(
  {
    total_points: Type.Optional(Budget),
    expected_points_per_completion: Type.Optional(Budget),
    start: Type.Optional(TimestampInput),
    end: Type.Optional(TimestampInput),
    campaign_id: Type.Optional(Type.Union([PositiveId, Type.Null()])),
    is_public: Type.Optional(Type.Boolean({ description: "of the live quest; default true" })),
    action_type: Type.Optional(ActionTypeName),
    ...QuestPlayInputFields,
  },
  { additionalProperties: false },
);

export const RejectBody = Type.Object(
  {
    reason: TextInput({
      minLength: 1,
      maxLength: REJECT_REASON_LENGTH_MAX,
      description: "shown to the applicant",
    }),
  },
  { additionalProperties: false },
);

export const ClaimKeysBody = Type.Object(
  { scope: Type.Optional(KeyScopeSchema) },
  { additionalProperties: false },
);
