// An example of every operation in /openapi.json: of its request body when it takes one, and of its
// success answer when that has a body. Keyed by "METHOD /path" as the document writes paths ({param});
// put into the document by src/http/document-examples.ts. test/http/operation-examples.test.ts checks
// each example against its schema (so a changed schema breaks its example there), that every operation
// has one, and that none holds a secret: where a secret would be, an example shows a <placeholder>.

export interface OperationExample {
  /** An example request body (of every media type the body takes, unless `requests` gives its own). */
  request?: unknown;
  /** Request examples by media type, for a body whose media types differ (NDJSON and CSV). */
  requests?: Readonly<Record<string, unknown>>;
  /** An example of the success answer, when one 2xx answer has a body. */
  response?: unknown;
  /** Examples by status, when several 2xx answers have a body. */
  responses?: Readonly<Record<string, unknown>>;
}

// The things the examples speak of, shared by the operations that answer them.
const AT = '2026-01-31T09:30:00Z';
const LATER = '2026-02-02T14:05:00Z';
const PROJECT_ID = '0190f6a4-8b7e-7cc0-b5d6-3a1f2e4c5d6e';
const ENVIRONMENT_ID = '0190f6a5-3e4f-7051-8c6d-7e8f9a0b1c2d';
const ACCOUNT_ID = '0190f6a5-4f50-7162-9d7e-8f9a0b1c2d3e';
const PROVIDER_ID = '0190f6a5-6172-7384-9f90-a0b1c2d3e4f5';
const CONSENT_ID = '0190f6a5-5061-7273-8e8f-9a0b1c2d3e4f';

const user = {
  email: 'ada@example.com',
  display_name: 'Ada Lovelace',
  is_active: true,
  is_admin: false,
  has_password: true,
  roles: ['member'],
  created_at: AT,
  updated_at: LATER,
};

const serviceAccount = {
  slug: 'deploy-bot',
  display_name: 'Deploy bot',
  description: 'Records deployments from CI',
  is_active: true,
  roles: ['release-manager'],
  created_at: AT,
  updated_at: AT,
};

const tokens = {
  access_token: '<access token: a JWT>',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_token: '<refresh token>',
};

const role = {
  slug: 'release-manager',
  name: 'Release manager',
  description: 'Records deployments and rollbacks',
  builtin: false,
  permissions: ['project:read', 'operations-log:write'],
  created_at: AT,
  updated_at: AT,
};

const organization = {
  id: '0190f6a3-0000-7000-8000-00000000a001',
  slug: 'acme',
  name: 'Acme',
  created_at: AT,
  updated_at: AT,
};

const team = {
  id: '0190f6a3-0000-7000-8000-00000000a002',
  slug: 'platform',
  name: 'Platform team',
  organization: 'acme',
  created_at: AT,
  updated_at: AT,
};

const project = {
  id: PROJECT_ID,
  slug: 'acme-web',
  name: 'Acme web',
  organization: 'acme',
  team: 'platform',
  types: ['service'],
  attributes: { tier: 'gold', language: 'typescript' },
  archived: null,
  environments: [
    { environment: 'production', url: 'https://shop.acme.com', version: '2.4.1', since: AT },
    { environment: 'staging', url: 'https://staging.shop.acme.com', version: '2.5.0-rc.1', since: LATER },
  ],
  score: 82.5,
  previous_score: 70,
  updated_by: 'ada@example.com',
  created_at: AT,
  updated_at: LATER,
};

/** The links the read of one project resolves (lists and write answers leave them out). */
const projectLinks = [
  {
    link: 'repository',
    name: 'Repository',
    icon: 'git',
    url: 'https://git.example.com/acme/acme-web',
    overridden: false,
  },
  {
    link: 'runbook',
    name: 'Runbook',
    icon: 'book',
    url: 'https://wiki.example.com/acme/web-shop-runbook',
    overridden: true,
  },
];

const linkDefinition = {
  slug: 'runbook',
  name: 'Runbook',
  url_template: 'https://wiki.example.com/{org}/{project}',
  icon: 'book',
  organization: 'acme',
  created_at: AT,
  updated_at: AT,
};

const deployment = {
  environment: 'production',
  url: 'https://shop.acme.com',
  version: '2.4.1',
  since: AT,
};

const projectType = {
  slug: 'service',
  name: 'Service',
  description: 'A deployable service',
  deploys: true,
  organization: 'acme',
  created_at: AT,
  updated_at: AT,
};

const blueprint = {
  slug: 'services',
  name: 'Services',
  organization: 'acme',
  project_type: 'service',
  schema: {
    type: 'object',
    properties: { tier: { enum: ['gold', 'silver', 'bronze'] }, language: { type: 'string' } },
    required: ['tier'],
  },
  created_at: AT,
  updated_at: AT,
};

const dependency = {
  project: 'acme-payments',
  name: 'Acme payments',
  note: 'Calls its payments API',
  created_at: AT,
};

const environment = {
  id: ENVIRONMENT_ID,
  slug: 'production',
  name: 'Production',
  created_at: AT,
  updated_at: AT,
};

