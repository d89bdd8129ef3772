import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { providerFailure } from './clients.js';

describe('providerFailure', () => {
  it('an error the client library threw on an answer is 502 naming its kind, never its text', () => {
    // What oauth4webapi's Headers.set throws for a provider's access token with a newline in it.
    const thrown = new TypeError('Headers.set: "Bearer ya29.SECRET-TOKEN\nX" is an invalid header value.');
    const problem = providerFailure('oidc', thrown);
    expect(problem).toBeInstanceOf(AppError);
    expect(problem.status).toBe(502);
    expect(problem.code).toBe('oauth_provider_unavailable');
    expect(problem.detail).toBe('oidc: the exchange failed (TypeError)');
  });
});
