// `npm run bench -- webhook-refusal`: an unknown webhook and a wrong signature must cost the same, so
// the time of the answer does not tell an anonymous caller which webhooks exist (docs/webhooks.md).
// Posts a ~900 KiB body, alternately to a registered webhook with a wrong signature (the baseline) and
// to an unknown webhook, per sender; goal: the median of the unknown within 15% of the wrong signature.
import { randomBytes } from 'node:crypto';
import { median, type Scenario } from '../lib.js';

const ROUNDS = 41;
const BODY = JSON.stringify({ data: 'x'.repeat(900 * 1024) });

const HEADERS: Record<string, Record<string, string>> = {
  github: {
    'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
    'x-github-delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
    'x-github-event': 'push',
  },
  standard: {
    'webhook-id': 'msg_bench',
    'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
    'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}`,
  },
  keel: { 'x-keel-signature-256': `sha256=${'0'.repeat(64)}` },
};

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    set: 'webhook-refusal',
    name: 'webhook deliveries refused: unknown webhook against wrong signature, ~900 KiB body',
    goal: {
      text: 'per sender, median(unknown webhook) / median(wrong signature) between 0.85 and 1.15',
      met: (f) =>
        Object.entries(f)
          .filter(([k]) => k.endsWith('_ratio'))
          .every(([, v]) => v >= 0.85 && v <= 1.15),
    },
    async run(ctx) {
      const figures: Record<string, number> = {};
      for (const sender of ['github', 'standard', 'keel'] as const) {
        const secret =
          sender === 'standard'
            ? `whsec_${randomBytes(32).toString('base64')}`
            : randomBytes(24).toString('hex');
        await ctx.api(
          'POST',
          '/admin/webhooks',
          { slug: `bench-${sender}`, integration: sender, sender, secret },
          ctx.adminToken,
        );
        const post = async (slug: string) => {
          const t0 = performance.now();
          const res = await fetch(`${ctx.baseUrl}/webhooks/${sender}/${slug}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...HEADERS[sender] },
            body: BODY,
          });
          await res.arrayBuffer();
          if (res.status !== 401) throw new Error(`expected 401, got ${res.status}`);
          return performance.now() - t0;
        };
        const wrong: number[] = [];
        const unknown: number[] = [];
        for (let i = 0; i < 5; i++) await post(`bench-${sender}`); // warm-up
        for (let i = 0; i < ROUNDS; i++) {
          wrong.push(await post(`bench-${sender}`));
          unknown.push(await post(`bench-nope-${i}`));
        }
        const w = median(wrong);
        const u = median(unknown);
        figures[`${sender}_wrong_signature_ms`] = Math.round(w * 100) / 100;
        figures[`${sender}_unknown_webhook_ms`] = Math.round(u * 100) / 100;
        figures[`${sender}_ratio`] = Math.round((u / w) * 1000) / 1000;
      }
      return figures;
    },
  },
];
