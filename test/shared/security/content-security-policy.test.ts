// The two hosts' policies: the desktop app's renderer connects to nothing but itself (its judge
// and team server requests go from the main process); the web build's static policy differs only in admitting any
// http(s) address, which the page narrows at load to the registered origins with a second policy.

import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  connectPolicy,
  WEB_CONTENT_SECURITY_POLICY,
  WEB_META_CONTENT_SECURITY_POLICY,
} from '../../../shared/security/content-security-policy';

const directives = (policy: string) => new Map(policy.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).join(' ')]));

describe('content security policies', () => {
  it("keep the desktop app's connect-src to 'self'", () => {
    expect(directives(CONTENT_SECURITY_POLICY).get('connect-src')).toBe("'self'");
  });

  it('give the web build the same directives but for connect-src, which admits any http(s) address until the page narrows it', () => {
    const desktop = directives(CONTENT_SECURITY_POLICY);
    const web = directives(WEB_CONTENT_SECURITY_POLICY);
    expect(web.get('connect-src')).toBe("'self' http: https:");
    expect([...web.keys()]).toEqual([...desktop.keys()]);
    for (const [name, value] of desktop) if (name !== 'connect-src') expect(web.get(name), name).toBe(value);
  });

  it("leave frame-ancestors out of the web build's meta tag, which browsers ignore it in", () => {
    expect(WEB_META_CONTENT_SECURITY_POLICY).toBe(
      WEB_CONTENT_SECURITY_POLICY.split('; ')
        .filter((directive) => !directive.startsWith('frame-ancestors '))
        .join('; '),
    );
  });

  it("narrow the page's connections to itself and the registered origins", () => {
    expect(connectPolicy([])).toBe("connect-src 'self'");
    expect(connectPolicy(['http://127.0.0.1:11434', 'https://api.openai.com', 'https://couch.example.org'])).toBe(
      "connect-src 'self' http://127.0.0.1:11434 https://api.openai.com https://couch.example.org",
    );
  });
});
