import { describe, expect, it } from 'vitest';
import { healthTarget } from './health-check.ts';

describe("the image's health check", () => {
  it('asks the address HOST names, and 127.0.0.1 when HOST is every interface', () => {
    expect(healthTarget({})).toEqual({ host: '127.0.0.1', port: 2567 }); // config.ts's defaults: 0.0.0.0, 2567
    expect(healthTarget({ HOST: '0.0.0.0', PORT: '8080' })).toEqual({ host: '127.0.0.1', port: 8080 });
    for (const every of ['::', '::0', '0:0:0:0:0:0:0:0']) expect(healthTarget({ HOST: every, PORT: '2567' })).toEqual({ host: '127.0.0.1', port: 2567 });
    expect(healthTarget({ HOST: '10.0.0.5', PORT: '2567' }).host).toBe('10.0.0.5');
    expect(healthTarget({ HOST: '::1', PORT: '2567' }).host).toBe('::1');
    expect(healthTarget({ HOST: 'fd00::5', PORT: '2567' }).host).toBe('fd00::5');
    expect(healthTarget({ HOST: 'localhost', PORT: '2567' }).host).toBe('localhost');
  });

  it('asks an IPv6 address with its zone as it is (a URL cannot spell one: the check failed on it)', () => {
    expect(healthTarget({ HOST: 'fe80::1%eth0', PORT: '2567' })).toEqual({ host: 'fe80::1%eth0', port: 2567 });
  });
});
