export interface Schedule {
  slug: string;
  name: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  kind: 'user' | 'system';
  target: { method: string; path: string; body?: unknown };
  created_by: string;
  consent_id: string | null;
  next_run_at: string | null;
  last_run_at: string | null;
}

export interface Run {
  id: string;
  trigger: 'schedule' | 'manual';
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  state: 'running' | 'succeeded' | 'failed' | 'skipped';
  http_status: number | null;
  principal_name: string | null;
  actor_name: string | null;
  error: string | null;
}

export const RUN_STATES = ['succeeded', 'failed', 'skipped', 'running'] as const;
