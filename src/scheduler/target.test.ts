import { describe, expect, it } from 'vitest';
import { redactExcerpt } from './keel-client.js';
import { targetPathProblem, targetUrl } from './target.js';

describe('target paths stay on the API', () => {
  it('accepts paths and query strings, keeping an API base path', () => {
    expect(targetPathProblem('/api/scoring/recompute-all')).toBeUndefined();
    expect(targetPathProblem('/organizations?limit=5&cursor=abc%3D')).toBeUndefined();
    expect(targetUrl('http://127.0.0.1:8080/keel/', '/auth/me').toString()).toBe(
      'http://127.0.0.1:8080/keel/auth/me',
    );
  });

  it('refuses what could leave the API origin or climb out of its path', () => {
    for (const p of [
      '//h/x',
      '/%2F%2Fh',
      '/a/%2e%2e',
      '/a/%25%32%65%25%32%65/b',
      '/a\\b',
      'x',
      '/a%',
      '/.',
    ]) {
      expect(targetPathProblem(p), p).toBeDefined();
      expect(() => targetUrl('http://127.0.0.1:8080', p), p).toThrow();
    }
  });

  it('refuses the sign-in routes, however written, and keeps the routes that take a token', () => {
    for (const p of [
      '/auth/token',
      '/auth/login',
      '/auth/token/',
      '/Auth/Token',
      '/auth//token',
      '/auth/%74oken',
      '/auth/token?grant_type=client_credentials',
      '/auth/oauth/oidc/authorize',
      '/auth/oauth/oidc/callback?code=x',
    ]) {
      expect(targetPathProblem(p), p).toMatch(/sign-in route/);
      expect(() => targetUrl('http://127.0.0.1:8080', p), p).toThrow(/sign-in route/);
    }
    for (const p of ['/auth/me', '/auth/logout', '/auth/providers', '/consents', '/auth/tokenizer']) {
      expect(targetPathProblem(p), p).toBeUndefined();
    }
  });
});

describe('error excerpts keep no secret', () => {
  it('redacts JWTs, bearer and basic credentials and secret fields, and caps the length', () => {
    const jwt = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2ln';
    const out = redactExcerpt(
      `HTTP 400: token ${jwt} Bearer abc.def Basic dXNlcjpwdw== {"client_secret":"s3cr3t","password":"pw"} secret=xyz`,
    );
    for (const s of [jwt, 'abc.def', 'dXNlcjpwdw==', 's3cr3t', '"pw"', 'xyz']) expect(out).not.toContain(s);
    expect(out).toContain('HTTP 400');
    expect(redactExcerpt('x'.repeat(1000))).toHaveLength(303);
  });
});
