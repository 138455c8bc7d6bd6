import { describe, expect, it } from 'vitest';
import { healthUrl } from './health-check.ts';

describe("the image's health check", () => {
  it('asks the address HOST names, and 127.0.0.1 when HOST is every interface', () => {
    expect(healthUrl({})).toBe('http://127.0.0.1:2567/health'); // config.ts's defaults: 0.0.0.0, 2567
    expect(healthUrl({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://127.0.0.1:8080/health');
    for (const every of ['::', '::0', '0:0:0:0:0:0:0:0']) expect(healthUrl({ HOST: every, PORT: '2567' })).toBe('http://127.0.0.1:2567/health');
    expect(healthUrl({ HOST: '10.0.0.5', PORT: '2567' })).toBe('http://10.0.0.5:2567/health');
    expect(healthUrl({ HOST: '::1', PORT: '2567' })).toBe('http://[::1]:2567/health');
    expect(healthUrl({ HOST: 'fd00::5', PORT: '2567' })).toBe('http://[fd00::5]:2567/health');
    expect(healthUrl({ HOST: 'localhost', PORT: '2567' })).toBe('http://localhost:2567/health');
  });
});
