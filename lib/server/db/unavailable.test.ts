import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

// The errors below are what node-postgres and drizzle really throw (codes and messages copied from them).
function pgError(message: string, code?: string) {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['connection reset', pgError('read ECONNRESET', 'ECONNRESET')],
    ['admin shutdown', pgError('terminating connection due to administrator command', '57P01')],
    ['starting up', pgError('the database system is starting up', '57P03')],
    ['connection exception class 08', pgError('connection failure', '08006')],
    ['too many connections', pgError('sorry, too many clients already', '53300')],
    ['statement timeout', pgError('canceling statement due to statement timeout', '57014')],
    ['pool connect timeout', pgError('timeout exceeded when trying to connect')],
    ['client connect timeout', pgError('timeout expired')],
    ['connection lost mid-query', pgError('Connection terminated unexpectedly')],
    ['client query timeout', pgError('Query read timeout')],
    ['wrapped by drizzle', Object.assign(new Error('Failed query: select 1'), { cause: pgError('read ECONNRESET', 'ECONNRESET') })],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('duplicate key value violates unique constraint "users_email"', '23505')],
    ['a syntax error', pgError('syntax error at or near "selec"', '42601')],
    ['a wrapped query error', Object.assign(new Error('Failed query: insert'), { cause: pgError('null value in column', '23502') })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
