import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'lodestone-config-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('has working embedded defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.appUrl.origin).toBe('http://localhost:3000');
    expect(config.publicUrl.origin).toBe('http://127.0.0.1:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.env).toBe('development');
  });

  it('derives the default URLs from PORT', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '8080' });
    expect(config.appUrl.origin).toBe('http://localhost:8080');
    expect(config.publicUrl.origin).toBe('http://127.0.0.1:8080');
  });

  it('generates the secret once into DATA_DIR and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).secret).toBe(first);
  });

  it('names every bad value with a clear message', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'not a url', SECRET: 'short' });
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('"eighty"');
    expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('SMTP_URL:'))).toBe(true);
    expect(problems.find((p) => p.startsWith('SECRET:'))).toContain('at least 32 characters');
  });

  it('refuses production without SMTP_URL and SECRET, and writes no secret', () => {
    const dataDir = tempDir();
    const problems = problemsOf({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(problems).toEqual([
      expect.stringMatching(/^SMTP_URL: required when NODE_ENV=production/),
      expect.stringMatching(/^SECRET: required when NODE_ENV=production/),
    ]);
    expect(existsSync(path.join(dataDir, 'secret'))).toBe(false);
  });

  it('accepts production with SMTP_URL and SECRET', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      SECRET: 'x'.repeat(40),
      APP_URL: 'https://app.example.com',
      PUBLIC_URL: 'https://pages.example.com',
    });
    expect(config.appUrl.host).toBe('app.example.com');
  });

  it('refuses an APP_URL and PUBLIC_URL on the same host', () => {
    expect(problemsOf({ DATA_DIR: tempDir(), APP_URL: 'http://example.com', PUBLIC_URL: 'http://example.com/pages' })).toEqual([
      'PUBLIC_URL: must be on a different host from APP_URL (both are example.com)',
    ]);
  });

  it('takes SUPPORT_EMAIL as an email address, support@lodestone.local by default', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).supportEmail).toBe('support@lodestone.local');
    expect(loadConfig({ DATA_DIR: tempDir(), SUPPORT_EMAIL: 'help@acme.example' }).supportEmail).toBe('help@acme.example');
    expect(problemsOf({ DATA_DIR: tempDir(), SUPPORT_EMAIL: 'not-an-address' })).toEqual([
      expect.stringMatching(/^SUPPORT_EMAIL: .*"not-an-address"/),
    ]);
  });

  it('takes DNS_SERVERS as addresses with optional ports, the system resolvers when unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).dnsServers).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1,::1,[2001:db8::1]:53' }).dnsServers).toEqual([
      '127.0.0.1:5353',
      '1.1.1.1',
      '::1',
      '[2001:db8::1]:53',
    ]);
    for (const bad of ['dns.example.com', '127.0.0.1:0', '127.0.0.1:99999', '1.2.3.4,', '300.1.1.1']) {
      expect(problemsOf({ DATA_DIR: tempDir(), DNS_SERVERS: bad }), bad).toEqual([
        expect.stringMatching(/^DNS_SERVERS: must be IP addresses/),
      ]);
    }
  });

  it('keeps uploads on local disk under DATA_DIR/files without S3_BUCKET', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).storage).toEqual({ kind: 'local', dir: path.join(dataDir, 'files') });
  });

  it('keeps uploads in S3 with S3_BUCKET: us-east-1, virtual-host style and the default credentials unless told', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'lodestone-uploads' }).storage).toEqual({
      kind: 's3',
      bucket: 'lodestone-uploads',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
      prefix: '',
    });
    const r2 = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'uploads',
      S3_ENDPOINT: 'https://0123abcd.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/example+key',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'lodestone/prod',
    });
    expect(r2.storage).toEqual({
      kind: 's3',
      bucket: 'uploads',
      endpoint: 'https://0123abcd.r2.cloudflarestorage.com',
      region: 'auto',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret/example+key' },
      forcePathStyle: true,
      prefix: 'lodestone/prod/',
    });
    expect(loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'uploads', S3_PREFIX: 'files/' }).storage).toMatchObject({
      prefix: 'files/',
    });
  });

  it('names half an S3 set-up: settings without S3_BUCKET, one key without the other, bad values', () => {
    expect(
      problemsOf({
        DATA_DIR: tempDir(),
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 's',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
      }),
    ).toEqual([
      expect.stringMatching(/^S3_ENDPOINT: only used with S3_BUCKET, which is not set/),
      expect.stringMatching(/^S3_ACCESS_KEY_ID: only used with S3_BUCKET/),
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY: only used with S3_BUCKET/),
    ]);
    expect(problemsOf({ DATA_DIR: tempDir(), S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'AKIA' })).toEqual([
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/),
    ]);
    expect(problemsOf({ DATA_DIR: tempDir(), S3_BUCKET: 'uploads', S3_SECRET_ACCESS_KEY: 'secret' })).toEqual([
      expect.stringMatching(/^S3_ACCESS_KEY_ID: required with S3_SECRET_ACCESS_KEY/),
    ]);
    const problems = problemsOf({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'a',
      S3_ENDPOINT: 'minio:9000',
      S3_FORCE_PATH_STYLE: 'yes',
      S3_PREFIX: '../up',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX']);
    expect(problemsOf({ DATA_DIR: tempDir(), S3_BUCKET: 'uploads', S3_PREFIX: '/abs' })).toEqual([
      expect.stringMatching(/^S3_PREFIX: must be a key prefix/),
    ]);
  });
});
