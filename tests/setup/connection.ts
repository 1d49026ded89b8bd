import type pg from 'pg';

export const TEMPLATE_DATABASE = 'lodestone_test_template';

export function withDatabase(config: pg.PoolConfig, database: string): pg.PoolConfig {
  if (!config.connectionString) return { ...config, database };
  const url = new URL(config.connectionString);
  url.pathname = `/${database}`;
  return { connectionString: url.toString() };
}