const oauthProvider = {
  slug: 'google',
  type: 'provider_a',
  type_display_name: 'Google',
  type_description: 'Sign in with Google accounts',
  name: 'Google',
  enabled: true,
  client_id: '1234-abcd.apps.googleusercontent.com',
  has_secret: true,
  issuer_url: null,
  allowed_domains: ['acme.com'],
  icon: 'provider_a',
  callback_url: 'https://keel.example.com/auth/oauth/google/callback',
  updated_by: 'ada@example.com',
  created_at: AT,
  updated_at: AT,
};

const accountSchema = {
  type: 'object',
  required: ['provider', 'account_id', 'name'],
  additionalProperties: false,
  properties: {
    provider: { enum: ['aws', 'gcp', 'azure'] },
    account_id: {
      type: 'string',
      pattern: '^[a-z0-9-]{3,64}$',
      'x-expected': '3 to 64 lower-case letters, digits and hyphens',
    },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    regions: { type: 'array', uniqueItems: true, items: { type: 'string' } },
  },
};

const mapsToSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { role: { enum: ['primary', 'dr'] } },
};

/** The manifest of examples/plugins/cloud-accounts.yaml, abridged. */
const manifest = {
  slug: 'cloud-accounts',
  name: 'Cloud accounts',
  version: '1.0.0',
  description: 'Cloud provider accounts and the environments that deploy into them.',
  vertex_labels: [{ name: 'CloudAccount', display_name: 'Cloud account', schema: accountSchema }],
  edge_labels: [
    {
      source_label: 'Environment',
      edge_label: 'MAPS_TO',
      target_label: 'CloudAccount',
      schema: mapsToSchema,
    },
  ],
};

const plugin = {
  ...manifest,
  revision: 1,
  permissions: [
    'plugins:cloud-accounts:entities:CloudAccount:read',
    'plugins:cloud-accounts:entities:CloudAccount:write',
    'plugins:cloud-accounts:entities:MAPS_TO:read',
    'plugins:cloud-accounts:entities:MAPS_TO:write',
  ],
  installed_by: 'ada@example.com',
  updated_by: 'ada@example.com',
  created_at: AT,
  updated_at: AT,
};

const cloudAccount = {
  provider: 'aws',
  account_id: 'acme-prod-1',
  name: 'Acme production',
  regions: ['eu-west-1'],
};

const entity = {
  id: ACCOUNT_ID,
  plugin: 'cloud-accounts',
  label: 'CloudAccount',
  properties: cloudAccount,
  created_at: AT,
  updated_at: AT,
};

const edge = {
  plugin: 'cloud-accounts',
  label: 'MAPS_TO',
  source_id: ENVIRONMENT_ID,
  source_label: 'Environment',
  target_id: ACCOUNT_ID,
  target_label: 'CloudAccount',
  properties: { role: 'primary' },
  created_at: AT,
};

const consent = {
  id: CONSENT_ID,
  user_email: 'ada@example.com',
  actor_sa: 'scheduler',
  scope: 'service-api:*',
  status: 'active',
  created_at: AT,
  expires_at: '2026-05-01T00:00:00Z',
  revoked_at: null,
};

const policy = {
  slug: 'tier',
  name: 'Service tier',
  description: 'Gold services score higher',
  attribute: 'tier',
  weight: 40,
  enabled: true,
  value_score_map: { gold: 100, silver: 60, bronze: 20 },
  range_score_map: null,
  project_types: ['service'],
  updated_by: 'ada@example.com',
  created_at: AT,
  updated_at: AT,
};

const aiProvider = {
  id: PROVIDER_ID,
  organization: 'acme',
  driver: 'vendor_a',
  driver_display_name: 'Anthropic',
  name: 'Anthropic',
  base_url: null,
  region: null,
  enabled: true,
  has_credentials: true,
  credential_hint: '...a1b2',
  credential_updated_at: AT,
  auth_kind: 'api_key',
  warnings: [],
  updated_by: 'ada@example.com',
  created_at: AT,
  updated_at: AT,
};

const aiModel = {
  id: '0190f6a5-7283-7495-8a01-b1c2d3e4f506',
  organization: 'acme',
  provider_id: PROVIDER_ID,
  model_id: 'claude-sonnet-4-5',
  slug: 'claude-sonnet',
  name: 'Claude Sonnet',
  kind: 'chat',
  access_scope: 'organization',
  team_slugs: [],
  deleted_team_slugs: [],
  context_window: 200000,
  max_output_tokens: 64000,
  default_temperature: 1,
  input_cost_per_mtok: '3.00',
  output_cost_per_mtok: '15.00',
  monthly_spend_cap: '500.00',
  enabled: true,
  updated_by: 'ada@example.com',
  created_at: AT,
  updated_at: AT,
};

const comment = {
  id: '0190f6a5-8394-75a6-9b12-c2d3e4f50617',
  organization: 'acme',
  project: 'acme-web',
  body: 'Deployed 2.4.1 to production.',
  author: 'ada@example.com',
  created_at: AT,
};

const webhook = {
  id: '0190f6a5-94a5-76b7-8c23-d3e4f5061728',
  slug: 'deploys',
  integration: 'github',
  project: 'acme/acme-web',
  has_secret: true,
  sender: 'github',
  delivery_url: 'https://keel.example.com/webhooks/github/deploys',
  delivery_headers: [
    { name: 'X-Hub-Signature-256', required: true, value: 'sha256=<HMAC-SHA256 of the body, in hex>' },
    { name: 'X-GitHub-Delivery', required: true, value: '<the delivery id>' },
    { name: 'X-GitHub-Event', required: false, value: '<the event type>' },
  ],
  updated_by: 'ada@example.com',
  created_at: AT,
  updated_at: AT,
};

