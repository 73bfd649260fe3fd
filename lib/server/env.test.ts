import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

describe('the environment check at start', () => {
  it('accepts nothing at all: every variable has an embedded default', () => {
    expect(readEnv({})).toMatchObject({ DATA_DIR: './.data', TRUST_PROXY_HOPS: 0, NODE_ENV: 'development' });
  });

  it('treats empty values as unset, as in .env.example', () => {
    const env = readEnv({ DATABASE_URL: '', REDIS_URL: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('accepts PostgreSQL and Redis URLs', () => {
    const env = readEnv({ DATABASE_URL: 'postgres://u:p@db:5432/portal', REDIS_URL: 'redis://cache:6379', TRUST_PROXY_HOPS: '1' });
    expect(env).toMatchObject({ DATABASE_URL: 'postgres://u:p@db:5432/portal', REDIS_URL: 'redis://cache:6379', TRUST_PROXY_HOPS: 1 });
  });

  it('names every bad value on a line of its own', () => {
    expect(() => readEnv({ DATABASE_URL: 'mysql://db/portal', REDIS_URL: 'localhost:6379', TRUST_PROXY_HOPS: 'many' })).toThrow(
      /Invalid environment:\n {2}DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL\n {2}REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL\n {2}TRUST_PROXY_HOPS: /,
    );
  });
});
