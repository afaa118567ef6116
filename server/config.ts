import { isIP } from 'node:net';
import { z } from 'zod';
import { DEMO_OPERATOR, type LegalOperator } from '../core/legal/document';
import { innProblem, ogrnProblem, requisitesMismatch } from '../core/legal/requisites';
import { providerConfigProblems } from './providers';
import { emailConfigProblems } from './providers/email';
import { mapsConfigProblems } from './providers/maps';
import { paymentsConfigProblems } from './providers/payments';

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY as Fastify accepts them. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, an IP/prefix CIDR, or one of the named ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [ip, prefix, extra] = entry.split('/');
  const version = isIP(ip);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For/-Host/-Proto headers are believed, by address. Trusting
 * every sender ('true') would let any client choose its own address; a hop count cannot tell
 * the proxy from a client that reaches the app directly, and Fastify 5 trusts nobody for one.
 */
export const TrustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    const entries = value.split(',').map((e) => e.trim());
    const wrong = entries.filter((e) => !isProxyAddress(e));
    if (wrong.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `the proxies' IPs or CIDRs, comma-separated; not ${wrong.map((w) => `'${w}'`).join(', ')}`,
    });
    return z.NEVER;
  });

/** Comma-separated postgres:// URLs (read replicas, ADR 011). */
export const ReplicaUrlsSchema = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    const urls = value.split(',').map((u) => u.trim());
    const wrong = urls.filter((u) => !z.url({ protocol: /^postgres(ql)?$/ }).safeParse(u).success);
    if (wrong.length === 0) return urls;
    ctx.addIssue({
      code: 'custom',
      message: `postgres:// URLs, comma-separated; not ${wrong.map((w) => `'${w}'`).join(', ')}`,
    });
    return z.NEVER;
  });

/** ИНН or ОГРН: digits (spaces a person may type between groups are dropped), checked by `problem`. */
function RequisiteSchema(problem: (value: string) => string | null) {
  return z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .superRefine((value, ctx) => {
      const wrong = problem(value);
      if (wrong) ctx.addIssue({ code: 'custom', message: wrong });
    });
}

/** The operator's settings, all required once one is set (a half-filled policy is worse than the demo). */
export const OPERATOR_REQUIRED = [
  'OPERATOR_NAME',
  'OPERATOR_INN',
  'OPERATOR_OGRN',
  'OPERATOR_ADDRESS',
  'OPERATOR_EMAIL',
] as const;

type OperatorSettings = { [K in (typeof OPERATOR_REQUIRED)[number] | 'OPERATOR_PHONE']?: string };

/** Some of the operator's settings without the others, or an ИНН and ОГРН of different kinds. */
function operatorProblems(config: OperatorSettings): { path: string[]; message: string }[] {
  const set = OPERATOR_REQUIRED.filter((key) => config[key] !== undefined);
  const anySet = set.length > 0 || config.OPERATOR_PHONE !== undefined;
  if (anySet && set.length < OPERATOR_REQUIRED.length) {
    const missing = OPERATOR_REQUIRED.filter((key) => config[key] === undefined);
    return missing.map((key) => ({
      path: [key],
      message: `required with the other operator settings (${OPERATOR_REQUIRED.join(', ')})`,
    }));
  }
  const mismatch =
    config.OPERATOR_INN && config.OPERATOR_OGRN
      ? requisitesMismatch(config.OPERATOR_INN, config.OPERATOR_OGRN)
      : null;
  return mismatch ? [{ path: ['OPERATOR_OGRN'], message: mismatch }] : [];
}

/** Comma-separated ICE server URLs of one scheme family (RFC 7064/7065): 'stun:host:3478', 'turns:host:5349?transport=tcp'. */
export const iceUrlsSchema = (schemes: readonly string[]) =>
  z
    .string()
    .trim()
    .transform((value, ctx): string[] => {
      const urls = value.split(',').map((u) => u.trim());
      const wrong = urls.filter((u) => !new RegExp(`^(${schemes.join('|')}):[^\\s,]+$`).test(u));
      if (wrong.length === 0) return urls;
      ctx.addIssue({
        code: 'custom',
        message: `${schemes.map((s) => `${s}:`).join(' or ')} URLs, comma-separated; not ${wrong.map((w) => `'${w}'`).join(', ')}`,
      });
      return z.NEVER;
    });

/**
 * The patients' mobile app in the stores (the app promo's install button). Defaults are the
 * store pages of the ПроДокторов patients' app; a deployment for another app sets its own.
 */