const operation = {
  id: '0190f6a5-a5b6-77c8-9d34-e4f506172839',
  organization: 'acme',
  project: 'acme-web',
  environment: 'production',
  entry_type: 'Deployed',
  description: 'Deployed 2.4.1 to production',
  version: '2.4.1',
  link: 'https://ci.example.com/runs/42',
  ticket: 'OPS-142',
  status: 'completed',
  occurred_at: AT,
  completed_at: AT,
  recorded_by: 'deploy-bot',
  recorded_at: AT,
};

const event = {
  id: '0190f6a5-b6c7-78d9-8e45-f5061728394a',
  type: 'project.updated',
  topic: 'lifecycle',
  summary: 'ada@example.com updated project acme-web',
  subject: { type: 'project', id: PROJECT_ID },
  organization: 'acme',
  project: 'acme-web',
  environment: null,
  by: 'ada@example.com',
  principal: 'ada@example.com',
  actor: null,
  occurred_at: AT,
  details: {
    changed: ['name'],
    previous_slug: 'acme-web',
    changes: [{ field: '/name', old: 'Acme web', new: 'Acme web shop' }],
  },
};

// Due at 02:00 in Paris; its jitter (up to 60 s, an offset fixed per schedule) makes it fire at 02:00:47.
const schedule = {
  slug: 'nightly-rescore',
  name: 'Rescore every night',
  cron: '0 2 * * *',
  every: null,
  once_at: null,
  timezone: 'Europe/Paris',
  enabled: true,
  state: 'active',
  completed_at: null,
  kind: 'user',
  target: { method: 'POST', path: '/scoring/rescore', body: { organization: 'acme' } },
  retry: { max_attempts: 8, initial_backoff: 2, max_backoff: 30 },
  timeout_seconds: null,
  overlap: 'skip',
  queued_occurrence_at: null,
  created_by: 'ada@example.com',
  consent_id: CONSENT_ID,
  jitter_seconds: 60,
  auto_pause_after: 10,
  paused_at: null,
  paused_by: null,
  paused_reason: null,
  next_run_at: '2026-02-01T01:00:47Z',
  next_due_at: '2026-02-01T01:00:00Z',
  next_due_dst: null,
  last_run_at: '2026-01-31T01:00:47Z',
  created_at: AT,
  updated_at: AT,
};

const run = {
  id: '0190f6a5-c7d8-79ea-9f56-06172839a4b5',
  schedule_slug: 'nightly-rescore',
  kind: 'user',
  trigger: 'schedule',
  occurrence_at: '2026-01-31T01:00:00Z',
  started_at: '2026-01-31T01:00:47Z',
  finished_at: '2026-01-31T01:00:48Z',
  duration_ms: 412,
  state: 'succeeded',
  http_status: 200,
  principal_name: 'ada@example.com',
  actor_name: 'scheduler',
  consent_id: CONSENT_ID,
  error: null,
  attempts: [
    {
      started_at: '2026-01-31T01:00:47Z',
      finished_at: '2026-01-31T01:00:48Z',
      http_status: 200,
      error: null,
    },
  ],
  next_attempt_at: null,
  cancel_requested_at: null,
  cancelled_by: null,
  jittered_at: '2026-01-31T01:00:47Z',
};

/** The next two occurrences of the schedule above: due at 02:00 in Paris, fired 47 s later. */
const dryRunOccurrences = [
  {
    at: '2026-02-01T01:00:00.000Z',
    fires_at: '2026-02-01T01:00:47.000Z',
    local: '2026-02-01T02:00:00+01:00',
    dst: null,
    dst_note: null,
  },
  {
    at: '2026-02-02T01:00:00.000Z',
    fires_at: '2026-02-02T01:00:47.000Z',
    local: '2026-02-02T02:00:00+01:00',
    dst: null,
    dst_note: null,
  },
];

/** POST /auth/can for the schedule's target, with the token its job would call with. */
const rescorePermission = {
  allowed: true,
  permission: 'scoring:rescore',
  reason:
    'holds scoring:rescore; when the body names such a resource, it also needs organization:read, project:read',
};

