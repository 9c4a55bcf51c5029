// isAppUrl and isSafeExternalUrl on plain cases: the app's own URLs and https links are accepted,
// other schemes, hosts and non-strings refused.

import { describe, expect, it } from 'vitest';
import { isAppUrl, isSafeExternalUrl } from '../../electron/security/url-policy';

describe('isAppUrl', () => {
  it.each(['app://studio/index.html', 'app://studio/', 'app://studio', 'app://studio/assets/index-abc.js?x=1#top'])('accepts %s', (url) => {
    expect(isAppUrl(url)).toBe(true);
  });

  it.each([
    'app://evil/',
    'app://studio.evil.com/',
    'app://evil.com/studio',
    'app://studio:8080/',
    'app://user@studio/',
    'app://user:pass@studio/',
    'app:studio/index.html',
    'app:///studio/index.html',
    'apps://studio/',
    'https://studio/',
    'file:///studio/index.html',
    'javascript:alert(1)//app://studio/',
    'data:text/html,app://studio/',
    ' app://studio/',
    'app://studio/\n',
    'app://\u0455tudio/', // Cyrillic "s"
    'app://studio\\index.html',
    '',
    'not a url',
    'app://',
  ])('refuses %j', (url) => {
    expect(isAppUrl(url)).toBe(false);
  });

  it.each([undefined, null, 42, {}, ['app://studio/']])('refuses the non-string %j', (value) => {
    expect(isAppUrl(value)).toBe(false);
  });
});

describe('isSafeExternalUrl', () => {
  it.each(['https://example.com', 'https://example.com/', 'https://example.com/a/b?c=d#e', 'https://xn--bcher-kva.de/', 'HTTPS://EXAMPLE.COM/'])(
    'accepts %s',
    (url) => {
      expect(isSafeExternalUrl(url)).toBe(true);
    },
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.domain)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'http://example.com/',
    'ftp://example.com/',
    'app://studio/index.html',
    'mailto:someone@example.com',
    'https://user:pass@example.com/',
    'https://user@example.com/',
    'https://:pass@example.com/',
    'https:\\\\evil.example',
    'https:/\\evil.example',
    'https://evil.example\\@good.example/',
    'https:evil.example',
    'https:/evil.example',
    'https:///evil.example',
    'https://bücher.de/',
    'https://\u0430pple.com/', // Cyrillic "a"
    '  https://example.com  ',
    'https://example.com ',
    '\thttps://example.com',
    'https://exa\nmple.com/',
    'https://example.com/\u0000',
    '',
    'https://',
    '://',
    'garbage',
    '%68ttps://example.com',
  ])('refuses %j', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });

  it.each([undefined, null, 1, { href: 'https://example.com' }])('refuses the non-string %j', (value) => {
    expect(isSafeExternalUrl(value)).toBe(false);
  });
});
