import { z } from 'zod';

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Size of the demo data set seeded into an empty database at start; 'none' skips it. */
  SEED_SIZE: z.enum(['small', 'large', 'none']).default('small'),
  SEED: z.coerce.number().int().default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Anonymous visitors' pages are served from memory this long unless their data changed; 0 = off. */
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
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
  GREENSMS_TOKEN: z.string().optional(),
  /** The toll-free number the dev call-in adapter asks patients to call. */
  CALLIN_PHONE: z
    .string()
    .regex(/^\d{11}$/)
    .default('88005553535'),
  ENABLE_PHONE_CONFIRMATION_VK: z.stringbool().default(true),
  /** Keys the HMAC of confirmation codes; required (32+ characters) in APP_ENV=production. */
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
});

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
