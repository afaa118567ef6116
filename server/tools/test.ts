import { type SpawnOptions, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test`: every check, cheapest failure first, with both cores of a small machine busy.
 *
 *   1. Chromium is there (else the browser tests would fail only after minutes of the rest);
 *   2. at once: the type check, the linter, and the browser tests' preparation (the production
 *      build when stale; the e2e databases under data/e2e made ready: server/tools/e2e-data.ts),
 *      which would otherwise run one after another at the start of the browser tests with one
 *      core idle;
 *   3. Vitest;
 *   4. Playwright (its servers find the build and the seeded databases ready); when a scenario
 *      fails, the page it saw (its error-context.md) is printed too.
 *
 * Output of the steps run at once is held and printed whole when each ends, so it reads as if
 * they ran one after another. The first failing step stops the run with its exit code.
 */

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const tsx = (script: string, ...args: string[]): Pick<Step, 'command' | 'args'> => ({
  command: process.execPath,
  args: ['--import', 'tsx', script, ...args],
});

const steps = {
  browser: { name: 'Chromium', ...tsx('server/tools/check-browser.ts') },
  typecheck: { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  lint: { name: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
  build: { name: 'build', ...tsx('server/tools/build-if-stale.ts') },
  seed: { name: 'e2e databases', ...tsx('server/tools/e2e-data.ts') },
  vitest: { name: 'vitest', command: 'npx', args: ['vitest', 'run'] },
  playwright: { name: 'playwright', command: 'npx', args: ['playwright', 'test'] },
} satisfies Record<string, Step>;

function run(step: Step, { held }: { held: boolean }): Promise<{ code: number; output: string }> {
  const options: SpawnOptions = {
    env: { ...process.env, ...step.env },
    stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  };
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(step.command, step.args, options);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('error', (err) => resolve({ code: 1, output: `${output}${err.message}\n` }));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`;
      resolve({ code: code ?? 1, output: `${output}--- ${step.name}: ${status} in ${seconds} s\n` });
    });
  });
}

/** Runs steps at once; prints each one's output whole as it ends; exits on the first failure. */
async function together(group: Step[]): Promise<void> {
  let failed = 0;
  await Promise.all(
    group.map(async (step) => {
      const { code, output } = await run(step, { held: true });
      process.stdout.write(output);
      if (code !== 0 && !failed) failed = code;
    }),
  );
  if (failed) process.exit(failed);
}

async function alone(step: Step, { onFailure }: { onFailure?: () => void } = {}): Promise<void> {
  const { code, output } = await run(step, { held: false });
  process.stdout.write(output);
  if (code !== 0) {
    onFailure?.();
    process.exit(code);
  }
}

/**
 * A failed browser scenario's page as Playwright saw it (the accessibility tree of the page when
 * the assertion gave up, in `error-context.md`): printed, since CI keeps only the run's output.
 */
function printErrorContexts(dir = 'test-results'): void {
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('error-context.md')) continue;
    const text = readFileSync(path.join(dir, file), 'utf8');
    const shown =
      text.length > 8000 ? `${text.slice(0, 8000)}\n… (${text.length - 8000} more characters)` : text;
    process.stdout.write(`\n--- ${path.join(dir, file)}\n${shown}\n`);
  }
}

await alone(steps.browser);
await together([steps.typecheck, steps.lint, steps.build, steps.seed]);
await alone(steps.vitest);
await alone(steps.playwright, { onFailure: printErrorContexts });
