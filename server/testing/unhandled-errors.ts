import path from 'node:path';

const TYPES_DIR = `${path.sep}.react-router${path.sep}types${path.sep}`;

/**
 * Vitest's `onUnhandledError`: false drops an error, anything else reports it.
 *
 * Test files that render pages start a Vite dev server each (server/testing/pages.ts), and React
 * Router's plugin runs its type generation in every one: it empties `.react-router/types` and
 * writes it again. Two files at once race there, and a write can find its directory just removed
 * (ENOENT, an unhandled rejection inside the plugin's watcher). No test reads those types (the
 * typecheck generates its own), so a file-system error on a path under that directory, and only
 * that, is dropped.
 */
export function dropTypegenRace(error: unknown): false | undefined {
  const { syscall, path: file } = (error ?? {}) as { syscall?: unknown; path?: unknown };
  return typeof syscall === 'string' && typeof file === 'string' && file.includes(TYPES_DIR)
    ? false
    : undefined;
}
