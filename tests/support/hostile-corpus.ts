/**
 * Bad input for tests/e2e/hostile-input.e2e.ts: values for form fields (wrong types, unicode edge cases,
 * injections), whole bodies that are broken or not what they say, media types, and paths. Every string a
 * visitor could be identified by carries this run's marker, so the test can look for it in the log.
 */
import { randomBytes } from 'node:crypto'

/** This run's marker: personal data (names, addresses, message text) carries `PERSONAL`, scripts `SCRIPT_MARK`. */
const RUN = randomBytes(4).toString('hex')
export const PERSONAL = `pd${RUN}`
export const SCRIPT_MARK = `xss${RUN}`

/** A visitor's e-mail address nobody else uses (valid: only where the post is refused for another reason). */
export const markerEmail = (n: number): string => `${PERSONAL}.${n}@example.org`

/**
 * A client address per request (IPv6 documentation range, this run's own block), so no rate limit is shared:
 * each in a /64 of its own, as rate limits count an IPv6 client by its /64.
 */
const BLOCK = `2001:db8:${RUN.slice(0, 4)}`
let clients = 0
export const nextClient = (): string => `${BLOCK}:${(++clients).toString(16)}::1`
/** What every invented client address starts with, to look for in the log. */
export const CLIENT_PREFIX = `${BLOCK}:`

/** What a page or answer must never contain as it was sent: our scripts, unescaped. */
export const UNESCAPED_SCRIPT = new RegExp(`<(script|img|svg)[^>]*(>alert|onerror|onload)[^<]*${SCRIPT_MARK}`, 'i')

