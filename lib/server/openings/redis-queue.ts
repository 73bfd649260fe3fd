import 'server-only';
import { redisClient } from '@/lib/server/db/redis';
import { openingFromRaw, openingToRaw, type Opening } from './opening-row';
import { emptyCounts, LATE_RANK, PLACE_STATES, type PlaceState, type QueuePlace, type QueueRead, type QueueStore } from './queue-store';

// The queue in Redis (when REDIS_URL is set): the waiting rooms' standard pattern. Per service:
//   op:<service>:settings  the opening's row, copied after every change (a read answers in one round trip)
//   op:<service>:places    a hash, account → its place (JSON: state, seq, rank, joined, admitted, send_by, done)
//   op:<service>:early     a sorted set of those waiting for the draw, by order of arrival
//   op:<service>:wait      a sorted set of those waiting in order, by rank
//   op:<service>:adm       a sorted set of those admitted, by send_by (their turns lapse from its start)
//   op:<service>:seq       the order of arrival;  op:<service>:drawn  the draw's seed, once
//   op:<service>:n         counts per state (s:<state>) and the admission counters (c:admitted, c:lapsed)
// Each step is one Lua script, atomic in Redis, so instances never admit one place twice.

const keys = (service: string, prefix: string) => {
  const at = (name: string) => `${prefix}:${service}:${name}`;
  return { settings: at('settings'), places: at('places'), early: at('early'), wait: at('wait'), adm: at('adm'), seq: at('seq'), drawn: at('drawn'), n: at('n') };
};

// A state change of one place, counted (Lua: place, old state, new state).
const MOVE = `
local function move(n, old, new)
  if old then redis.call('HINCRBY', n, 's:' .. old, -1) end
  redis.call('HINCRBY', n, 's:' .. new, 1)
end`;

// The read: the settings, the place, how many wait before it, how many wait for the draw.
const READ = `
local function read(settings, places, early, wait, user)
  local p = redis.call('HGET', places, user)
  local ahead = false
  if p then
    local place = cjson.decode(p)
    if place.state == 'waiting' and place.rank then ahead = redis.call('ZRANK', wait, user) or false end
  end
  return { redis.call('GET', settings) or false, p or false, ahead, redis.call('ZCARD', early) }
end`;

// KEYS settings places early wait seq drawn n; ARGV user now early(0/1) late_rank
const JOIN = `${MOVE}${READ}
local user, now = ARGV[1], tonumber(ARGV[2])
local p = redis.call('HGET', KEYS[2], user)
local old = false
if p then
  old = cjson.decode(p).state
end
if not p or old == 'passed' or old == 'left' then
  local seq = redis.call('INCR', KEYS[5])
  local place = { state = 'waiting', joined = now, seq = seq }
  if ARGV[3] == '1' and redis.call('EXISTS', KEYS[6]) == 0 then
    redis.call('ZADD', KEYS[3], seq, user)
  else
    place.rank = tonumber(ARGV[4]) + seq
    redis.call('ZADD', KEYS[4], place.rank, user)
  end
  redis.call('HSET', KEYS[2], user, cjson.encode(place))
  move(KEYS[7], old, 'waiting')
end
return read(KEYS[1], KEYS[2], KEYS[3], KEYS[4], user)`;

// KEYS settings places early wait; ARGV user
const READ_ONE = `${READ}
return read(KEYS[1], KEYS[2], KEYS[3], KEYS[4], ARGV[1])`;

// KEYS places early wait adm n; ARGV user now
const LEAVE = `${MOVE}
local p = redis.call('HGET', KEYS[1], ARGV[1])
if not p then return 0 end
local place = cjson.decode(p)
if place.state ~= 'waiting' and place.state ~= 'admitted' then return 0 end
redis.call('ZREM', KEYS[2], ARGV[1]); redis.call('ZREM', KEYS[3], ARGV[1]); redis.call('ZREM', KEYS[4], ARGV[1])
move(KEYS[5], place.state, 'left')
place.state = 'left'; place.done = tonumber(ARGV[2])
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(place))
return 1`;

// KEYS drawn early; ARGV seed. Those to draw, in order of arrival; false when drawn already.
const DRAW_BEGIN = `
if redis.call('SETNX', KEYS[1], ARGV[1]) == 0 then return false end
return redis.call('ZRANGE', KEYS[2], 0, -1)`;