export const DEFAULT_APP_STORES = {
  appStore: 'https://apps.apple.com/ru/app/id1484398017',
  googlePlay: 'https://play.google.com/store/apps/details?id=ru.medtochka.app',
};

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    /** Streaming replicas of DATABASE_URL for directory reads (ADR 011); PostgreSQL only. */
    DATABASE_REPLICA_URLS: ReplicaUrlsSchema.optional(),
    /** After a write, the client reads the primary this long: more than the replicas' tolerated lag. */
    DATABASE_REPLICA_STICKY_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
    DATA_DIR: z.string().default('./data'),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** Size of the demo data set seeded into an empty database at start; 'none' skips it. */
    SEED_SIZE: z.enum(['small', 'large', 'none']).default('small'),
    SEED: z.coerce.number().int().default(1),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * The site's public origin: the only source of absolute URLs in pages, feeds, calendar files,
     * messages and payment return pages. Unset: http://localhost:$PORT, where this process listens.
     */
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Proxies whose forwarded client address and scheme are believed; none when unset. */
    TRUST_PROXY: TrustProxySchema.optional(),
    /**
     * Per-address limits count an IPv6 client by its network of this many bits (one host is
     * usually handed a whole /64); IPv4 clients by their address (server/security/client-address.ts).
     */
    LIMIT_IPV6_PREFIX: z.coerce.number().int().min(32).max(128).default(64),
    /** Anonymous visitors' pages are served from memory this long unless their data changed; 0 = off. */
    PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    /** Page requests one process works on at once, the rest waiting their turn; unset: 4 (server/pages.ts). */
    PAGE_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    /**
     * On SIGTERM the process answers /readyz with 503 and keeps serving this long before it closes,
     * so a load balancer stops sending it requests first; unset: 10 s, none with --dev.
     */
    DRAIN_MS: z.coerce.number().int().min(0).max(300_000).optional(),
    /** How often a call-in websocket checks its request itself besides listening for events. */
    CALL_SOCKET_CHECK_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
    /** 'false' serves the API only, without the React Router build (tests of several processes). */
    SERVE_PAGES: z.stringbool().default(true),
    /** 'stage' shows the Stage badge on every page. */
    APP_ENV: z.enum(['production', 'stage', 'development']).default('development'),
    /** Phone confirmation providers (server/providers); 'dev' ones are refused in APP_ENV=production. */
    SMS_PROVIDER: z.enum(['dev', 'smsru']).default('dev'),
    FLASHCALL_PROVIDER: z.enum(['dev', 'smsru']).default('dev'),
    CALLIN_PROVIDER: z.enum(['dev', 'smsru']).default('dev'),
    VK_PROVIDER: z.enum(['dev', 'greensms']).default('dev'),
    SMSRU_API_ID: z.string().optional(),
    /** SMS.ru sender name; the account's default sender when unset. */
    SMSRU_FROM: z.string().optional(),
    /** Only for a test server (the bench's fake SMS.ru); https://sms.ru by default. */
    SMSRU_API_URL: z.url().optional(),
    GREENSMS_TOKEN: z.string().optional(),
    /** The toll-free number the dev call-in adapter asks patients to call. */
    CALLIN_PHONE: z
      .string()
      .regex(/^\d{11}$/)
      .default('88005553535'),
    ENABLE_PHONE_CONFIRMATION_VK: z.stringbool().default(true),
    /** The clinic map (server/providers/maps): 'dev' draws from our own data, offline. */
    MAPS_PROVIDER: z.enum(['dev', 'yandex']).default('dev'),
    YANDEX_MAPS_API_KEY: z.string().optional(),
    /** An OSRM server for car routes along real streets, e.g. http://osrm:5000. */
    OSRM_URL: z.url().optional(),
    /** The club's card and coupon payments (server/providers/payments); 'dev' is refused in APP_ENV=production. */
    PAYMENTS_PROVIDER: z.enum(['dev', 'yookassa']).default('dev'),
    /** The YooKassa shop: its id and secret key (the API's Basic auth). */
    YOOKASSA_SHOP_ID: z.string().optional(),
    YOOKASSA_SECRET_KEY: z.string().optional(),
    /** Only for a test server; YooKassa's v3 API by default. */
    YOOKASSA_API_URL: z.url().optional(),
    /** Where notifications may come from (IPs and CIDRs, comma-separated); YooKassa's published list by default. */
    YOOKASSA_NOTIFICATION_IPS: z.string().optional(),
    /** The receipt lines' VAT code (1: without VAT); another rate is the accountant's call. */
    YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).optional(),
    /** Payment receipts by e-mail (server/providers/email); 'dev' keeps them on /dev/outbox, refused in production. */
    EMAIL_PROVIDER: z.enum(['dev', 'smtp']).default('dev'),
    /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://user:password@host:465. */
    SMTP_URL: z.string().optional(),
    /** The sender of receipts, e.g. 'ПроДокторов <noreply@example.ru>'. */
    EMAIL_FROM: z.string().optional(),
    /** Keys the HMAC of confirmation codes; required and strong (authSecretWeakness) in APP_ENV=production. */
    AUTH_SECRET: z.string().min(32).optional(),
    /** Clients that may exchange confirmation codes for sessions (`client_id`), comma-separated. */
    SSO_CLIENT_IDS: z
      .string()
      .regex(/^[\w-]+(,[\w-]+)*$/)
      .default('portal'),
    /** Daily codes per country calling code against SMS pumping: '7=100000,default=300'. */
    SMS_PREFIX_DAILY_CAPS: z.string().default('7=100000,default=300'),
    /** The document site's sign-in for doctors and clinics; when set, they go there unless in the office. */
    DOCUMENT_SITE_LOGIN_URL: z.url().optional(),
    /** Office addresses (IPs or IPv4 CIDRs, comma-separated) whose doctors stay on the portal's form. */
    OFFICE_IPS: z.string().default(''),
    /**
     * The operator of personal data, shown in the privacy policy, the terms and the club's
     * documents (docs/product/legal.md): the legal entity's name, ИНН, ОГРН, address, e-mail and
     * (optional) phone for requests. All or none: none shows the marked demo operator, which
     * APP_ENV=production refuses (productionProblems).
     */
    OPERATOR_NAME: z.string().trim().min(3).max(300).optional(),
    OPERATOR_INN: RequisiteSchema(innProblem).optional(),
    OPERATOR_OGRN: RequisiteSchema(ogrnProblem).optional(),
    OPERATOR_ADDRESS: z.string().trim().min(10).max(500).optional(),
    OPERATOR_EMAIL: z.email().optional(),
    OPERATOR_PHONE: z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{10,20}$/, 'a phone as written, e.g. +7 495 000-00-00')
      .optional(),
    /** The app promo's store links: the App Store for iPhone, iPad and iPod, Google Play for others. */
    APP_STORE_URL: z.url({ protocol: /^https$/ }).default(DEFAULT_APP_STORES.appStore),
    GOOGLE_PLAY_URL: z.url({ protocol: /^https$/ }).default(DEFAULT_APP_STORES.googlePlay),
    /**
     * End-to-end tests: a page request's `test_now` cookie (an ISO instant) sets the pages'
     * clock, so a test can open the site on a chosen date. Refused in APP_ENV=production.
     */
    CLOCK_OVERRIDE: z.stringbool().default(false),
    /**
     * The online consultation rooms' ICE servers (docs/product/online-room.md): STUN URLs, and the
     * TURN relay's URLs with coturn's `static-auth-secret` (`use-auth-secret`), from which each
     * admitted participant gets a credential that expires when the room closes. Unset: browsers
     * connect directly only, which fails behind many NATs and corporate firewalls.
     */
    ICE_STUN_URLS: iceUrlsSchema(['stun', 'stuns']).optional(),
    TURN_URLS: iceUrlsSchema(['turn', 'turns']).optional(),
    TURN_SECRET: z.string().min(32).optional(),
  })
  .superRefine((config, ctx) => {
    for (const problem of operatorProblems(config)) ctx.addIssue({ code: 'custom', ...problem });
    if (Boolean(config.TURN_URLS) !== Boolean(config.TURN_SECRET))
      ctx.addIssue({
        code: 'custom',
        path: [config.TURN_URLS ? 'TURN_SECRET' : 'TURN_URLS'],
        message: 'TURN_URLS and TURN_SECRET go together (the relay and its static-auth-secret)',
      });
    if (config.DATABASE_REPLICA_URLS && !config.DATABASE_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URLS'],
        message: 'read replicas need PostgreSQL (DATABASE_URL); the embedded PGlite has none',
      });
  })
  .transform(({ PUBLIC_URL, ...config }) => ({
    ...config,
    // Without a trailing slash: links are the origin followed by a path.
    PUBLIC_URL: (PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, ''),
  }));

