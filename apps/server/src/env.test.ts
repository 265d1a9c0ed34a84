import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

/** The error loadEnv throws for these settings, or fails the test when it does not throw. */
function envError(source: Record<string, string>): EnvError {
  try {
    loadEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error(`loadEnv accepted ${JSON.stringify(source)}`);
}

describe('loadEnv', () => {
  it('requires the webhook secret and both prices with STRIPE_SECRET_KEY, nothing without it', () => {
    const message = envError({ STRIPE_SECRET_KEY: 'sk_test_x' }).message;
    for (const key of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_ANNUAL']) {
      expect(message).toContain(key);
    }
    expect(loadEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    const env = loadEnv({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_MONTHLY: 'price_m',
      STRIPE_PRICE_ANNUAL: 'price_a',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(env.STRIPE_API_PORT).toBe(12111);
    expect(envError({ STRIPE_API_PROTOCOL: 'ftp' }).message).toContain('STRIPE_API_PROTOCOL');
  });

  it("takes the embedded database's shared_buffers as a PostgreSQL size, 16MB by default", () => {
    expect(loadEnv({}).PGLITE_SHARED_BUFFERS).toBe('16MB');
    expect(loadEnv({ PGLITE_SHARED_BUFFERS: '' }).PGLITE_SHARED_BUFFERS).toBe('16MB');
    expect(loadEnv({ PGLITE_SHARED_BUFFERS: '512kB' }).PGLITE_SHARED_BUFFERS).toBe('512kB');
    for (const bad of ['16', '16 MB', 'lots', '16MB -c fsync=on']) {
      expect(envError({ PGLITE_SHARED_BUFFERS: bad }).message).toContain('PGLITE_SHARED_BUFFERS');
    }
  });

  it('gives the documented defaults when nothing is set', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.NODE_ENV).toBe('development');
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.SITE_NAME).toBe('Synergie Pro');
    expect(env.MAIL_FROM).toBe('Synergie Pro <no-reply@localhost>');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.ADMIN_EMAILS).toEqual([]);
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.MAIL_POLL_MS).toBe(2000);
    expect(env.MAIL_RETRY_BASE_MS).toBe(5000);
    expect(env.MAIL_MAX_ATTEMPTS).toBe(12);
  });

  it('resolves DATA_DIR to an absolute path, ./data by default', () => {
    const env = loadEnv({});
    expect(path.isAbsolute(env.DATA_DIR)).toBe(true);
    expect(env.DATA_DIR).toBe(path.resolve(process.cwd(), 'data'));
    expect(loadEnv({ DATA_DIR: 'var/synergie' }).DATA_DIR).toBe(path.resolve(process.cwd(), 'var/synergie'));
  });

  it('derives SITE_URL from PORT and MAIL_FROM from SITE_URL and SITE_NAME', () => {
    expect(loadEnv({ PORT: '8080' }).SITE_URL).toBe('http://localhost:8080');
    const env = loadEnv({ SITE_URL: 'https://synergie-pro.fr/', SITE_NAME: 'Réseau Synergie' });
    // Trailing slashes dropped: URLs are built as `${SITE_URL}/path`.
    expect(env.SITE_URL).toBe('https://synergie-pro.fr');
    expect(env.MAIL_FROM).toBe('Réseau Synergie <no-reply@synergie-pro.fr>');
  });

  it('treats an empty setting as unset (docker compose passes an unset variable as "")', () => {
    const env = loadEnv({
      PORT: '',
      DATABASE_URL: ' ',
      SMTP_URL: '',
      MAIL_FROM: '',
      MAIL_POLL_MS: '',
      ADMIN_EMAILS: '',
    });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.MAIL_POLL_MS).toBe(2000);
    expect(env.ADMIN_EMAILS).toEqual([]);
  });

  it('parses ADMIN_EMAILS as a trimmed, lower-cased list', () => {
    const env = loadEnv({ ADMIN_EMAILS: ' Alice@Example.COM ,bob@synergie-pro.fr,, ' });
    expect(env.ADMIN_EMAILS).toEqual(['alice@example.com', 'bob@synergie-pro.fr']);
  });

  it('accepts postgres and smtp URLs', () => {
    const env = loadEnv({
      DATABASE_URL: 'postgresql://app:secret@db:5432/synergie',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      REDIS_URL: 'redis://cache:6379',
      PORT: '0',
      TRUST_PROXY: '1',
    });
    expect(env.REDIS_URL).toBe('redis://cache:6379');
    expect(env.DATABASE_URL).toBe('postgresql://app:secret@db:5432/synergie');
    expect(env.SMTP_URL).toBe('smtps://user:pass@mail.example.com:465');
    expect(env.PORT).toBe(0);
    expect(env.TRUST_PROXY).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://x' }, 'SMTP_URL'],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL'],
    [{ ADMIN_EMAILS: 'not-an-email' }, 'ADMIN_EMAILS'],
    [{ ADMIN_EMAILS: 'ok@example.com, not-an-email' }, 'ADMIN_EMAILS'],
    [{ SITE_URL: 'ftp://synergie-pro.fr' }, 'SITE_URL'],
  ])('refuses %o with an EnvError naming %s', (source, setting) => {
    const error = envError(source);
    expect(error.message).toContain(`${setting}`);
    // Only the bad setting is named: the message points at what to fix.
    const named = error.message.split('\n').filter((line) => line.startsWith('  - '));
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(new RegExp(`^  - ${setting}(\\.\\d+)?: `));
  });

  it('gives the reason with the setting', () => {
    expect(envError({ DATABASE_URL: 'mysql://x' }).message).toContain(
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
    );
    expect(envError({ SMTP_URL: 'http://x' }).message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(envError({ ADMIN_EMAILS: 'not-an-email' }).message).toContain(
      'must be a comma-separated list of email addresses',
    );
  });

  it('names every bad setting at once', () => {
    const message = envError({ PORT: 'abc', SMTP_URL: 'http://x' }).message;
    expect(message).toContain('PORT');
    expect(message).toContain('SMTP_URL');
  });
});
