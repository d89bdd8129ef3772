// The read model of an AI model, shared by the service and the list cache.
import type { ModelProps, ModelRow } from './store.js';
import { isoString } from '../lib/iso-string.js';

/** The model's own settings, as stored and as shown. */
export type ModelValues = Pick<
  ModelProps,
  | 'model_id'
  | 'slug'
  | 'name'
  | 'kind'
  | 'access_scope'
  | 'context_window'
  | 'max_output_tokens'
  | 'default_temperature'
  | 'input_cost_per_mtok'
  | 'output_cost_per_mtok'
  | 'monthly_spend_cap'
  | 'enabled'
>;

export type ModelRead = ModelValues & {
  id: string;
  organization: string;
  provider_id: string;
  team_slugs: string[];
  deleted_team_slugs: string[];
  updated_by: string | null;
  created_at: string;
  updated_at: string;
};

/** `team_slugs`: teams that can see it now; `deleted_team_slugs`: chosen teams deleted since. */
export function modelRead(m: ModelRow, org: string): ModelRead {
  const live = new Set(m.live_team_ids);
  const p = m.props;
  return {
    id: m.id,
    organization: org,
    provider_id: p.provider_id,
    model_id: p.model_id,
    slug: p.slug,
    name: p.name,
    kind: p.kind,
    access_scope: p.access_scope,
    team_slugs: p.teams.filter((t) => live.has(t.id)).map((t) => t.slug),
    deleted_team_slugs: p.teams.filter((t) => !live.has(t.id)).map((t) => t.slug),
    context_window: p.context_window,
    max_output_tokens: p.max_output_tokens,
    default_temperature: p.default_temperature,
    input_cost_per_mtok: p.input_cost_per_mtok,
    output_cost_per_mtok: p.output_cost_per_mtok,
    monthly_spend_cap: p.monthly_spend_cap,
    enabled: p.enabled,
    updated_by: p.updated_by ?? null,
    created_at: isoString(m.created_at),
    updated_at: isoString(m.updated_at),
  };
}
