import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '../../src/config/settings.js';

describe('settings of the login providers: vendor endpoints default to the real vendors', () => {
  it('provider_a defaults to Google as OIDC issuer, provider_b to GitHub; the frontend to the public URL', () => {
    const s = loadSettings({ KEEL_PUBLIC_URL: 'https://keel.example.com/' });
    expect(s.auth.providerA).toEqual({ issuer: 'https://accounts.google.com' });
    expect(s.auth.providerB).toEqual({
      authorizeUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      apiUrl: 'https://api.github.com',
    });
    expect(s.auth.oauthFrontendUrl).toBe('https://keel.example.com/login/callback');
    expect(s.auth.oauthAutoLinkByEmail).toBe(false);
    expect(s.auth.oauthAutoCreateUsers).toBe(false);
  });

  it('each endpoint can be overridden (trailing slashes of issuer and API base dropped)', () => {
    const s = loadSettings({
      KEEL_AUTH_PROVIDER_A_ISSUER: 'http://127.0.0.1:9000/',
      KEEL_AUTH_PROVIDER_B_AUTHORIZE_URL: 'http://127.0.0.1:9001/authorize',
      KEEL_AUTH_PROVIDER_B_TOKEN_URL: 'http://127.0.0.1:9001/token',
      KEEL_AUTH_PROVIDER_B_API_URL: 'http://127.0.0.1:9001/api/',
      KEEL_AUTH_OAUTH_FRONTEND_URL: 'https://app.example.com/auth/done',
    });
    expect(s.auth.providerA.issuer).toBe('http://127.0.0.1:9000');
    expect(s.auth.providerB).toEqual({
      authorizeUrl: 'http://127.0.0.1:9001/authorize',
      tokenUrl: 'http://127.0.0.1:9001/token',
      apiUrl: 'http://127.0.0.1:9001/api',
    });
    expect(s.auth.oauthFrontendUrl).toBe('https://app.example.com/auth/done');
  });

  it.each([
    'KEEL_AUTH_PROVIDER_A_ISSUER',
    'KEEL_AUTH_PROVIDER_B_AUTHORIZE_URL',
    'KEEL_AUTH_PROVIDER_B_TOKEN_URL',
    'KEEL_AUTH_PROVIDER_B_API_URL',
    'KEEL_AUTH_OAUTH_FRONTEND_URL',
  ])('an invalid %s stops start-up naming the variable', (variable) => {
    for (const value of ['not a url', 'ftp://example.com']) {
      try {
        loadSettings({ [variable]: value });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(SettingsError);
        expect((err as SettingsError).variable).toBe(variable);
      }
    }
  });
});