export type Config = z.infer<typeof ConfigSchema>;

/** Reads the environment once at boot; on error prints every problem and exits. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (DATABASE_URL=) means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    console.error(`Invalid configuration:\n${lines.join('\n')}`);
    process.exit(1);
  }
  return parsed.data;
}

/** Only for development and tests: production refuses it (productionProblems). */
export const DEV_AUTH_SECRET = 'dev-only-auth-secret-never-in-production';

/** Words of example configs and tutorials; a secret containing one was typed by a person. */
const PLACEHOLDERS = [
  'changeme',
  'changethis',
  'replaceme',
  'placeholder',
  'yoursecret',
  'secretkey',
  'password',
  'example',
  'notasecret',
  'devonly',
  'insecure',
  'default',
  'qwerty',
];
/** Fewer distinct characters than this is not random (32 random hex digits have about 14). */
const MIN_DISTINCT_CHARACTERS = 10;

/**
 * Why a value is not a usable AUTH_SECRET, or null. Besides the length (32+, the schema's), it
 * refuses what a person types rather than generates: the dev default, a placeholder word, one
 * character repeated, few distinct characters, a short pattern repeated, a run of the alphabet.
 */
export function authSecretWeakness(secret: string): string | null {
  if (secret.length < 32) return 'shorter than 32 characters';
  if (secret === DEV_AUTH_SECRET) return 'the development default';
  const letters = secret.toLowerCase().replace(/[^a-z0-9]/g, '');
  const word = PLACEHOLDERS.find((p) => letters.includes(p));
  if (word) return `contains the placeholder '${word}'`;
  const distinct = new Set(secret).size;
  if (distinct === 1) return 'one character repeated';
  if (distinct < MIN_DISTINCT_CHARACTERS) return `only ${distinct} distinct characters`;
  for (let period = 2; period <= secret.length / 2; period++)
    if (secret.slice(period) === secret.slice(0, secret.length - period)) return 'a short pattern repeated';
  let steps = 0;
  for (let i = 1; i < secret.length; i++)
    if (Math.abs(secret.charCodeAt(i) - secret.charCodeAt(i - 1)) === 1) steps++;
  if (steps >= secret.length / 2) return 'runs of consecutive characters';
  return null;
}

