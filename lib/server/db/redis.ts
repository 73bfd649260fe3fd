import 'server-only';

// One Redis connection per address, shared by what keeps its state there when REDIS_URL is set (the rate
// limits' counters, the opening queues), opened on first use.

type RedisClient = import('ioredis').Redis;
const clients = new Map<string, Promise<RedisClient>>();

export function redisClient(url: string): Promise<RedisClient> {
  let client = clients.get(url);
  if (!client) {
    client = import('ioredis').then(({ Redis }) => new Redis(url, { maxRetriesPerRequest: 2 }));
    clients.set(url, client);
  }
  return client;
}

/** Closes the Redis connections (tests, shutdown). */
export async function closeRedis() {
  const all = [...clients.values()];
  clients.clear();
  await Promise.all(all.map(async (client) => (await client).quit()));
}
