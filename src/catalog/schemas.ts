// Request and response schemas of the AI catalog. The only secret field, api_key, appears in write
// schemas alone; response schemas cannot carry it (undeclared fields are stripped).
import { Type, type Static, type TSchema } from 'typebox';
import { PageQuery, Timestamp } from '../http/schemas.js';
import { DRIVER_NAMES } from './drivers.js';
import { MODEL_KINDS } from './store.js';

/**
 * `type: [T, 'null']` rather than anyOf: with the server's type coercion an anyOf would turn a refused
 * value (0, "") into null through its null branch; a type list only coerces what matches no type.
 */
const Nullable = <T extends TSchema>(t: T) =>
  Type.Unsafe<Static<T> | null>({ ...t, type: [(t as unknown as { type: string }).type, 'null'] });

export const DriverName = Type.Enum(DRIVER_NAMES, {
  description:
    'vendor_a: Anthropic; vendor_b: OpenAI; vendor_b_compatible: an OpenAI-compatible server; ' +
    'cloud_a: Amazon Bedrock; cloud_b: Google Cloud Vertex AI',
});
const Name = Type.String({ minLength: 1, maxLength: 200 });
const BaseUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'http or https, with a host and without user name, password, query or fragment',
});
const Region = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,62}$',
  'x-expected':
    'a region name like us-east-1: letters, digits, _ . -, starting with a letter or digit, at most 63',
});
const ApiKey = Type.String({
  minLength: 1,
  maxLength: 4096,
  // Printable ASCII without spaces: what vendors issue, and nothing that could split an HTTP header.
  pattern: '^[\\x21-\\x7e]+$',
  'x-expected': 'a key of printable ASCII characters without spaces',
  description: 'Write-only. Encrypted on receipt; never returned, echoed or logged.',
  writeOnly: true,
});
const ModelSlug = Type.String({
  pattern: '^[a-z0-9](?:[a-z0-9._-]{0,61}[a-z0-9])?$',
  maxLength: 63,
  'x-expected':
    'a model slug: lower-case letters, digits, dots, hyphens and underscores, starting and ending with a letter or digit',
  description: 'Stable alias, unique in the organization',
});
const VendorModelId = Type.String({
  minLength: 1,
  maxLength: 256,
  pattern: '^\\S+$',
  'x-expected': 'a model id without spaces',
  description: "The vendor's model id, unique per provider",
});
const Kind = Type.Enum(MODEL_KINDS);
const Scope = Type.Enum(['organization', 'restricted'] as const);
const TeamSlugs = Type.Array(Type.String({ minLength: 1, maxLength: 63 }), {
  uniqueItems: true,
  maxItems: 100,
  description: 'Teams of the organization allowed to use a restricted model (at least one)',
});
const Tokens = Type.Integer({ minimum: 1, maximum: 100_000_000 });
const Temperature = Type.Number({ minimum: 0, maximum: 2 });
const Decimal = (description: string) =>
  Type.String({
    pattern: '^(0|[1-9][0-9]{0,11})(\\.[0-9]{1,12})?$',
    'x-expected': 'a decimal like 3.50, at most 12 digits before the point and 12 after it',
    description: `${description} An exact decimal as a string (for example "3", "0.25"), never a float.`,
  });
const Cost = (what: string) =>
  Decimal(`USD per one million ${what} tokens; null = unknown or contract pricing; "0" = self-hosted.`);
const SpendCap = Decimal('Monthly spend cap in USD. Advisory only: stored and shown, nothing enforces it.');

export const OrgParams = Type.Object({ org: Type.String({ maxLength: 200 }) });
export const IdParams = Type.Object({
  org: Type.String({ maxLength: 200 }),
  id: Type.String({ maxLength: 200 }),
});

export const DriverRead = Type.Object({
  name: DriverName,
  display_name: Type.String({ description: 'the vendor or cloud the driver talks to, e.g. Anthropic' }),
  description: Type.String({
    description: 'what the driver calls, with which SDK or API, and what it needs',
  }),
  icon: Type.String({ description: "an icon name for the vendor's or cloud's logo, e.g. anthropic" }),
  default_base_url: Type.Union([Type.String(), Type.Null()]),
  supports_iam: Type.Boolean(),
  requires_base_url: Type.Boolean(),
  supports_discovery: Type.Boolean(),
});

