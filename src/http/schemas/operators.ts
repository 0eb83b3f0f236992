import { Type } from "typebox";
import { OPERATOR_NAME_LENGTH_MAX } from "../../domain/operators.js";
import { ListQueryFields } from "../listing.js";
import { TextInput, Timestamp } from "./common.js";

export const RoleSchema = Type.Union(
  [Type.Literal("viewer"), Type.Literal("support"), Type.Literal("admin")],
  {
    description:
      "`viewer`: every GET under /admin, exports included; `support`: viewer, and decide applications, create, suspend and reinstate accounts, revoke keys, reverse payouts, redeliver webhooks; `admin`: everything",
  },
);

export const OperatorBody = Type.Object(
  { name: TextInput({ minLength: 1, maxLength: OPERATOR_NAME_LENGTH_MAX }), role: RoleSchema },
  { additionalProperties: false },
);

export const OperatorPatchBody = Type.Object(
  {
    role: Type.Optional(RoleSchema),
    disabled: Type.Optional(
      Type.Boolean({
        description: "true: its token answers 401 from now on; false: it works again",
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const Operator = Type.Object({
  id: Type.String({ format: "uuid" }),
  name: Type.String(),
  role: RoleSchema,
  created_at: Timestamp,
  last_used_at: Type.Union([Timestamp, Type.Null()], { description: "Kept to the minute" }),
  disabled_at: Type.Union([Timestamp, Type.Null()]),
});

export const CreatedOperator = Type.Object({
  id: Type.String({ format: "uuid" }),
  name: Type.String(),
  role: RoleSchema,
  created_at: Timestamp,
  token: Type.String({ description: "`op_` + 40 base62 characters: shown only in this answer" }),
});

export const OperatorToken = Type.Object({
  token: Type.String({ description: "The new token, shown only here; the old one answers 401" }),
});

export const SignedInOperator = Type.Object({
  id: Type.String({ description: "The operator's id, or `bootstrap` for ADMIN_TOKEN" }),
  name: Type.String(),
  role: RoleSchema,
});

export const OperatorIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const OperatorListQuery = Type.Object(ListQueryFields, { additionalProperties: false });
