/**
 * What stops the server from opening PostgreSQL, said in one line with what to run, for the
 * failures a newcomer meets first: a database not created yet, a server not running or not
 * found, a user refused. Anything else is null (the caller reports it in full). The line never
 * carries the URL's password.
 */
export function postgresStartupProblem(error: unknown, databaseUrl: string): string | null {
  const code = errorCode(error);
  if (!code) return null;
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return null;
  }
  const host = url.hostname || 'localhost';
  const port = url.port || '5432';
  const user = decodeURIComponent(url.username) || 'postgres';
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || user;
  const where = `${host}:${port}`;
  const target = `-h ${host} -p ${port} -U ${user}`;
  switch (code) {
    case '3D000':
      return (
        `DATABASE_URL names the database "${name}", which does not exist on ${where}. ` +
        `Create it: createdb ${target} ${name}  (or: psql ${target} -d postgres -c 'CREATE DATABASE "${name}"')`
      );
    case '28P01':
    case '28000':
      return `PostgreSQL on ${where} refused the user "${user}": fix the user or password in DATABASE_URL.`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
      return (
        `PostgreSQL on ${where} is not reachable (${code}): start it (pg_ctlcluster <version> main start, ` +
        `check with pg_isready ${target}) or fix DATABASE_URL; an empty DATABASE_URL uses the embedded database.`
      );
    default:
      return null;
  }
}

/** The first SQLSTATE or system error code along an error's causes (Drizzle wraps the driver's). */
function errorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return null;
}
