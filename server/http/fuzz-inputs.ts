/**
 * Generators of hostile request parts for the no-5xx property (fuzz.test.ts): path segments,
 * query strings, bodies with their content types, and headers. Real ids of the test world are
 * mixed in, so requests also get past the first checks into services and SQL.
 */
import fc from 'fast-check';

/** Numbers around the edges: int4's, JavaScript's, zero and below, fractions. */
const EDGE_NUMBERS = [
  0,
  -1,
  1.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  2 ** 53 + 2,
  1e308,
  -1e308,
  1e-7,
];

/** Strings that broke or may break something: NUL and controls, odd unicode, dates, numbers. */
const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\u007f',
  '\ud800',
  '\udfff',
  '\uffff',
  '\u202eRTL',
  '😀'.repeat(3),
  'é'.normalize('NFD'),
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
  '2026-13-01',
  '-000001-01-01',
  '2026-11-22T25:61:00Z',
  '31.02.2026 10:00',
  'NaN',
  'Infinity',
  '-0',
  '1e10',
  '0x10',
  '99999999999999999999',
  "' OR 1=1 --",
  '%',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
];

export const FIELDS = [
  'id',
  'ids',
  'doctor_id',
  'lpu_id',
  'service_id',
  'hold_id',
  'text',
  'contact',
  'phone',
  'code',
  'uuid',
  'request_key',
  'source',
  'slot',
  'type',
  'days',
  'dt_start',
  'day_start',
  'user_start_date',
  'user_timezone',
  'town_timedelta',
  'lpu_timedelta',
  'doctors_lpus',
  'lpus_specialities',
  'lpu_params',
  'services',
  'only_free',
  'lpus',
  'q',
  'name',
  'last_name',
  'first_name',
  'patronymic',
  'birth_date',
  'date',
  'times',
  'action',
  'reason',
  'kind',
  'warning',
  'stars',
  'visit_month',
  'tags',
  'is_anonymous',
  'rates_id',
  'authorization_code',
  'client_id',
  'confirmation_flow',
  'csrfmiddlewaretoken',
  'page',
  'page_size',
  'ratetype',
  'tag',
  'status',
  'search_query',
  'town',
  'token',
  'speciality',
  'staj',
  'gender',
  'show_all',
  'patient_id',
  'address',
];

/** A scalar a field may receive: an edge value, a real id, or anything fast-check dreams up. */
const scalar = (ids: number[]) =>
  fc.oneof(
    fc.constantFrom(...EDGE_NUMBERS),
    fc.constantFrom(...EDGE_STRINGS),
    fc.constantFrom(...ids),
    fc.constantFrom(...ids).map(String),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({ maxLength: 20 }).map((s) => s.repeat(500)),
  );

/** A value: a scalar, or arrays and objects of them, nested a few levels. */
const value = (ids: number[]) =>
  fc.letrec<{ v: unknown }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar(ids),
      fc.array(tie('v'), { maxLength: 4 }),
      fc.dictionary(fc.constantFrom(...FIELDS), tie('v'), { maxKeys: 4 }),
    ),
  })).v;

/** A body shaped like the calls' own: known field names with bad values. */
const fieldsObject = (ids: number[]) => fc.dictionary(fc.constantFrom(...FIELDS), value(ids), { maxKeys: 8 });

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** A multipart body: fields with bad values, or broken framing. */
const multipart = (ids: number[]) =>
  fc.oneof(
    fc.constant({ payload: '--XYZ\r\ngarbage\r\n', contentType: 'multipart/form-data; boundary=XYZ' }),
    fc.constant({ payload: 'no boundary at all', contentType: 'multipart/form-data' }),
    fc.constant({
      payload: '--XYZ\r\nContent-Disposition: form-data; name="documents"; filename="a.pdf"\r\n\r\n%PDF',
      contentType: 'multipart/form-data; boundary=XYZ',
    }),
    fieldsObject(ids).map((fields) => ({
      payload: `${Object.entries(fields)
        .map(([k, v]) => `--XYZ\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${asText(v)}\r\n`)
        .join('')}--XYZ--\r\n`,
      contentType: 'multipart/form-data; boundary=XYZ',
    })),
  );

/** A body and the content type it claims (not always the one it has). */
export const badBody = (ids: number[]) =>
  fc.oneof(
    fc.constant({}),
    fieldsObject(ids).map((v) => ({ payload: JSON.stringify(v), contentType: 'application/json' })),
    value(ids).map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' })),
    fc.string({ maxLength: 60 }).map((s) => ({ payload: s, contentType: 'application/json' })),
    fc.constantFrom('{"a":', '[1,2', '{"__proto__":{"x":1}}', '\u0000', '{"id":1e999}').map((payload) => ({
      payload,
      contentType: 'application/json; charset=utf-8',
    })),
    fieldsObject(ids).map((v) => ({
      payload: new URLSearchParams(Object.entries(v).map(([k, x]) => [k, asText(x)])).toString(),
      contentType: 'application/x-www-form-urlencoded',
    })),
    multipart(ids),
    fc
      .tuple(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/octet-stream',
          'x/y; charset=koi8-r',
          '',
        ),
      )
      .map(([payload, contentType]) => ({ payload, contentType })),
  );

/** A path segment, already encoded as it would travel (some with broken percent-encoding). */
export const badSegment = (ids: number[]) =>
  fc.oneof(
    fc.constantFrom(...ids).map(String),
    fc.constantFrom('0', '-1', '2147483648', '99999999999999999999', '1e3', '1.5', 'abc', '%00', '%ZZ', '..'),
    fc.constantFrom('doctor', 'lpu', 'doctors', 'clinics', 'x.svg', '1.svg', '99999999999.svg'),
    fc.constantFrom(...EDGE_STRINGS).map(encodeURIComponentLoose),
    fc.string({ maxLength: 20 }).map(encodeURIComponentLoose),
    fc.constant('x'.repeat(3000)),
  );

