// isAppUrl and isSafeExternalUrl against look-alikes: encoded, credentialed, dotted or re-cased
// hosts and other schemes mentioning the app are refused, tricky links refused unless they are
// plain https, which is accepted wherever it points.

import { describe, expect, it } from 'vitest';
import { isAppUrl, isSafeExternalUrl } from '../../electron/security/url-policy';

// Tricky spellings a hostile transcript, link or frame could use to pass for the app or for a
// harmless https link. Node parses app:// as a non-special scheme while Chromium treats it as a
// standard one, so every case here must either be the app origin to both parsers or be refused.

describe('isAppUrl against look-alikes', () => {
  it.each([
    ['a longer host', 'app://studio.evil/'],
    ['a longer host with a path', 'app://studio.evil/index.html'],
    ['credentials that read as the host', 'app://studio@evil/'],
    ['credentials with an encoded slash', 'app://studio%2f@evil/'],
    ['an encoded slash inside the host', 'app://studio%2Fevil/'],
    ['a percent-encoded host', 'app://%73tudio/'],
    ['a partly encoded host', 'app://stu%64io/'],
    ['an encoded NUL in the host', 'app://studio%00/'],
    ['an encoded tab in the host', 'app://studio%09/'],
    ['a trailing dot on the host', 'app://studio./'],
    ['an upper-case host', 'app://STUDIO/'],
    ['a port', 'app://studio:0/'],
    ['an IPv6 host', 'app://[::1]/'],
    ['one slash', 'app:/studio/'],
    ['no slashes', 'app:studio'],
    ['three slashes', 'app:///studio/'],
    ['a backslash after the scheme', 'app:\\\\studio/'],
    ['a backslash after the host', 'app://studio\\@evil/'],
    ['the app URL inside a fragment', 'app://evil/#app://studio/'],
    ['the app URL inside a query', 'app://evil?x=app://studio/'],
    ['a blob URL of the app origin', 'blob:app://studio/1f0e'],
    ['a javascript: URL mentioning the app', 'javascript://app://studio/%0aalert(1)'],
    ['a javascript: URL', 'javascript:alert(document.domain)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a data: URL mentioning the app', 'data:app://studio/'],
    ['a file: URL', 'file:///opt/agreement-studio/resources/app.asar/build/web/index.html'],
    ['a file: URL with the app host', 'file://studio/index.html'],
    ['an https URL with the app host', 'https://studio/index.html'],
    ['about:blank', 'about:blank'],
    ['about:srcdoc', 'about:srcdoc'],
    ['a leading space', ' app://studio/'],
    ['a trailing newline', 'app://studio/\n'],
    ['a NUL byte', 'app://studio/\u0000'],
    ['a right-to-left override', 'app://studio/\u202e'],
    ['a Cyrillic letter in the host', 'app://\u0455tudio/'],
  ])('refuses %s (%j)', (_label, url) => {
    expect(isAppUrl(url)).toBe(false);
  });

  it.each([
    // Both parsers read these as app://studio with a query, fragment or empty port.
    'app://studio?@evil',
    'app://studio#@evil',
    'app://studio:/',
    // Traversal in the path does not change the origin; the protocol handler refuses it.
    'app://studio/%2e%2e/',
    'app://studio/..%2f..%2fetc',
  ])('accepts %j, which is the app origin to both parsers', (url) => {
    expect(isAppUrl(url)).toBe(true);
  });
});

describe('isSafeExternalUrl against tricky links', () => {
  it.each([
    ['credentials that read as the host', 'https://example.com@evil.example/'],
    ['credentials with an encoded slash', 'https://example.com%2F@evil.example/'],
    ['a backslash before credentials', 'https://example.com\\@evil.example/'],
    ['backslashes for slashes', 'https:\\\\evil.example/'],
    ['no slashes', 'https:evil.example'],
    ['a blob URL', 'blob:https://example.com/1f0e'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a javascript: URL with https in it', 'javascript://https://example.com/%0aalert(1)'],
    ['a data: URL', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['a file: URL', 'file:///etc/passwd'],
    ['a UNC path as a file: URL', 'file://attacker.example/share/payload.exe'],
    ['an smb: share', 'smb://attacker.example/share'],
    ['a protocol handler', 'ms-msdt:/id PCWDiagnostic'],
    ['another app scheme', 'vscode://file/etc/passwd'],
    ['the app origin', 'app://studio/index.html'],
    ['an encoded NUL in the host', 'https://exa%00mple.com/'],
    ['a space in the path', 'https://example.com/a b'],
    ['a right-to-left override', 'https://example.com/\u202egpj.exe'],
    ['a leading zero-width space', '\u200bhttps://example.com/'],
  ])('refuses %s (%j)', (_label, url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });

  it.each(['https://evil.example#@example.com', 'https://example.com:8443/', 'https://example.com./'])(
    'accepts %j: a plain https link, wherever it points (the check is about the scheme, not a host list)',
    (url) => {
      expect(isSafeExternalUrl(url)).toBe(true);
    },
  );
});
