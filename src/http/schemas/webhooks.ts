import { Type } from "typebox";
import {
  EVENT_TYPES,
  OPERATOR_EVENT_TYPES,
  OWNER_EVENT_TYPES,
  WEBHOOK_DESCRIPTION_LENGTH_MAX,
  WEBHOOK_URL_LENGTH_MAX,
} from "../../domain/webhooks.js";
import { ListQueryFields } from "../listing.js";
import { ModeSchema, TextInput, Timestamp } from "./common.js";

const codeList = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(", ");

const EventTypeName = Type.String({ minLength: 1, maxLength: 64, examples: ["payout.created"] });

const Url = TextInput({
  minLength: 1,
  maxLength: WEBHOOK_URL_LENGTH_MAX,
  description:
    "https:// only; loopback, private and link-local targets are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true",
});
const Events = Type.Array(EventTypeName, {
  minItems: 1,
  maxItems: EVENT_TYPES.length,
  description: `Event types to receive: owners ${codeList(OWNER_EVENT_TYPES)}; operators ${codeList(OPERATOR_EVENT_TYPES)}`,
});
const Description = TextInput({ maxLength: WEBHOOK_DESCRIPTION_LENGTH_MAX });

export const WebhookCreateBody = Type.Object(
  { url: Url, events: Events, description: Type.Optional(Description) },
  { additionalProperties: false },
);

export const WebhookPatchBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Description),
    disabled: Type.Optional(
      Type.Boolean({ description: "true disables; false enables again and forgets past failures" }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const WebhookEndpoint = Type.Object({
  id: Type.String({ format: "uuid" }),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Type.String(),
  mode: ModeSchema,
  created_at: Timestamp,
  disabled_at: Type.Union([Timestamp, Type.Null()]),
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
});

export const CreatedWebhookEndpoint = Type.Object({
  ...WebhookEndpoint.properties,
  secret: Type.String({
    description: "`whsec_` + base64 of 32 random bytes: shown only in this answer",
  }),
});

export const WebhookSecret = Type.Object({
  secret: Type.String({ description: "The new secret, shown only here" }),
  previous_secret_valid_until: Timestamp,
});

export const WebhookAccepted = Type.Object({
  event_id: Type.String({ description: "The `webhook-id` the receiver will see" }),
});

/** What targets the service takes: the consoles' add forms say so before anything is sent. */
export const WebhookSettings = Type.Object({
  allow_private_targets: Type.Boolean({
    description:
      "`true` when the service takes `http://` and loopback or private targets (WEBHOOK_ALLOW_PRIVATE_TARGETS, for development); `false`: only `https://` to public addresses",
  }),
});

export const WebhookIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const WebhookEventParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  eventId: Type.String({ maxLength: 64 }),
});

export const WebhookListQuery = Type.Object(ListQueryFields, { additionalProperties: false });

const DeliveryStatus = Type.Union([
  Type.Literal("pending"),
  Type.Literal("succeeded"),
  Type.Literal("failed"),
]);

export const DeliveryListQuery = Type.Object(
  {
    ...ListQueryFields,
    status: Type.Optional(DeliveryStatus),
  },
  { additionalProperties: false },
);

export const WebhookDelivery = Type.Object({
  id: Type.String({ format: "uuid" }),
  event_id: Type.String(),
  event_type: Type.String(),
  status: DeliveryStatus,
  attempt: Type.Integer({ description: "Attempts made so far" }),
  status_code: Type.Union([Type.Integer(), Type.Null()], {
    description: "The last attempt's HTTP status; null when none came",
  }),
  error: Type.Union([Type.String(), Type.Null()]),
  duration_ms: Type.Union([Type.Integer(), Type.Null()]),
  at: Type.String({
    format: "date-time",
    description: "The last attempt's time; before any attempt, when it was queued",
  }),
  next_attempt_at: Type.Union([Timestamp, Type.Null()], {
    description: "When the next attempt is due (pending only)",
  }),
});
