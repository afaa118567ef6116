/**
 * Development logs for people: pino's JSON lines (already redacted and serialized) rewritten
 * as `12:04:05 INFO  message  key=value …`, an error with its stack below. Production keeps
 * the JSON, which log collectors read.
 */
const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has or that the line's head already shows. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'req', 'res', 'reqId']);

export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const parts = [time, level, String(entry.msg ?? '')];
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(String(res.statusCode));
  for (const [key, value] of Object.entries(entry)) {
    if (!HIDDEN.has(key)) parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  const err = entry.err as { stack?: string } | undefined;
  const stack = err?.stack ? `\n${err.stack}` : '';
  return `${parts.filter(Boolean).join('  ')}${stack}\n`;
}

/** A pino destination that writes each line, rewritten, to stdout synchronously. */
export const prettyStdout = {
  write(line: string): void {
    process.stdout.write(prettyLine(line));
  },
};
