/** Starts the test run's private redis-server once, shares its URL with the tests, stops it after. */
import type { TestProject } from 'vitest/node';
import 'vitest';
import { startRedis } from './helpers/redis.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const redis = await startRedis();
  project.provide('redisUrl', redis.url);
  return () => redis.stop();
}
