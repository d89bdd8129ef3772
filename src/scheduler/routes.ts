// The scheduler's HTTP API, under /scheduler: on `keel scheduler`'s own port, and on the main server in
// `keel serve`. Its routes opt out of the API's authenticator because the scheduler authenticates
// callers itself, against the API's published keys (callers.ts), like any service outside Keel.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Api } from '../kernel/domain.js';
import { parsePage, sendPage } from '../http/pagination.js';
import {
  NoContent,
  NullableTimestamp,
  PageQuery,
  Slug,
  SlugParams,
  Timestamp,
  responses,
} from '../http/schemas.js';
import type { Caller, CallerVerifier } from './callers.js';
import type { SchedulesService } from './service.js';
import { TargetWarnings } from './target-permission.js';
import { DryRunChecks } from './dry-run.js';

const Method = Type.Union([
  Type.Literal('GET'),
  Type.Literal('POST'),
  Type.Literal('PUT'),
  Type.Literal('PATCH'),
  Type.Literal('DELETE'),
]);
const TargetSchema = Type.Object(
  {
    method: Method,
    path: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'a path on the Keel API, e.g. /api/scoring/recompute-all (no scheme, host, . or ..)',
    }),
    body: Type.Optional(Type.Unknown({ description: 'JSON body (POST, PUT, PATCH only; at most 64 KiB)' })),
  },
  { additionalProperties: false },
);
const Kind = Type.Union([Type.Literal('user'), Type.Literal('system')]);
const Cron = Type.String({
  minLength: 1,
  maxLength: 120,
  description: '5 fields: minute hour day-of-month month day-of-week',
});
const Every = Type.String({
  minLength: 2,
  maxLength: 40,
  description:
    'an ISO 8601 duration (weeks, days, hours, minutes, seconds; e.g. PT15M, P1D), 1 minute to 31 days: ' +
    'occurrences at the creation time + k intervals',
});
const OnceAt = Type.String({
  format: 'date-time',
  maxLength: 40,
  description:
    'one instant (ISO 8601 with its offset), in the future; after its run the schedule is completed',
});
const Timezone = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone; default UTC' });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Retry = Type.Object(
  {
    max_attempts: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 20,
        description: 'attempts of one run at most, the first included (default 8; 1: no retry)',
      }),
    ),
    initial_backoff: Type.Optional(
      Type.Number({
        minimum: 0.1,
        maximum: 600,
        description: 'seconds before the second attempt; doubles after each (default 2)',
      }),
    ),
    max_backoff: Type.Optional(
      Type.Number({
        minimum: 0.1,
        maximum: 3600,
        description: 'the longest wait between two attempts, in seconds (default 30)',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Retries of a run on connection errors, timeouts, 429 (Retry-After honoured), 502, 503 and 504; ' +
      'never on another 4xx. Waits grow exponentially with jitter. Every attempt sends the run id as ' +
      'Idempotency-Key. The defaults ride out an API outage of 60 s.',
  },
);
const TimeoutSeconds = Type.Union([Type.Integer({ minimum: 1, maximum: 600 }), Type.Null()], {
  description:
    'timeout of each call of the target, in seconds (at most 600); null: the global ' +
    'KEEL_SCHEDULER_REQUEST_TIMEOUT_SECONDS (30 by default)',
});
const Overlap = Type.Union([Type.Literal('skip'), Type.Literal('allow'), Type.Literal('queue_one')], {
  description:
    'an occurrence due while the previous run is still running: skip (default: recorded skipped with ' +
    'the reason), allow (runs beside it), queue_one (starts when the previous run ends; one held back ' +
    'at most, further ones are skipped); holds across replicas',
});
const Jitter = Type.Integer({
  minimum: 0,
  maximum: 3600,
  description:
    'each occurrence fires up to this many seconds after it is due, by an offset fixed per schedule ' +
    '(derived from its id), never at or past the next occurrence (default 0)',
});
const Dst = Type.Union([Type.Literal('gap'), Type.Literal('repeat'), Type.Null()], {
  description:
    'gap: the local time does not exist that night (clocks go forward), it runs at the first valid time ' +
    'after; repeat: the local time happens twice (clocks go back), it runs once, at the first',
});
const AutoPause = Type.Integer({
  minimum: 0,
  maximum: 1000,
  description:
    'the schedule pauses itself after this many consecutive scheduled runs failed, or were skipped for ' +
    'the same reason (consent revoked, exchange refused...); misfires and overlap skips do not count; ' +
    '0: never (default 10)',
});
const RetryRead = Type.Object({
  max_attempts: Type.Integer(),
  initial_backoff: Type.Number({ description: 'seconds' }),
  max_backoff: Type.Number({ description: 'seconds' }),
});
const AttemptRead = Type.Object(
  {
    started_at: Timestamp,
    finished_at: Timestamp,
    http_status: Type.Union([Type.Integer(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
  },
  { description: 'one call of the run (a run that retried has several)' },
);

const ScheduleRead = Type.Object({
  slug: Type.String(),
  name: Type.String(),
  cron: Type.Union([Type.String(), Type.Null()], {
    description: 'the trigger, when it is a cron expression',
  }),
  every: Type.Union([Type.String(), Type.Null()], {
    description: 'the trigger, when it is an interval (canonical ISO 8601 duration)',
  }),
  once_at: Type.Union([Timestamp, Type.Null()], { description: 'the trigger, when it is one instant' }),
  timezone: Type.String(),
  enabled: Type.Boolean(),
  state: Type.Union([Type.Literal('active'), Type.Literal('paused'), Type.Literal('completed')], {
    description: 'completed: a once_at schedule after its run (never due again)',
  }),
  completed_at: Type.Union([Timestamp, Type.Null()]),
  kind: Kind,
  target: Type.Object({ method: Method, path: Type.String(), body: Type.Optional(Type.Unknown()) }),
  retry: RetryRead,
  timeout_seconds: TimeoutSeconds,
  overlap: Overlap,
  queued_occurrence_at: Type.Union([Timestamp, Type.Null()], {
    description: 'queue_one: the occurrence waiting for the running run to end',
  }),
  created_by: Type.String(),
  consent_id: Type.Union([Type.String(), Type.Null()]),
  jitter_seconds: Type.Integer(),
  auto_pause_after: Type.Integer(),
  paused_at: NullableTimestamp,
  paused_by: Type.Union([Type.String(), Type.Null()], {
    description: 'who paused it: a caller, or auto-pause',
  }),
  paused_reason: Type.Union([Type.String(), Type.Null()], {
    description: 'why it paused itself (auto-pause); null when a caller paused it',
  }),
  next_run_at: Type.Union([Timestamp, Type.Null()], {
    description: 'when the next occurrence fires (its jitter included)',
  }),
  next_due_at: Type.Union([Timestamp, Type.Null()], { description: 'when the next occurrence is due' }),
  next_due_dst: Dst,
  last_run_at: NullableTimestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
  warnings: Type.Optional(TargetWarnings),
});
const ScheduleCreate = Type.Object(
  {
    slug: Slug,
    name: Type.Optional(Name),
    cron: Type.Optional(Cron),
    every: Type.Optional(Every),
    once_at: Type.Optional(OnceAt),
    timezone: Type.Optional(Timezone),
    enabled: Type.Optional(Type.Boolean()),
    kind: Type.Optional(Kind),
    target: TargetSchema,
    retry: Type.Optional(Retry),
    timeout_seconds: Type.Optional(TimeoutSeconds),
    overlap: Type.Optional(Overlap),
    jitter_seconds: Type.Optional(Jitter),
    auto_pause_after: Type.Optional(AutoPause),
  },
  { additionalProperties: false },
);
const SchedulePatch = Type.Object(
  {
    name: Type.Optional(Name),
    cron: Type.Optional(Cron),
    every: Type.Optional(Every),
    once_at: Type.Optional(OnceAt),
    timezone: Type.Optional(Timezone),
    enabled: Type.Optional(Type.Boolean()),
    target: Type.Optional(TargetSchema),
    retry: Type.Optional(Retry),
    timeout_seconds: Type.Optional(TimeoutSeconds),
    overlap: Type.Optional(Overlap),
    jitter_seconds: Type.Optional(Jitter),
    auto_pause_after: Type.Optional(AutoPause),
  },
  { additionalProperties: false, minProperties: 1 },
);
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
const RunRead = Type.Object({
  id: Type.String(),
  schedule_slug: Type.String(),
  kind: Kind,
  trigger: Type.Union([Type.Literal('schedule'), Type.Literal('manual')]),
  occurrence_at: Timestamp,
  started_at: Timestamp,
  finished_at: NullableTimestamp,
  duration_ms: NullableInt,
  state: Type.Union([
    Type.Literal('running'),
    Type.Literal('succeeded'),
    Type.Literal('failed'),
    Type.Literal('skipped'),
    Type.Literal('cancelled'),
  ]),
  http_status: NullableInt,
  principal_name: NullableString,
  actor_name: NullableString,
  consent_id: NullableString,
  error: NullableString,
  attempts: Type.Array(AttemptRead),
  next_attempt_at: Type.Union([Timestamp, Type.Null()], {
    description: 'a running run waiting to retry: when its next attempt is due',
  }),
  cancel_requested_at: Type.Union([Timestamp, Type.Null()], {
    description: 'when someone asked to cancel the run (POST /scheduler/runs/{id}/cancel)',
  }),
  cancelled_by: Type.Union([Type.String(), Type.Null()], { description: 'who asked to cancel it' }),
  jittered_at: Type.Union([Timestamp, Type.Null()], {
    description:
      'a scheduled run: when its occurrence was to fire, the jitter included (occurrence_at: when it was due)',
  }),
});
const RunParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
const RunState = Type.Union([
  Type.Literal('running'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
  Type.Literal('skipped'),
  Type.Literal('cancelled'),
]);
const RunTrigger = Type.Union([Type.Literal('schedule'), Type.Literal('manual')]);
const RunsQuery = Type.Object(
  {
    ...PageQuery.properties,
    state: Type.Optional(RunState),
    trigger: Type.Optional(RunTrigger),
    from: Type.Optional(
      Type.String({
        format: 'date-time',
        maxLength: 40,
        description: 'runs started at or after this instant',
      }),
    ),
    to: Type.Optional(
      Type.String({ format: 'date-time', maxLength: 40, description: 'runs started before this instant' }),
    ),
  },
  { additionalProperties: false },
);
const PreviewItem = Type.Object({
  at: Timestamp,
  fires_at: Type.String({ format: 'date-time', description: 'when it fires, its jitter included' }),
  local: Type.String({ description: 'the local time in the zone, with its offset' }),
  dst: Dst,
  dst_note: Type.Union([Type.String(), Type.Null()]),
});
const PreviewQuery = Type.Object(
  {
    cron: Type.Optional(Cron),
    every: Type.Optional(Every),
    once_at: Type.Optional(OnceAt),
    timezone: Type.Optional(Timezone),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
    after: Type.Optional(
      Type.String({
        format: 'date-time',
        maxLength: 40,
        description: 'occurrences after this instant (default now)',
      }),
    ),
  },
  { additionalProperties: false },
);
const DryRunQuery = Type.Object(
  { count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 5 })) },
  { additionalProperties: false },
);
const DryRunRead = Type.Object({
  occurrences: Type.Array(PreviewItem),
  truncated: Type.Boolean(),
  ...DryRunChecks.properties,
});
const PreviewRead = Type.Object({
  timezone: Type.String(),
  occurrences: Type.Array(PreviewItem),
  truncated: Type.Boolean({
    description: 'the computing budget of one call ran out before count occurrences were found',
  }),
});
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const tags = ['scheduler'];
const config = { public: true } as const;

export async function schedulerRoutes(
  api: Api,
  verify: CallerVerifier,
  schedules: SchedulesService,
): Promise<void> {
  const callers = new WeakMap<FastifyRequest, Caller>();
  const callerOf = (req: FastifyRequest) => callers.get(req)!;

  await api.register(
    async (app: Api) => {
      app.addHook('onRequest', async (req) => {
        callers.set(req, await verify(req.headers.authorization));
      });

      app.post(
        '/schedules',
        {
          config,
          schema: {
            tags,
            summary:
              'Creates a schedule: user (runs as you, through a consent) or system (admins; runs as the scheduler)',
            body: ScheduleCreate,
            response: responses({ 201: ScheduleRead }),
          },
        },
        async (req, reply) => reply.code(201).send(await schedules.create(callerOf(req), req.body)),
      );
      app.get(
        '/schedules',
        {
          config,
          schema: {
            tags,
            summary: 'Your schedules; admins see all',
            querystring: PageQuery,
            response: responses({ 200: Type.Array(ScheduleRead) }),
          },
        },
        async (req, reply) => {
          const page = parsePage(req.query, (c) => SLUG.test(c));
          return sendPage(req, reply, page, await schedules.list(callerOf(req), page));
        },
      );
      app.post(
        '/schedules/dry-run',
        {
          config,
          schema: {
            tags,
            summary:
              "What a schedule's body would do, without creating it or calling its target: its next " +
              'occurrences (DST flagged), its consent, the token exchange, and whether the principal it ' +
              'would run as may call the target',
            querystring: DryRunQuery,
            body: ScheduleCreate,
            response: responses({ 200: DryRunRead }),
          },
        },
        async (req) => schedules.dryRunBody(callerOf(req), req.body, req.query.count ?? 5),
      );
      app.post(
        '/schedules/:slug/dry-run',
        {
          config,
          schema: {
            tags,
            summary:
              'What firing the schedule would do, without calling its target: its next occurrences (DST ' +
              'flagged), whether its consent is active, whether the exchange succeeds, and whether the ' +
              'principal it runs as may call the target',
            params: SlugParams,
            querystring: DryRunQuery,
            response: responses({ 200: DryRunRead }),
          },
        },
        async (req) => schedules.dryRunSchedule(callerOf(req), req.params.slug, req.query.count ?? 5),
      );
      app.get(
        '/preview',
        {
          config,
          schema: {
            tags,
            summary:
              'The next occurrences of a trigger (cron, every or once_at) in a time zone, each flagged when ' +
              'a DST change shifts it (gap) or repeats its local time (repeat); nothing is stored',
            querystring: PreviewQuery,
            response: responses({ 200: PreviewRead }),
          },
        },
        async (req) => schedules.preview(callerOf(req), req.query),
      );
      app.get(
        '/schedules/:slug',
        { config, schema: { tags, params: SlugParams, response: responses({ 200: ScheduleRead }) } },
        async (req) => schedules.get(callerOf(req), req.params.slug),
      );
      app.patch(
        '/schedules/:slug',
        {
          config,
          schema: {
            tags,
            summary: 'Changes a schedule (a user schedule: its creator only)',
            params: SlugParams,
            body: SchedulePatch,
            response: responses({ 200: ScheduleRead }),
          },
        },
        async (req) => schedules.update(callerOf(req), req.params.slug, req.body),
      );
      app.delete(
        '/schedules/:slug',
        {
          config,
          schema: {
            tags,
            summary: 'Deletes a schedule: no later firing; its runs stay readable by admins',
            params: SlugParams,
            response: responses({ 204: NoContent }),
          },
        },
        async (req, reply) => {
          await schedules.remove(callerOf(req), req.params.slug);
          return reply.code(204).send(null);
        },
      );
      app.post(
        '/schedules/:slug/run',
        {
          config,
          schema: {
            tags,
            summary:
              'Fires the schedule now (a manual run); the answer is the run, still running. 429 with ' +
              "Retry-After while manual runs hold their share (a tenth) of the replica's calls in flight",
            params: SlugParams,
            response: responses({ 202: RunRead }),
          },
        },
        async (req, reply) => reply.code(202).send(await schedules.fireNow(callerOf(req), req.params.slug)),
      );
      for (const [action, fn] of [
        ['pause', schedules.pause],
        ['resume', schedules.resume],
      ] as const) {
        app.post(
          `/schedules/:slug/${action}`,
          {
            config,
            schema: {
              tags,
              summary:
                action === 'pause'
                  ? 'Pauses a schedule'
                  : 'Resumes a schedule from its next occurrence (nothing missed while paused fires)',
              params: SlugParams,
              response: responses({ 200: ScheduleRead }),
            },
          },
          async (req) => fn(callerOf(req), req.params.slug),
        );
      }
      app.get(
        '/schedules/:slug/runs',
        {
          config,
          schema: {
            tags,
            summary:
              "A schedule's runs, newest first; narrowed by state, trigger and start time (from, to), " +
              'the filters kept in the next page link',
            params: SlugParams,
            querystring: RunsQuery,
            response: responses({ 200: Type.Array(RunRead) }),
          },
        },
        async (req, reply) => {
          const page = parsePage(req.query);
          const { state, trigger, from, to } = req.query;
          const filter = {
            state,
            trigger,
            from: from === undefined ? undefined : new Date(from),
            to: to === undefined ? undefined : new Date(to),
          };
          return sendPage(
            req,
            reply,
            page,
            await schedules.runs(callerOf(req), req.params.slug, page, filter),
          );
        },
      );
      app.get(
        '/runs/:id',
        { config, schema: { tags, params: RunParams, response: responses({ 200: RunRead }) } },
        async (req) => schedules.run(callerOf(req), req.params.id),
      );
      app.post(
        '/runs/:id/cancel',
        {
          config,
          schema: {
            tags,
            summary:
              'Cancels a running run, from any replica: its call is aborted (within a second) and the ' +
              'run ends cancelled, unless the call got its answer first. The creator of the schedule or ' +
              'an admin (a system run: admins); 409 when the run is not running',
            params: RunParams,
            response: responses({ 202: RunRead }),
          },
        },
        async (req, reply) => reply.code(202).send(await schedules.cancelRun(callerOf(req), req.params.id)),
      );
    },
    { prefix: '/scheduler' },
  );
}
