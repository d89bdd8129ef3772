import { Type } from 'typebox';
import { Email, NullableTimestamp, Slug, Timestamp } from '../http/schemas.js';

const Password = Type.String({
  minLength: 12,
  maxLength: 1024,
  writeOnly: true,
  description: 'write-only; at least 12 characters and not a common password (docs/input-hardening.md)',
});
const DisplayName = Type.String({ minLength: 1, maxLength: 200 });

export const UserRead = Type.Object({
  email: Type.String(),
  display_name: Type.String(),
  is_active: Type.Boolean(),
  is_admin: Type.Boolean(),
  has_password: Type.Boolean(),
  roles: Type.Array(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const UserCreate = Type.Object(
  {
    email: Email,
    display_name: Type.Optional(DisplayName),
    password: Type.Optional(Password),
    is_admin: Type.Optional(Type.Boolean()),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const UserPatch = Type.Object(
  {
    display_name: Type.Optional(DisplayName),
    is_active: Type.Optional(Type.Boolean()),
    is_admin: Type.Optional(Type.Boolean()),
    password: Type.Optional(Password),
    current_password: Type.Optional(
      Type.String({
        maxLength: 1024,
        writeOnly: true,
        description:
          'write-only; only with password: required when a user (not an admin) changes their own password',
      }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const EmailParams = Type.Object({ email: Type.String({ maxLength: 254 }) });

export const ServiceAccountRead = Type.Object({
  slug: Type.String(),
  display_name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  is_active: Type.Boolean(),
  roles: Type.Array(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ServiceAccountCreate = Type.Object(
  {
    slug: Slug,
    display_name: DisplayName,
    description: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

export const ServiceAccountPatch = Type.Object(
  {
    display_name: Type.Optional(DisplayName),
    // Null first: with type coercion on, a null tried against the string branch first becomes "".
    description: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 2000 })])),
    is_active: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

const Scope = Type.String({
  pattern: '^[A-Za-z0-9_.:*-]+$',
  maxLength: 200,
  'x-expected': 'a permission name or pattern like project:read or project:*',
});

export const CredentialCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    scopes: Type.Optional(Type.Array(Scope, { maxItems: 100 })),
    expires_in_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  },
  { additionalProperties: false },
);

export const CredentialRead = Type.Object({
  client_id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  expires_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
  created_at: Timestamp,
});

export const CredentialCreated = Type.Object({
  client_id: Type.String(),
  client_secret: Type.String({ description: 'Shown this once; store it now.' }),
  name: Type.String(),
  scopes: Type.Array(Type.String()),
  expires_at: NullableTimestamp,
  created_at: Timestamp,
});

export const LoginBody = Type.Object(
  { email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 1024, writeOnly: true }) },
  { additionalProperties: false },
);

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  scope: Type.Optional(Type.String()),
  refresh_token: Type.Optional(Type.String()),
  issued_token_type: Type.Optional(Type.String()),
});

export const OAuthErrorBody = Type.Object({ error: Type.String(), error_description: Type.String() });

export const Me = Type.Object({
  principal_type: Type.Union([Type.Literal('user'), Type.Literal('service_account')]),
  principal_name: Type.String(),
  actor_name: Type.Union([Type.String(), Type.Null()]),
  auth_method: Type.String(),
  is_admin: Type.Boolean(),
  scopes: Type.Union([Type.Array(Type.String()), Type.Null()]),
  permissions: Type.Array(Type.String()),
});