/**
 * Every reason the config may not run a real deployment (APP_ENV=production), one line each:
 * AUTH_SECRET missing or weak, dev phone providers, a real provider without its key. Checked
 * right after loadConfig, before the database is migrated or seeded.
 */
export function productionProblems(config: Config): string[] {
  if (config.APP_ENV !== 'production') return [];
  const problems: string[] = [];
  const generate = 'generate one with `openssl rand -base64 48`';
  const weakness = config.AUTH_SECRET ? authSecretWeakness(config.AUTH_SECRET) : null;
  if (!config.AUTH_SECRET) problems.push(`AUTH_SECRET: required in APP_ENV=production; ${generate}`);
  else if (weakness) problems.push(`AUTH_SECRET: too weak (${weakness}); ${generate}`);
  const turnWeakness = config.TURN_SECRET ? authSecretWeakness(config.TURN_SECRET) : null;
  if (turnWeakness) problems.push(`TURN_SECRET: too weak (${turnWeakness}); ${generate}`);
  if (config.CLOCK_OVERRIDE)
    problems.push("CLOCK_OVERRIDE: for end-to-end tests only; visitors could set the pages' clock");
  if (!config.OPERATOR_NAME)
    problems.push(
      `OPERATOR_*: the operator's details are required in APP_ENV=production (${OPERATOR_REQUIRED.join(', ')}); the legal pages would show the demo operator`,
    );
  return [
    ...problems,
    ...providerConfigProblems(config),
    ...mapsConfigProblems(config),
    ...paymentsConfigProblems(config),
    ...emailConfigProblems(config),
  ];
}

/** Prints every production problem and exits (server/main.ts, the seed command). */
export function refuseProductionProblems(config: Config): void {
  const problems = productionProblems(config);
  if (problems.length === 0) return;
  console.error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}

/**
 * The operator the legal documents name: the OPERATOR_* settings (all present, checked by
 * loadConfig), or the marked demo operator of a start without them, which production refuses.
 */
export function legalOperatorOf(config: Config): LegalOperator {
  const { OPERATOR_NAME, OPERATOR_INN, OPERATOR_OGRN, OPERATOR_ADDRESS, OPERATOR_EMAIL } = config;
  if (!OPERATOR_NAME || !OPERATOR_INN || !OPERATOR_OGRN || !OPERATOR_ADDRESS || !OPERATOR_EMAIL)
    return DEMO_OPERATOR;
  return {
    name: OPERATOR_NAME,
    inn: OPERATOR_INN,
    ogrn: OPERATOR_OGRN,
    address: OPERATOR_ADDRESS,
    email: OPERATOR_EMAIL,
    phone: config.OPERATOR_PHONE ?? null,
    demo: false,
  };
}