export const OPERATION_EXAMPLES: Readonly<Record<string, OperationExample>> = {
  'GET /health': { response: { status: 'ok' } },
  'GET /ready': {
    response: { status: 'ready', stream: { adapter: 'nats', state: 'up' } },
  },
  'POST /users': {
    request: {
      email: 'ada@example.com',
      display_name: 'Ada Lovelace',
      password: '<a password of at least 12 characters>',
    },
    response: user,
  },
  'GET /users': { response: [user] },
  'GET /users/{email}': { response: user },
  'PATCH /users/{email}': {
    request: { display_name: 'Ada King', is_admin: false },
    response: user,
  },
  'POST /service-accounts': {
    request: { slug: 'deploy-bot', display_name: 'Deploy bot', description: 'Records deployments from CI' },
    response: serviceAccount,
  },
  'GET /service-accounts': { response: [serviceAccount] },
  'GET /service-accounts/{slug}': { response: serviceAccount },
  'PATCH /service-accounts/{slug}': {
    request: { description: 'Records deployments and rollbacks from CI' },
    response: serviceAccount,
  },
  'POST /service-accounts/{slug}/client-credentials': {
    request: { name: 'CI deploys', scopes: ['project:read', 'operations-log:write'], expires_in_days: 90 },
    response: {
      client_id: 'deploy-bot-x7Kq2mPz4',
      client_secret: '<client secret: shown once, store it now>',
      name: 'CI deploys',
      scopes: ['project:read', 'operations-log:write'],
      expires_at: '2026-05-01T09:30:00Z',
      created_at: AT,
    },
  },
  'GET /service-accounts/{slug}/client-credentials': {
    response: [
      {
        client_id: 'deploy-bot-x7Kq2mPz4',
        name: 'CI deploys',
        scopes: ['project:read', 'operations-log:write'],
        expires_at: '2026-05-01T09:30:00Z',
        revoked_at: null,
        created_at: AT,
      },
    ],
  },
  'POST /auth/login': { response: tokens },
  'POST /auth/session': { response: tokens },
  'POST /auth/token': {
    request: {
      grant_type: 'client_credentials',
      client_id: 'deploy-bot-x7Kq2mPz4',
      client_secret: '<client secret>',
    },
    response: {
      access_token: '<access token: a JWT>',
      token_type: 'Bearer',
      expires_in: 900,
      scope: 'project:read operations-log:write',
    },
  },
  'POST /auth/can': {
    response: { allowed: true, permission: 'project:create', reason: 'holds project:create' },
  },
  'GET /auth/me': {
    response: {
      principal_type: 'user',
      principal_name: 'ada@example.com',
      actor_name: null,
      auth_method: 'password',
      is_admin: false,
      scopes: null,
      permissions: ['organization:read', 'project:read', 'project:create'],
    },
  },
  'GET /.well-known/jwks.json': {
    response: {
      keys: [
        {
          kty: 'OKP',
          crv: 'Ed25519',
          kid: 'k-2026-01',
          use: 'sig',
          alg: 'EdDSA',
          x: '<public key, base64url>',
        },
      ],
    },
  },
  'GET /.well-known/oauth-authorization-server': {
    response: {
      issuer: 'https://keel.example.com',
      token_endpoint: 'https://keel.example.com/auth/token',
      jwks_uri: 'https://keel.example.com/.well-known/jwks.json',
      grant_types_supported: [
        'client_credentials',
        'refresh_token',
        'urn:ietf:params:oauth:grant-type:token-exchange',
      ],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      response_types_supported: [],
      token_exchange_subject_token_types_supported: [
        'urn:ietf:params:oauth:token-type:access_token',
        'urn:ietf:params:oauth:token-type:jwt',
      ],
      service_documentation: 'https://keel.example.com/docs',
    },
  },
  'GET /permissions': { response: [{ name: 'project:read', description: 'Read projects' }] },
  'POST /roles': {
    request: {
      slug: 'release-manager',
      name: 'Release manager',
      description: 'Records deployments and rollbacks',
      permissions: ['project:read', 'operations-log:write'],
    },
    response: role,
  },
  'GET /roles': { response: [role] },
  'GET /roles/{slug}': { response: role },
  'PATCH /roles/{slug}': {
    request: { permissions: ['project:read', 'project:update', 'operations-log:write'] },
    response: role,
  },
  'POST /organizations': { response: organization },
  'GET /organizations': { response: [organization] },
  'GET /organizations/{org}': { response: organization },
  'PATCH /organizations/{org}': { request: { name: 'Acme Corporation' }, response: organization },
  'POST /organizations/{org}/teams': { request: { slug: 'platform', name: 'Platform team' }, response: team },
  'GET /organizations/{org}/teams': { response: [team] },
  'GET /organizations/{org}/teams/{team}': { response: team },
  'GET /organizations/{org}/teams/{team}/members': {
    response: [{ email: 'ada@example.com', display_name: 'Ada Lovelace' }],
  },
  'POST /organizations/{org}/projects': {
    request: {
      slug: 'acme-web',
      name: 'Acme web',
      team: 'platform',
      types: ['service'],
      attributes: { tier: 'gold', language: 'typescript' },
    },
    response: project,
  },
  'POST /organizations/{org}/projects/import': {
    requests: {
      'application/x-ndjson':
        [
          {
            slug: 'acme-web',
            name: 'Acme web',
            team: 'platform',
            types: ['service'],
            attributes: { tier: 'gold' },
            environments: { production: { url: 'https://shop.acme.example' } },
            links: { runbook: 'https://wiki.acme.example/runbooks/acme-web' },
          },
          { slug: 'acme-api', name: 'Acme API', team: 'platform' },
        ]
          .map((row) => JSON.stringify(row))
          .join('\n') + '\n',
      'text/csv':
        'slug,name,team,types,attr.tier,env.production.url,link.runbook\n' +
        'acme-web,Acme web,platform,service,gold,https://shop.acme.example,https://wiki.acme.example/runbooks/acme-web\n' +
        'acme-api,Acme API,platform,,,,\n',
    },
    // acme-web existed (its attributes, URLs and link change); acme-api is new.
    response: { created: 1, updated: 1, unchanged: 0, refused_count: 0, refused: [] },
  },
  'GET /organizations/{org}/projects': { response: [project] },
  'GET /organizations/{org}/projects/{project}': { response: { ...project, links: projectLinks } },
  'PATCH /organizations/{org}/projects/{project}': {
    request: { name: 'Acme web shop', attributes: { tier: 'gold', language: 'typescript' } },
    response: project,
  },
  'GET /organizations/{org}/projects/{project}/access': {
    response: [{ email: 'grace@example.com', actions: ['read', 'update'] }],
  },
  'PUT /organizations/{org}/projects/{project}/access/{email}': {
    request: { actions: ['read', 'update'] },
    response: { email: 'grace@example.com', actions: ['read', 'update'] },
  },
  'POST /organizations/{org}/projects/{project}/archive': {
    request: { reason: 'Replaced by acme-shop' },
    response: {
      ...project,
      archived: { at: LATER, by: 'ada@example.com', reason: 'Replaced by acme-shop' },
    },
  },
  'POST /organizations/{org}/projects/{project}/unarchive': { response: project },
  'PUT /organizations/{org}/projects/{project}/environments/{environment}': {
    request: { url: 'https://shop.acme.com' },
    responses: { '200': deployment, '201': { ...deployment, version: null, since: null } },
  },
  'PUT /organizations/{org}/projects/{project}/links/{link}': {
    request: { url: 'https://wiki.example.com/acme/web-shop-runbook' },
    responses: {
      '200': { link: 'runbook', url: 'https://wiki.example.com/acme/web-shop-runbook' },
      '201': { link: 'runbook', url: 'https://wiki.example.com/acme/web-shop-runbook' },
    },
  },
  'POST /organizations/{org}/link-definitions': {
    request: {
      slug: 'runbook',
      name: 'Runbook',
      url_template: 'https://wiki.example.com/{org}/{project}',
      icon: 'book',
    },
    response: linkDefinition,
  },
  'GET /organizations/{org}/link-definitions': {
    response: [
      {
        ...linkDefinition,
        slug: 'repository',
        name: 'Repository',
        url_template: 'https://git.example.com/{org}/{project}',
        icon: 'git',
      },
      linkDefinition,
    ],
  },
  'GET /organizations/{org}/link-definitions/{link}': { response: linkDefinition },
  'PATCH /organizations/{org}/link-definitions/{link}': {
    request: { url_template: 'https://runbooks.example.com/{team}/{project}' },
    response: {
      ...linkDefinition,
      url_template: 'https://runbooks.example.com/{team}/{project}',
      updated_at: LATER,
    },
  },
  'POST /organizations/{org}/project-types': {
    request: { slug: 'service', name: 'Service', description: 'A deployable service', deploys: true },
    response: projectType,
  },
  'GET /organizations/{org}/project-types': { response: [projectType] },
  'GET /organizations/{org}/project-types/{type}': { response: projectType },
  'PATCH /organizations/{org}/project-types/{type}': {
    request: { description: 'A service deployed to the production environment' },
    response: projectType,
  },
  'GET /organizations/{org}/projects/{project}/schema': {
    response: { type: 'object', allOf: [blueprint.schema] },
  },
  'POST /organizations/{org}/blueprints': {
    request: {
      slug: 'services',
      name: 'Services',
      schema: {
        type: 'object',
        properties: { tier: { enum: ['gold', 'silver', 'bronze'] }, language: { type: 'string' } },
        required: ['tier'],
      },
    },
    response: blueprint,
  },
  'GET /organizations/{org}/blueprints': { response: [blueprint] },
  'POST /organizations/{org}/blueprints/dry-run': {
    request: {
      schema: {
        type: 'object',
        properties: { tier: { enum: ['gold', 'silver', 'bronze'] } },
        required: ['tier'],
      },
    },
    response: {
      checked: 12,
      misfit_count: 1,
      misfits: [
        { project: 'acme-web', errors: [{ pointer: '/tier', detail: 'is required', keyword: 'required' }] },
      ],
    },
  },
  'GET /organizations/{org}/blueprints/{blueprint}': { response: blueprint },
  'PUT /organizations/{org}/blueprints/{blueprint}': {
    request: {
      name: 'Services',
      schema: {
        type: 'object',
        properties: { tier: { enum: ['gold', 'silver', 'bronze'] } },
        required: ['tier'],
      },
    },
    response: blueprint,
  },
  'GET /organizations/{org}/projects/{project}/dependencies': { response: [dependency] },
  'GET /organizations/{org}/projects/{project}/dependents': {
    response: [{ project: 'acme-web', name: 'Acme web', note: 'Calls its payments API', created_at: AT }],
  },
  'PUT /organizations/{org}/projects/{project}/dependencies/{target}': {
    request: { note: 'Calls its payments API' },
    responses: { '200': dependency, '201': dependency },
  },
  'GET /organizations/{org}/projects/{project}/blast-radius': {
    response: {
      project: 'acme-payments',
      depth: 2,
      truncated: false,
      dependents: [
        { project: 'acme-web', name: 'Acme web', depth: 1 },
        { project: 'acme-mobile', name: 'Acme mobile', depth: 2 },
      ],
    },
  },
  'POST /environments': { request: { slug: 'production', name: 'Production' }, response: environment },
  'GET /environments': { response: [environment] },
  'GET /environments/{slug}': { response: environment },
  'PATCH /environments/{slug}': {
    request: { name: 'Production (EU)' },
    response: environment,
  },
  'GET /admin/oauth-provider-types': {
    response: [
      {
        type: 'provider_a',
        display_name: 'Google',
        description: 'Sign in with Google accounts; an allow-list of email domains limits who may',
        icon: 'provider_a',
      },
    ],
  },
  'GET /admin/oauth-providers': { response: [oauthProvider] },
  'GET /admin/oauth-providers/{slug}': { response: oauthProvider },
  'PUT /admin/oauth-providers/{slug}': {
    request: {
      type: 'provider_a',
      name: 'Google',
      enabled: true,
      client_id: '1234-abcd.apps.googleusercontent.com',
      client_secret: '<client secret>',
      allowed_domains: ['acme.com'],
      icon: 'provider_a',
    },
    responses: { '200': oauthProvider, '201': oauthProvider },
  },
  'GET /auth/providers': {
    response: [
      {
        slug: 'google',
        type: 'provider_a',
        type_display_name: 'Google',
        name: 'Google',
        icon: 'provider_a',
        authorize_url: 'https://keel.example.com/auth/oauth/google/authorize',
      },
    ],
  },
  'GET /admin/plugins': { response: [plugin] },
  'POST /admin/plugins': {
    request: { manifest },
    response: plugin,
  },
  'GET /admin/plugins/{slug}': { response: plugin },
  'PUT /admin/plugins/{slug}': {
    request: { manifest },
    response: plugin,
  },
  'GET /admin/plugins/{slug}/entities/{label}': { response: [entity] },
  'POST /admin/plugins/{slug}/entities/{label}': {
    request: cloudAccount,
    response: entity,
  },
  'PATCH /admin/plugins/{slug}/entities/{label}/{id}': {
    request: { name: 'Acme production (EU)' },
    response: { ...entity, properties: { ...cloudAccount, name: 'Acme production (EU)' }, updated_at: LATER },
  },
  'GET /admin/plugins/{slug}/entities/{label}/{id}': { response: entity },
  'GET /admin/plugins/{slug}/edges/{label}': {
    response: [{ ...edge, source_name: 'Production', target_name: null }],
  },
  'POST /admin/plugins/{slug}/edges/{label}': {
    request: { source_id: ENVIRONMENT_ID, target_id: ACCOUNT_ID, properties: { role: 'primary' } },
    responses: { '200': edge, '201': edge },
  },
  'GET /admin/plugins/{slug}/entities/{label}/_schema': { response: accountSchema },
  'GET /admin/plugins/{slug}/edges/{label}/_schema': { response: mapsToSchema },
  'GET /admin/environments/{slug}/plugin-edges/{plugin}/{label}': {
    response: [
      {
        ...edge,
        entity: {
          id: ACCOUNT_ID,
          label: 'CloudAccount',
          plugin: 'cloud-accounts',
          properties: cloudAccount,
          created_at: AT,
          updated_at: AT,
        },
      },
    ],
  },
  'POST /consents': {
    request: { scope: 'service-api:*', expires_at: '2026-05-01T00:00:00Z' },
    response: consent,
  },
  'GET /consents': { response: [consent] },
  'GET /consents/{id}': { response: consent },
  'POST /scoring/policies': {
    request: {
      slug: 'tier',
      name: 'Service tier',
      attribute: 'tier',
      weight: 40,
      value_score_map: { gold: 100, silver: 60, bronze: 20 },
    },
    response: policy,
  },
  'GET /scoring/policies': { response: [policy] },
  'GET /scoring/policies/{slug}': { response: policy },
  'PATCH /scoring/policies/{slug}': {
    request: { weight: 50 },
    response: { ...policy, weight: 50, updated_at: LATER },
  },
  'POST /api/scoring/recompute-all': { response: { queued: 12, reason: 'scheduled_recompute' } },
  'POST /scoring/rescore': {
    request: { organization: 'acme', project: 'acme-web' },
    response: { rescored: 1, changed: 1 },
  },
  'GET /organizations/{org}/projects/{project}/score/history': {
    response: [
      {
        score: 82.5,
        previous_score: 70,
        reason: 'policy_changed',
        requested_by: 'ada@example.com',
        computed_at: LATER,
      },
    ],
  },
  'GET /ai-provider-drivers': {
    response: [
      {
        name: 'vendor_a',
        display_name: 'Anthropic',
        description: "Anthropic's API (Claude models), called with the vendor's SDK",
        icon: 'anthropic',
        default_base_url: 'https://api.anthropic.com',
        supports_iam: false,
        requires_base_url: false,
        supports_discovery: true,
      },
    ],
  },
  'POST /organizations/{org}/ai-providers': {
    request: { driver: 'vendor_a', name: 'Anthropic', api_key: '<api-key>' },
    response: aiProvider,
  },
  'GET /organizations/{org}/ai-providers': { response: [aiProvider] },
  'GET /organizations/{org}/ai-providers/{id}': { response: aiProvider },
  'PATCH /organizations/{org}/ai-providers/{id}': {
    request: { name: 'Anthropic (EU)', enabled: true },
    response: { ...aiProvider, name: 'Anthropic (EU)', updated_at: LATER },
  },
  'PUT /organizations/{org}/ai-providers/{id}/credentials': {
    request: { api_key: '<api-key>' },
    response: { ...aiProvider, credential_hint: '...c3d4', credential_updated_at: LATER, updated_at: LATER },
  },
  'POST /organizations/{org}/ai-providers/{id}/discover': {
    response: {
      provider_id: PROVIDER_ID,
      driver: 'vendor_a',
      truncated: false,
      models: [
        {
          model_id: 'claude-sonnet-4-5',
          display_name: 'Claude Sonnet 4.5',
          context_window: 200000,
          max_output_tokens: 64000,
          already_imported: false,
        },
      ],
    },
  },
  'POST /organizations/{org}/ai-providers/{id}/import-models': {
    request: {
      models: [{ model_id: 'claude-sonnet-4-5', slug: 'claude-sonnet', name: 'Claude Sonnet', kind: 'chat' }],
    },
    response: [aiModel],
  },
  'POST /organizations/{org}/ai-models': {
    request: {
      provider_id: PROVIDER_ID,
      model_id: 'claude-sonnet-4-5',
      slug: 'claude-sonnet',
      name: 'Claude Sonnet',
    },
    response: aiModel,
  },
  'GET /organizations/{org}/ai-models': { response: [aiModel] },
  'GET /organizations/{org}/ai-models/{id}': { response: aiModel },
  'PATCH /organizations/{org}/ai-models/{id}': {
    request: { monthly_spend_cap: '800.00' },
    response: { ...aiModel, monthly_spend_cap: '800.00', updated_at: LATER },
  },
  'POST /organizations/{org}/projects/{project}/comments': {
    request: { body: 'Deployed 2.4.1 to production.' },
    response: comment,
  },
  'GET /organizations/{org}/projects/{project}/comments': { response: [comment] },
  'POST /admin/webhooks': {
    request: {
      slug: 'deploys',
      integration: 'github',
      secret: '<a shared secret>',
      sender: 'github',
      project: 'acme/acme-web',
    },
    response: webhook,
  },
  'GET /admin/webhooks': { response: [webhook] },
  'GET /admin/webhooks/{slug}': { response: webhook },
  'PATCH /admin/webhooks/{slug}': {
    request: { secret: '<a new shared secret>' },
    response: { ...webhook, updated_at: LATER },
  },
  'POST /webhooks/{integration}/{webhook}': {
    request: { action: 'completed', workflow_run: { id: 42, conclusion: 'success' } },
    response: { event_id: '0190f6a5-1c2d-7e3f-8a4b-5c6d7e8f9a0b' },
  },
  'POST /organizations/{org}/operations-log': {
    request: {
      project: 'acme-web',
      environment: 'production',
      entry_type: 'Deployed',
      description: 'Deployed 2.4.1 to production',
      version: '2.4.1',
      link: 'https://ci.example.com/runs/42',
    },
    response: operation,
  },
  'GET /organizations/{org}/operations-log': { response: [operation] },
  'GET /organizations/{org}/operations-log/{id}': { response: operation },
  'POST /organizations/{org}/operations-log/{id}/complete': {
    request: { completed_at: LATER },
    response: operation,
  },
  'POST /organizations/{org}/projects/{project}/releases/{version}/components': {
    request: {
      components: [
        { name: 'react', version: '18.3.1', purl: 'pkg:npm/react@18.3.1' },
        { name: 'fastify', version: '5.2.0', purl: 'pkg:npm/fastify@5.2.0' },
      ],
    },
    response: {
      organization: 'acme',
      project: 'acme-web',
      release_version: '2.4.1',
      batch_id: '0190f6a5-2d3e-7f40-9b5c-6d7e8f9a0b1c',
      component_count: 2,
      recorded_at: AT,
    },
  },
  'GET /organizations/{org}/projects/{project}/releases': {
    response: [
      {
        release_version: '2.4.1',
        batch_id: '0190f6a5-2d3e-7f40-9b5c-6d7e8f9a0b1c',
        recorded_at: AT,
        component_count: 2,
      },
    ],
  },
  'GET /organizations/{org}/projects/{project}/releases/{version}/components': {
    response: {
      organization: 'acme',
      project: 'acme-web',
      release_version: '2.4.1',
      batch_id: '0190f6a5-2d3e-7f40-9b5c-6d7e8f9a0b1c',
      recorded_at: AT,
      components: [
        { name: 'react', version: '18.3.1', purl: 'pkg:npm/react@18.3.1' },
        { name: 'fastify', version: '5.2.0', purl: 'pkg:npm/fastify@5.2.0' },
      ],
    },
  },
  'GET /organizations/{org}/events': { response: [event] },
  'GET /organizations/{org}/projects/{project}/events': { response: [event] },
  'POST /scheduler/schedules': {
    request: {
      slug: 'nightly-rescore',
      name: 'Rescore every night',
      cron: '0 2 * * *',
      timezone: 'Europe/Paris',
      target: { method: 'POST', path: '/scoring/rescore', body: { organization: 'acme' } },
      jitter_seconds: 60,
    },
    response: schedule,
  },
  'GET /scheduler/schedules': { response: [schedule] },
  'GET /scheduler/schedules/{slug}': { response: schedule },
  'PATCH /scheduler/schedules/{slug}': {
    request: { cron: '0 3 * * *' },
    response: {
      ...schedule,
      cron: '0 3 * * *',
      next_run_at: '2026-02-01T02:00:47Z',
      next_due_at: '2026-02-01T02:00:00Z',
      updated_at: LATER,
    },
  },
  'POST /scheduler/schedules/dry-run': {
    // ?count=2: the body of a schedule not created yet, asked with the caller's own token.
    request: {
      slug: 'nightly-rescore',
      cron: '0 2 * * *',
      timezone: 'Europe/Paris',
      target: { method: 'POST', path: '/scoring/rescore', body: { organization: 'acme' } },
      jitter_seconds: 60,
    },
    response: {
      occurrences: dryRunOccurrences,
      truncated: false,
      consent: {
        status: 'recorded_on_creation',
        detail: 'a consent is recorded under your session when the schedule is created',
      },
      exchange: { ok: null, detail: 'not attempted: there is no consent before the schedule is created' },
      permission: rescorePermission,
    },
  },
  'POST /scheduler/schedules/{slug}/dry-run': {
    // ?count=2
    response: {
      occurrences: dryRunOccurrences,
      truncated: false,
      consent: { status: 'active', detail: 'the consent is active' },
      exchange: { ok: true, detail: 'a delegated token for ada@example.com' },
      permission: rescorePermission,
    },
  },
  'GET /scheduler/preview': {
    // ?cron=30 2 * * *&timezone=Europe/Berlin&count=3&after=2026-03-27T12:00:00Z
    response: {
      timezone: 'Europe/Berlin',
      occurrences: [
        {
          at: '2026-03-28T01:30:00.000Z',
          fires_at: '2026-03-28T01:30:00.000Z',
          local: '2026-03-28T02:30:00+01:00',
          dst: null,
          dst_note: null,
        },
        {
          at: '2026-03-29T01:00:00.000Z',
          fires_at: '2026-03-29T01:00:00.000Z',
          local: '2026-03-29T03:00:00+02:00',
          dst: 'gap',
          dst_note:
            '02:30 does not exist on 2026-03-29 in Europe/Berlin (clocks go forward); it runs at 03:00',
        },
        {
          at: '2026-03-30T00:30:00.000Z',
          fires_at: '2026-03-30T00:30:00.000Z',
          local: '2026-03-30T02:30:00+02:00',
          dst: null,
          dst_note: null,
        },
      ],
      truncated: false,
    },
  },
  'POST /scheduler/schedules/{slug}/run': {
    response: {
      ...run,
      trigger: 'manual',
      occurrence_at: LATER,
      started_at: LATER,
      finished_at: null,
      duration_ms: null,
      state: 'running',
      http_status: null,
      attempts: [],
      jittered_at: null,
    },
  },
  'POST /scheduler/schedules/{slug}/pause': {
    response: {
      ...schedule,
      enabled: false,
      state: 'paused',
      paused_at: LATER,
      paused_by: 'ada@example.com',
      next_run_at: null,
      next_due_at: null,
      updated_at: LATER,
    },
  },
  'POST /scheduler/schedules/{slug}/resume': { response: schedule },
  'GET /scheduler/schedules/{slug}/runs': { response: [run] },
  'GET /scheduler/runs/{id}': { response: run },
  'POST /scheduler/runs/{id}/cancel': {
    response: {
      ...run,
      finished_at: null,
      duration_ms: null,
      state: 'running',
      http_status: 503,
      error: 'HTTP 503: the service is unavailable',
      attempts: [
        {
          started_at: '2026-01-31T01:00:47Z',
          finished_at: '2026-01-31T01:00:48Z',
          http_status: 503,
          error: 'HTTP 503: the service is unavailable',
        },
      ],
      next_attempt_at: '2026-01-31T01:00:50Z',
      cancel_requested_at: '2026-01-31T01:00:49Z',
      cancelled_by: 'ada@example.com',
    },
  },
  'GET /connectors/config': {
    response: {
      sinks: [
        {
          name: 'events',
          stream: 'keel-events',
          topics: ['lifecycle', 'comments', 'gateway'],
          schema: 'json',
          insert_format: 'json_each_row',
          batch_length: 1000,
          poll_interval: '5s',
          consumer_group: 'keel-analytics',
          table: 'events',
          mode: 'deduplicate',
          key: ['event_id'],
          version: null,
          plugin_config: {
            transport: 'clickhouse',
            url: 'http://clickhouse.internal:8123',
            database: 'keel',
            username: 'keel',
            password: '<the ClickHouse password>',
          },
        },
      ],
    },
  },
  'GET /admin/pipeline': {
    response: {
      measured_at: AT,
      outbox: { depth: 3, lag_seconds: 0.4, published_total: 18204, publish_errors_total: 0 },
      sinks: [
        {
          sink: 'clickhouse',
          table: 'events',
          lag: 0,
          rows_written_total: 18201,

          dead_lettered_total: 0,
          retries_total: 0,
        },
      ],
    },
  },
};
