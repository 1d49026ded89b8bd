import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

const pgError = (code: string, message = 'x', severity = 'ERROR') => Object.assign(new Error(message), { code, severity });
/** As Drizzle (and better-auth around it) hand a driver's error on: wrapped, the driver's as `cause`. */
const wrapped = (cause: unknown) => new Error('Failed query: select 1', { cause: new Error('Failed to get session', { cause }) });

describe('isDatabaseUnavailable', () => {
  it('recognises a database that cannot be reached, however deep the driver error is wrapped', () => {
    const away = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('connect ENOENT /data/postgres/.s.PGSQL.5432'), { code: 'ENOENT' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      pgError('08006'),
      pgError('57P01', 'terminating connection due to administrator command', 'FATAL'),
      pgError('57P03', 'the database system is starting up', 'FATAL'),
      pgError('53300', 'sorry, too many clients already', 'FATAL'),
      pgError('55000', 'database "lodestone" is not currently accepting connections', 'FATAL'),
    ];
    for (const error of away) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      expect(isDatabaseUnavailable(wrapped(error)), error.message).toBe(true);
    }
  });

  it('leaves every other failure a fault of ours (500)', () => {
    const faults = [
      new Error('Cannot read properties of undefined'),
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('42P01', 'relation "x" does not exist'),
      pgError('55000', 'object not in prerequisite state'),
      Object.assign(new Error('ENOENT: no such file or directory, open /data/files/x'), { code: 'ENOENT' }),
      'a string',
      null,
    ];
    for (const error of faults) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
    }
  });
});