export const ProviderRead = Type.Object({
  id: Type.String(),
  organization: Type.String(),
  driver: DriverName,
  driver_display_name: Type.String({ description: "the driver's display name (the vendor or cloud)" }),
  name: Type.String(),
  base_url: Type.Union([Type.String(), Type.Null()], { description: "null: the driver's default applies" }),
  region: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  has_credentials: Type.Boolean(),
  credential_hint: Type.Optional(
    Type.String({ description: 'Last 4 characters of the key; absent when the key is shorter than 8' }),
  ),
  credential_updated_at: Type.Union([Timestamp, Type.Null()]),
  auth_kind: Type.Enum(['api_key', 'iam', 'none'] as const),
  warnings: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'On create and on a change of base_url only: what will not work as configured (a base URL on a private network that discovery will refuse, naming the setting that allows it)',
    }),
  ),
  updated_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ProviderCreate = Type.Object(
  {
    driver: DriverName,
    name: Name,
    base_url: Type.Optional(Nullable(BaseUrl)),
    region: Type.Optional(Nullable(Region)),
    enabled: Type.Optional(Type.Boolean()),
    api_key: Type.Optional(ApiKey),
  },
  { additionalProperties: false },
);

export const ProviderPatch = Type.Object(
  {
    name: Type.Optional(Name),
    base_url: Type.Optional(Nullable(BaseUrl)),
    region: Type.Optional(Nullable(Region)),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const CredentialsPut = Type.Object({ api_key: ApiKey }, { additionalProperties: false });

const modelFields = {
  name: Type.Optional(Name),
  kind: Type.Optional(Kind),
  access_scope: Type.Optional(Scope),
  team_slugs: Type.Optional(TeamSlugs),
  context_window: Type.Optional(Nullable(Tokens)),
  max_output_tokens: Type.Optional(Nullable(Tokens)),
  default_temperature: Type.Optional(Nullable(Temperature)),
  input_cost_per_mtok: Type.Optional(Nullable(Cost('input'))),
  output_cost_per_mtok: Type.Optional(Nullable(Cost('output'))),
  monthly_spend_cap: Type.Optional(Nullable(SpendCap)),
  enabled: Type.Optional(Type.Boolean()),
};

export const ModelCreate = Type.Object(
  { provider_id: Type.String({ maxLength: 200 }), model_id: VendorModelId, slug: ModelSlug, ...modelFields },
  { additionalProperties: false },
);

export const ModelPatch = Type.Object(
  { slug: Type.Optional(ModelSlug), ...modelFields },
  { additionalProperties: false, minProperties: 1 },
);

export const ModelRead = Type.Object({
  id: Type.String(),
  organization: Type.String(),
  provider_id: Type.String(),
  model_id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  kind: Kind,
  access_scope: Scope,
  team_slugs: Type.Array(Type.String(), { description: 'Teams that may use a restricted model' }),
  deleted_team_slugs: Type.Array(Type.String(), {
    description:
      'Teams chosen for a restricted model that were deleted since. The model stays restricted: a deleted team never widens access.',
  }),
  context_window: Type.Union([Type.Integer(), Type.Null()]),
  max_output_tokens: Type.Union([Type.Integer(), Type.Null()]),
  default_temperature: Type.Union([Type.Number(), Type.Null()]),
  input_cost_per_mtok: Type.Union([Type.String(), Type.Null()]),
  output_cost_per_mtok: Type.Union([Type.String(), Type.Null()]),
  monthly_spend_cap: Type.Union([Type.String(), Type.Null()], {
    description: 'Advisory only: stored and shown, nothing enforces it.',
  }),
  enabled: Type.Boolean(),
  updated_by: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const ModelListQuery = Type.Object(
  { ...PageQuery.properties, provider_id: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

export const DiscoverRead = Type.Object({
  provider_id: Type.String(),
  driver: DriverName,
  truncated: Type.Boolean({
    description: 'The provider reported more than 1000 models; the first 1000 are listed',
  }),
  models: Type.Array(
    Type.Object({
      model_id: Type.String(),
      display_name: Type.String(),
      context_window: Type.Optional(Type.Integer()),
      max_output_tokens: Type.Optional(Type.Integer()),
      already_imported: Type.Boolean(),
    }),
  ),
});

export const ImportBody = Type.Object(
  {
    models: Type.Array(
      Type.Object(
        { model_id: VendorModelId, slug: Type.Optional(ModelSlug), ...modelFields },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
);
