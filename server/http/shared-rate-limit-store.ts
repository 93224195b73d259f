import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;

/** Warns once when Redis starts failing and once when it answers again, not on every request. */
function outageReporter(log: FastifyBaseLogger) {
  let failing = false;
  return {
    failed(err: Error) {
      if (failing) return;
      failing = true;
      log.warn(
        { err: err.message },
        'rate limits: Redis is unreachable; counting on this instance until it is back',
      );
    },
    answered() {
      if (!failing) return;
      failing = false;
      log.info('rate limits: Redis answers again; limits are shared across instances once more');
    },
  };
}

class SharedStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly outage: ReturnType<typeof outageReporter>,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.shared.incr(
      key,
      (err, result) => {
        if (!err) {
          this.outage.answered();
          callback(null, result);
          return;
        }
        this.outage.failed(err);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new SharedStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.outage);
  }
}

/**
 * The rate-limit store with REDIS_URL: counts in Redis, so every instance counts against the same
 * limit, and while Redis cannot be reached, in this instance's memory. A Redis outage so loosens each
 * limit to one allowance per instance for its duration, and never fails the request it was counting
 * (the plugin answers a store error with a 500); the outage is logged as a warning.
 */
export function sharedRateLimitStore(
  redis: Redis,
  nameSpace: string,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  const outage = outageReporter(log);
  // ioredis reports every failed reconnect as an error event; one warning per outage is enough.
  redis.on('error', (err: Error) => outage.failed(err));
  // The plugin builds the store once and a child per limited route, which carries the route's own
  // window options; the app sets neither continueExceeding nor exponentialBackoff globally.
  return class extends SharedStore {
    constructor() {
      super(new RedisStore(false, false, redis, nameSpace), new LocalStore(false, false), outage);
    }
  };
}
