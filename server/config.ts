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
  /** 'stage' shows the Stage badge (spec 'Other overlays'). */
  APP_ENV: z.enum(['production', 'stage', 'development']).default('production'),
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