// KEYS places early wait; ARGV first rank, then the accounts in the order drawn.
const DRAW_RANK = `
local first = tonumber(ARGV[1])
for i = 2, #ARGV do
  local user = ARGV[i]
  local p = redis.call('HGET', KEYS[1], user)
  redis.call('ZREM', KEYS[2], user)
  if p then
    local place = cjson.decode(p)
    if place.state == 'waiting' then
      place.rank = first + i - 2
      redis.call('ZADD', KEYS[3], place.rank, user)
      redis.call('HSET', KEYS[1], user, cjson.encode(place))
    end
  end
end
return 1`;

// KEYS places wait adm n; ARGV now due(-1: only lapses) window_ms most
const ADMIT = `${MOVE}
local now = tonumber(ARGV[1])
local lapsedNow = 0
for _, user in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', '(' .. now)) do
  local place = cjson.decode(redis.call('HGET', KEYS[1], user))
  redis.call('ZREM', KEYS[3], user)
  if place.state == 'admitted' then
    place.state = 'passed'; place.done = now
    redis.call('HSET', KEYS[1], user, cjson.encode(place))
    move(KEYS[4], 'admitted', 'passed')
    lapsedNow = lapsedNow + 1
  end
end
local lapsed = tonumber(redis.call('HGET', KEYS[4], 'c:lapsed') or '0') + lapsedNow
local counted = tonumber(redis.call('HGET', KEYS[4], 'c:admitted') or '0')
local admitted = {}
if ARGV[2] ~= '-1' then
  local due = math.floor(tonumber(ARGV[2])) + lapsed
  local room = math.min(due - counted, tonumber(ARGV[4]))
  if room > 0 then
    for _, user in ipairs(redis.call('ZRANGE', KEYS[2], 0, room - 1)) do
      local place = cjson.decode(redis.call('HGET', KEYS[1], user))
      place.state = 'admitted'; place.admitted = now; place.send_by = now + tonumber(ARGV[3])
      redis.call('HSET', KEYS[1], user, cjson.encode(place))
      redis.call('ZREM', KEYS[2], user)
      redis.call('ZADD', KEYS[3], place.send_by, user)
      move(KEYS[4], 'waiting', 'admitted')
      admitted[#admitted + 1] = user
    end
    counted = counted + #admitted
  end
  if redis.call('ZCARD', KEYS[2]) == 0 and counted < due then counted = due end
end
redis.call('HSET', KEYS[4], 'c:lapsed', lapsed, 'c:admitted', counted)
return { lapsedNow, redis.call('ZCARD', KEYS[2]), admitted }`;

// KEYS places; ARGV user now. The place when it may send now.
const TURN = `
local p = redis.call('HGET', KEYS[1], ARGV[1])
if not p then return false end
local place = cjson.decode(p)
if (place.state == 'admitted' or place.state == 'sent') and place.send_by and place.send_by >= tonumber(ARGV[2]) then return p end
return false`;

// KEYS places adm n; ARGV user now
const SENT = `${MOVE}
local p = redis.call('HGET', KEYS[1], ARGV[1])
if not p then return 0 end
local place = cjson.decode(p)
if place.state ~= 'admitted' then return 0 end
redis.call('ZREM', KEYS[2], ARGV[1])
move(KEYS[3], 'admitted', 'sent')
place.state = 'sent'; place.done = tonumber(ARGV[2])
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(place))
return 1`;

// KEYS places wait early n; ARGV now. Everyone waiting is told the places are gone.
const END = `${MOVE}
local told = {}
for _, set in ipairs({ KEYS[2], KEYS[3] }) do
  for _, user in ipairs(redis.call('ZRANGE', set, 0, -1)) do
    local place = cjson.decode(redis.call('HGET', KEYS[1], user))
    if place.state == 'waiting' then
      place.state = 'sold_out'; place.done = tonumber(ARGV[1])
      redis.call('HSET', KEYS[1], user, cjson.encode(place))
      move(KEYS[4], 'waiting', 'sold_out')
      told[#told + 1] = user
    end
  end
  redis.call('DEL', set)
end
return told`;