/** A query string: known keys (sometimes repeated) with bad values. */
export const badQuery = (ids: number[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...FIELDS), scalar(ids).map(asText)), { maxLength: 5 })
    .map((pairs) =>
      pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeURIComponentLoose(v)}`).join('&')}` : '',
    );

/** Headers a browser would not send: odd accepts and content types, bad cookies. */
export const badHeaders = () =>
  fc.record(
    {
      accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'image/*;q=0', 'x', ''),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', 'x'),
      'accept-language': fc.constantFrom('ru', 'en-US,en;q=0.5', '*'),
      cookie: fc.constantFrom(
        'sessionid=; csrftoken=',
        `sessionid=${'a'.repeat(5000)}`,
        'town=%ZZ',
        'town=no-such-town',
        'csrftoken="unterminated',
        'sessionid=%00',
      ),
      'x-csrftoken': fc.constantFrom('', 'wrong', 'a'.repeat(300)),
      'x-forwarded-for': fc.constantFrom('not-an-ip', '::1', '1.2.3.4, 5.6.7.8'),
    },
    { requiredKeys: [] },
  );

/** encodeURIComponent, or the raw string for the lone surrogates it refuses. */
function encodeURIComponentLoose(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return s.replace(/[\ud800-\udfff]/g, '%ED%A0%80');
  }
}

/** One kind of bad input the sweep sends every route: how the body, query and method are bent. */
export interface InputKind {
  name: string;
  /** The method to use instead of the route's own (an odd method on its path). */
  method?: string;
  query?: string;
  payload?: string;
  contentType?: string;
}

/** Every known field set to one value: a body that looks like any call's, each field bent alike. */
const allFields = (value: unknown) => JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value])));
const allFieldsQuery = (value: string) => `?${FIELDS.map((f) => `${f}=${value}`).join('&')}`;
/** A raw JSON number literal JSON.stringify cannot write (past double range, or past int8's). */
const allFieldsRaw = (literal: string) => `{${FIELDS.map((f) => `"${f}":${literal}`).join(',')}}`;

/**
 * The kinds of bad input the sweep gives every registered route (fuzz.test.ts): malformed JSON,
 * wrong types, huge numbers, NUL and lone surrogates (as values, nested, and as keys), huge
 * strings, wrong content types, bad queries and odd methods.
 */
export const INPUT_KINDS: InputKind[] = [
  { name: 'malformed JSON', payload: '{"id": 1, "text": "a', contentType: 'application/json' },
  { name: 'JSON null', payload: 'null', contentType: 'application/json' },
  { name: 'wrong types: objects', payload: allFields({ id: [1] }), contentType: 'application/json' },
  { name: 'wrong types: booleans', payload: allFields(true), contentType: 'application/json' },
  { name: 'wrong types: arrays', payload: allFields([null, 1, 'a']), contentType: 'application/json' },
  { name: 'huge numbers', payload: allFieldsRaw('1e999'), contentType: 'application/json' },
  { name: 'past int8', payload: allFieldsRaw('99999999999999999999'), contentType: 'application/json' },
  { name: 'negative and fractional', payload: allFields(-2_147_483_649.5), contentType: 'application/json' },
  { name: 'NUL', payload: allFields('a\u0000b'), contentType: 'application/json' },
  { name: 'lone surrogate', payload: allFields('x\ud800'), contentType: 'application/json' },
  {
    name: 'lone low surrogate, nested',
    payload: allFields(['\udfff', { text: '\udfff' }]),
    contentType: 'application/json',
  },
  {
    name: 'lone surrogate as a key',
    payload: '{"\\ud800": "x", "text": "ok"}',
    contentType: 'application/json',
  },
  { name: 'huge strings', payload: allFields('я'.repeat(6_000)), contentType: 'application/json' },
  { name: 'dates past the calendar', payload: allFields('2026-02-30'), contentType: 'application/json' },
  {
    name: 'form body with NUL',
    payload: FIELDS.map((f) => `${f}=a%00b`).join('&'),
    contentType: 'application/x-www-form-urlencoded',
  },
  {
    name: 'multipart with NUL',
    payload: `${FIELDS.map((f) => `--XYZ\r\nContent-Disposition: form-data; name="${f}"\r\n\r\na\u0000b\r\n`).join('')}--XYZ--\r\n`,
    contentType: 'multipart/form-data; boundary=XYZ',
  },
  { name: 'multipart without a boundary', payload: 'x', contentType: 'multipart/form-data' },
  { name: 'text/plain', payload: 'text=1', contentType: 'text/plain' },
  { name: 'XML', payload: '<a>1</a>', contentType: 'application/xml' },
  { name: 'query with NUL', query: allFieldsQuery('a%00b') },
  { name: 'query with huge numbers', query: allFieldsQuery('99999999999999999999') },
  { name: 'query with huge strings', query: allFieldsQuery('x'.repeat(300)) },
  { name: 'query with broken escapes', query: allFieldsQuery('%ZZ%ED%A0%80') },
  { name: 'odd method: PUT', method: 'PUT', payload: '{}', contentType: 'application/json' },
  { name: 'odd method: DELETE', method: 'DELETE' },
  { name: 'odd method: PATCH', method: 'PATCH', payload: '{}', contentType: 'application/json' },
  { name: 'odd method: OPTIONS', method: 'OPTIONS' },
  { name: 'odd method: TRACE', method: 'TRACE' },
];
