// The AI provider drivers: one per vendor request shape. Static code, not data: adding a driver is a
// release (SPEC 9.3), so a provider can only name a driver this list knows. The names are the SPEC's
// keys; what a person reads (display name, description, icon) names the vendor (docs/ai-catalog.md).

export const DRIVER_NAMES = ['vendor_a', 'vendor_b', 'vendor_b_compatible', 'cloud_a', 'cloud_b'] as const;
export type DriverName = (typeof DRIVER_NAMES)[number];

export interface Driver {
  name: DriverName;
  display_name: string;
  description: string;
  /** An icon name the UI maps to an image: the vendor's or the cloud's (`anthropic`, `aws_bedrock`...). */
  icon: string;
  /** Where requests go when the provider sets no base_url; null when there is no single default. */
  default_base_url: string | null;
  /** Authenticates from ambient cloud credentials of the runtime (no stored key needed). */
  supports_iam: boolean;
  requires_base_url: boolean;
  supports_discovery: boolean;
}

export const DRIVERS: readonly Driver[] = [
  {
    name: 'vendor_a',
    display_name: 'Anthropic',
    description:
      "Anthropic's Claude models through the Anthropic Messages API, called with Anthropic's own SDK " +
      '(@anthropic-ai/sdk). Needs an Anthropic API key.',
    icon: 'anthropic',
    default_base_url: 'https://api.anthropic.com',
    supports_iam: false,
    requires_base_url: false,
    supports_discovery: true,
  },
  {
    name: 'vendor_b',
    display_name: 'OpenAI',
    description:
      "OpenAI's models through the OpenAI API (Chat Completions, GET /models). Needs an OpenAI API key.",
    icon: 'openai',
    default_base_url: 'https://api.openai.com/v1',
    supports_iam: false,
    requires_base_url: false,
    supports_discovery: true,
  },
  {
    name: 'vendor_b_compatible',
    display_name: 'OpenAI-compatible server',
    description:
      'Any server that speaks the OpenAI API (self-hosted inference servers such as vLLM or Ollama, ' +
      'gateways such as LiteLLM). Needs its base URL; a key when the server asks for one.',
    icon: 'openai_compatible',
    default_base_url: null,
    supports_iam: false,
    requires_base_url: true,
    supports_discovery: true,
  },
  {
    name: 'cloud_a',
    display_name: 'Amazon Bedrock',
    description:
      "Models hosted on Amazon Bedrock (AWS); authenticates with the runtime's ambient AWS credentials " +
      '(IAM role) in the region the provider names. No model discovery.',
    icon: 'aws_bedrock',
    default_base_url: null,
    supports_iam: true,
    requires_base_url: false,
    supports_discovery: false,
  },
  {
    name: 'cloud_b',
    display_name: 'Google Cloud Vertex AI',
    description:
      "Models hosted on Google Cloud Vertex AI; authenticates with the runtime's ambient Google Cloud " +
      'credentials (service account) in the region the provider names. No model discovery.',
    icon: 'google_vertex_ai',
    default_base_url: null,
    supports_iam: true,
    requires_base_url: false,
    supports_discovery: false,
  },
];

const BY_NAME = new Map<string, Driver>(DRIVERS.map((d) => [d.name, d]));

export function driverOf(name: string): Driver {
  const d = BY_NAME.get(name);
  // Stored providers only ever name known drivers (the write schema is an enum of DRIVER_NAMES).
  if (!d) throw new Error(`unknown AI driver ${name}`);
  return d;
}