type StoredPlace = { state: PlaceState; joined: number; admitted?: number; send_by?: number; done?: number };
const at = (ms: number | undefined) => (ms === undefined ? null : new Date(ms));

function placeOf(json: string | null, ahead: number | null): QueuePlace | null {
  if (!json) return null;
  const place = JSON.parse(json) as StoredPlace;
  return { state: place.state, joinedAt: new Date(place.joined), admittedAt: at(place.admitted), sendBy: at(place.send_by), ahead };
}

function readOf(reply: [string | null, string | null, number | null, number]): QueueRead {
  const [settings, place, ahead, early] = reply;
  return { opening: settings ? openingFromRaw(JSON.parse(settings) as Record<string, unknown>) : null, place: placeOf(place, ahead === null ? null : Number(ahead)), earlyCount: Number(early) };
}

/** At most this many admitted in one tick (one Lua reply): a tick a second keeps far more than any rate set. */
const MOST_PER_TICK = 2000;
/** The accounts ranked per call of the draw. */
const DRAW_BATCH = 1000;

const stores = new Map<string, QueueStore>();

/** `prefix` keeps a test's queues apart from any other's on the shared Redis. */
export function redisQueue(url: string, prefix = 'op'): QueueStore {
  let store = stores.get(`${url} ${prefix}`);
  if (store) return store;
  const run = async <T>(script: string, keyList: string[], ...args: (string | number)[]): Promise<T> => (await redisClient(url)).eval(script, keyList.length, ...keyList, ...args.map(String)) as Promise<T>;
  store = {
    kind: 'redis',
    async join(service, userId, now, early) {
      const k = keys(service, prefix);
      return readOf(await run(JOIN, [k.settings, k.places, k.early, k.wait, k.seq, k.drawn, k.n], userId, now.getTime(), early ? 1 : 0, LATE_RANK));
    },
    async read(service, userId) {
      const k = keys(service, prefix);
      return readOf(await run(READ_ONE, [k.settings, k.places, k.early, k.wait], userId));
    },
    async mirror(opening: Opening) {
      await (await redisClient(url)).set(keys(opening.typeId, prefix).settings, JSON.stringify(openingToRaw(opening)));
    },
    async reset(service) {
      const k = keys(service, prefix);
      await (await redisClient(url)).del(...Object.values(k));
    },
    async leave(service, userId, now) {
      const k = keys(service, prefix);
      return (await run<number>(LEAVE, [k.places, k.early, k.wait, k.adm, k.n], userId, now.getTime())) === 1;
    },
    async draw(service, seed, order) {
      const k = keys(service, prefix);
      const joined = await run<string[] | null>(DRAW_BEGIN, [k.drawn, k.early], seed);
      if (!joined) return null;
      const drawn = order(joined);
      for (let start = 0; start < drawn.length; start += DRAW_BATCH) {
        await run(DRAW_RANK, [k.places, k.early, k.wait], start + 1, ...drawn.slice(start, start + DRAW_BATCH));
      }
      return { entrants: joined };
    },
    async admit(service, due, sendWindowMs, now) {
      const k = keys(service, prefix);
      const [lapsed, waiting, admitted] = await run<[number, number, string[]]>(ADMIT, [k.places, k.wait, k.adm, k.n], now.getTime(), due === null ? -1 : due, sendWindowMs, MOST_PER_TICK);
      return { lapsed: Number(lapsed), waiting: Number(waiting), admitted };
    },
    async turn(service, userId, now) {
      return placeOf(await run<string | null>(TURN, [keys(service, prefix).places], userId, now.getTime()), null);
    },
    async markSent(service, userId, now) {
      const k = keys(service, prefix);
      await run(SENT, [k.places, k.adm, k.n], userId, now.getTime());
    },
    async end(service, now) {
      const k = keys(service, prefix);
      return run<string[]>(END, [k.places, k.wait, k.early, k.n], now.getTime());
    },
    async counts(service) {
      const counted = await (await redisClient(url)).hgetall(keys(service, prefix).n);
      const counts = emptyCounts();
      for (const state of PLACE_STATES) counts[state] = Math.max(0, Number(counted[`s:${state}`] ?? 0));
      return counts;
    },
  };
  stores.set(`${url} ${prefix}`, store);
  return store;
}
