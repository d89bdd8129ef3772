// The AI provider drivers: one per vendor request shape. Static code, not data: adding a driver is a
// release (SPEC 9.3), so a provider can only name a driver this list knows.

export const DRIVER_NAMES = ['vendor_a', 'vendor_b', 'vendor_b_compatible', 'cloud_a', 'cloud_b'] as const;
export type DriverName = (typeof DRIVER_NAMES)[number];

export interface Driver {
  name: DriverName;
  display_name: string;
  description: string;
  /** An icon name the UI maps to an image. */
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
    display_name: 'Vendor A',
    description: 'Messages API (the Anthropic request shape), through the vendor SDK.',
    icon: 'vendor_a',
    default_base_url: 'https://api.anthropic.com',
    supports_iam: false,
    requires_base_url: false,
    supports_discovery: true,
  },
  {
    name: 'vendor_b',
    display_name: 'Vendor B',
    description: 'Chat Completions API (the OpenAI request shape).',
    icon: 'vendor_b',
    default_base_url: 'https://api.openai.com/v1',
    supports_iam: false,
    requires_base_url: false,
    supports_discovery: true,
  },
  {
    name: 'vendor_b_compatible',
    display_name: 'Vendor B compatible',
    description:
      'Any server that speaks the Vendor B API shape (self-hosted inference servers, gateways). Needs a base URL.',
    icon: 'vendor_b_compatible',
    default_base_url: null,
    supports_iam: false,
    requires_base_url: true,
    supports_discovery: true,
  },
  {
    name: 'cloud_a',
    display_name: 'Cloud A',
    description:
      "A cloud provider's hosted models; authenticates from the runtime's ambient cloud credentials and region.",
    icon: 'cloud_a',
    default_base_url: null,
    supports_iam: true,
    requires_base_url: false,
    supports_discovery: false,
  },
  {
    name: 'cloud_b',
    display_name: 'Cloud B',
    description:
      "Another cloud provider's hosted models; authenticates from the runtime's ambient cloud credentials and region.",
    icon: 'cloud_b',
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
