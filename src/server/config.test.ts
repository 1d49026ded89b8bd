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
});