/** Strings for text fields. */
export const STRINGS: [string, string][] = [
  ['empty', ''],
  ['blank', ' \t \u00a0 \u3000 '],
  ['10k characters', 'A'.repeat(10_000)],
  ['60k characters', 'B'.repeat(60_000)],
  ['NUL', `a\u0000b`],
  ['lone high surrogate', 'x\ud800y'],
  ['lone low surrogate', '\udfffz'],
  ['RTL override', 'abc\u202egnp.exe'],
  ['bidi isolates', '\u2066\u2067\u2068\u2069\u061c'],
  ['zero-width', 'a\u200b\u200c\u200d\u2060\ufeffb'],
  ['combining marks', `Z${'\u0301\u0302\u0303\u0304\u0305'.repeat(200)}`],
  ['emoji', `👩‍👩‍👧‍👦🏳️‍🌈 🧑🏽‍💻 ${'😀'.repeat(50)}`],
  ['astral letters', '𝕳𝖊𝖑𝖑𝖔 𐍈'],
  ['line separators', 'a\u2028b\u2029c\u0085d'],
  ['control characters', '\u0001\u0007\u001b[31m\u007f'],
  ['non-characters', '\ufffd\uffff\ufffe'],
  ['CRLF header', 'x\r\nBcc: victim@example.net\r\nSubject: injected'],
  ['LF header', 'Name\nContent-Type: text/html'],
  ['CRLF after address', `${PERSONAL}@example.org\r\nBcc: victim@example.net`],
  ['two addresses', `${PERSONAL}@example.org, victim@example.net`],
  ['quoted local part', `"${PERSONAL} x"@example.org`],
  ['address literal', `${PERSONAL}@[127.0.0.1]`],
  ['look-alike address', `${PERSONAL}@еxample.org`],
  ['long address', `${'a'.repeat(250)}@example.org`],
  ['SQL or', "' OR '1'='1"],
  ['SQL drop', "x'); DROP TABLE contact_messages; --"],
  ['SQL union', "' UNION SELECT email, password FROM users --"],
  ['SQL sleep', "'; SELECT pg_sleep(5); SELECT sqlite_version(); --"],
  ['SQL wildcard', '%_%\\'],
  ['script', `<script>alert('${SCRIPT_MARK}')</script>`],
  ['img onerror', `"><img src=x onerror=alert('${SCRIPT_MARK}')>`],
  ['svg onload', `'><svg/onload=alert('${SCRIPT_MARK}')>`],
  ['javascript URL', `javascript:alert('${SCRIPT_MARK}')`],
  ['fullwidth tag', '＜script＞alert(1)＜/script＞'],
  ['templates', '{{7*7}} ${7*7} <%= 7*7 %> #{7*7}'],
  ['format string', '%s%s%s%n%x%d'],
  ['path traversal', '../../../../etc/passwd'],
  ['encoded traversal', '..%2f..%2f..%2fetc%2fpasswd%00.png'],
  ['Windows path', '..\\..\\windows\\win.ini'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['operator in a string', '{"$gt":""}'],
  ['time zone traversal', 'Europe/../../etc/passwd'],
  ['impossible date', '2025-02-30T25:61Z'],
  ['far future', '9999-12-31T23:59Z'],
]

/** Values of the wrong type for text fields (JSON only). */
const deepArray = (depth: number): unknown => (depth ? [deepArray(depth - 1)] : 'x')
export const WRONG_TYPES: [string, unknown][] = [
  ['number', 42],
  ['negative', -1],
  ['huge number', 1e308],
  ['true', true],
  ['false', false],
  ['null', null],
  ['empty array', []],
  ['array', [markerEmail(0), 'b']],
  ['empty object', {}],
  ['operator object', { $ne: null, $gt: '' }],
  ['__proto__ object', JSON.parse('{"__proto__":{"polluted":true}}')],
  ['toString object', { toString: 'x', valueOf: 1 }],
  ['nested arrays', deepArray(200)],
]

const utf8 = (s: string) => Buffer.from(s, 'utf8')

/** Bodies that are broken or not what their media type says: [label, media type, body]. */
export const BROKEN_BODIES: [string, string, string | Buffer][] = [
  ['JSON null', 'application/json', 'null'],
  ['JSON array', 'application/json', '[{"email":"x"}]'],
  ['JSON string', 'application/json', '"email"'],
  ['JSON number', 'application/json', '42'],
  ['empty JSON', 'application/json', ''],
  ['unclosed JSON', 'application/json', '{"email":'],
  ['single quotes', 'application/json', "{'email':'x'}"],
  ['trailing comma', 'application/json', '{"email":"x",}'],
  ['byte order mark', 'application/json', '\ufeff{"email":"x"}'],
  ['trailing garbage', 'application/json', '{"email":"x"}garbage'],
  ['NaN', 'application/json', 'NaN'],
  ['huge exponent', 'application/json', '{"startedAt":1e999999,"email":"x"}'],
  ['escaped lone surrogate', 'application/json', '{"name":"\\ud800","email":"\\udfff"}'],
  ['duplicate keys', 'application/json', '{"email":"x","email":{"$gt":""}}'],
  [
    'prototype keys',
    'application/json',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":true}},"email":"x"}',
  ],
  ['deep arrays', 'application/json', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
  ['unclosed deep arrays', 'application/json', '['.repeat(30_000)],
  ['deep object', 'application/json', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
  [
    'invalid UTF-8',
    'application/json',
    Buffer.concat([
      utf8('{"name":"'),
      Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xff, 0xfe, 0xf8, 0x88, 0x80, 0x80, 0x80]),
      utf8('","email":"x"}'),
    ]),
  ],
  ['overlong NUL', 'application/json', Buffer.concat([utf8('{"email":"a'), Buffer.from([0xc0, 0x80]), utf8('"}')])],
  ['UTF-16', 'application/json; charset=utf-16', Buffer.from('{"email":"x"}', 'utf16le')],
  ['bare percent', 'application/x-www-form-urlencoded', '%'],
  ['broken escapes', 'application/x-www-form-urlencoded', '%zz=%E0%A4%A&email=%'],
  ['only separators', 'application/x-www-form-urlencoded', '=&=&&=='],
  ['names without values', 'application/x-www-form-urlencoded', 'email&email&name'],
  ['repeated fields', 'application/x-www-form-urlencoded', 'email=a&email=b&name=c&name=d'],
  ['prototype fields', 'application/x-www-form-urlencoded', '__proto__[admin]=1&constructor[prototype][x]=1&email=x'],
  ['encoded CRLF', 'application/x-www-form-urlencoded', 'name=a%0d%0aBcc:%20victim%40example.net&email=%00'],
  ['overlong escape', 'application/x-www-form-urlencoded', 'name=%C0%AF%C0%80&email=%ED%A0%80'],
  ['plus signs', 'application/x-www-form-urlencoded', '+'.repeat(5000)],
]

/** Media types that are missing, wrong or odd, each with an ordinary body. */
export const ODD_TYPES: (string | null)[] = [
  null,
  'text/plain',
  'text/html',
  'application/xml',
  '*/*',
  'application/json, text/html',
  'application/jsonp',
  'application/x-www-form-urlencoded;;;',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  `application/json${'; x=y'.repeat(1200)}`,
]

/** Paths sent as they are (not normalised): traversal, odd encodings, weird pages. */
export const PATHS: string[] = [
  '/_next/static/../../package.json',
  '/_next/static/..%2f..%2fpackage.json',
  '/_next/static/%2e%2e/%2e%2e/package.json',
  '/_next/static/..%252f..%252fpackage.json',
  '/_next/static/chunks/..\\..\\..\\package.json',
  '/_next/%2e%2e/%2e%2e/.env',
  '/_next/image?url=http://elsewhere.example/x.png&w=64&q=75',
  '/_next/image?url=/../../etc/passwd&w=1&q=1',
  '/media/..%2f..%2fsite.db',
  '/media/%2e%2e/%2e%2e/payload-secret',
  '/cms-api/media/file/..%2f..%2fsite.db',
  '/cms-api/media/file/..%2f..%2fpayload-secret',
  '/cms-api/media/file/%2e%2e%2fsite.db',
  '/cms-api/media/file/..%5c..%5csite.db',
  '/cms-api/media/file/nothing-here.webp',
  '/cms-api/media/file/nothing-here.db',
  '/cms-api/media/file/%00.png',
  '/data/site.db',
  '/.env',
  '/.git/config',
  '/package.json',
  '/about/..%2f..%2f..%2fetc%2fpasswd',
  '/about/%2e%2e/%2e%2e/etc/passwd',
  '/about%00',
  '/a%00b/',
  '/%',
  '/%ZZ',
  '/%E0%A4%A',
  '/%C0%AE%C0%AE/%C0%AE%C0%AE/etc/passwd',
  '/%EF%BF%BF',
  '/%F0%9F%92%A9',
  '/%D8%00',
  '/about;jsessionid=1',
  '/about/',
  '//elsewhere.example/',
  '/\\elsewhere.example/',
  '/%2F%2Felsewhere.example/',
  `/${'a'.repeat(4000)}`,
  `/${'a/'.repeat(500)}`,
  `/<script>alert('${SCRIPT_MARK}')</script>`,
  `/?q=<script>alert('${SCRIPT_MARK}')</script>`,
  '/blog?__proto__[polluted]=1&constructor[prototype][x]=1',
  '/index.php?id=1%27%20OR%201=1--',
  '/wp-admin/',
  '/robots.txt/..%2f..%2fsite.db',
  '/favicon.ico/..',
  '/sitemap.xml?page=-1',
  '/admin/../../etc/passwd',
  '/admin/%2e%2e/%2e%2e/etc/passwd',
]
