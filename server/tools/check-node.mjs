// The first step of `npm start`, `npm run dev` and `npm test`: on an older Node, one line saying
// what to install instead of a build or a server failing somewhere further on. Plain JavaScript
// without dependencies or newer syntax, so that any Node that can start it gets that line.
import { pathToFileURL } from 'node:url';

/** The major version of package.json's `engines.node` (and .nvmrc). */
export const REQUIRED_MAJOR = 24;

/** The one line to print for this Node version (`process.versions.node`), or null when it will do. */
export function nodeVersionProblem(version) {
  const major = Number(String(version).split('.')[0]);
  if (major >= REQUIRED_MAJOR) return null;
  return (
    `Node.js ${REQUIRED_MAJOR} is needed, this is v${version}: install Node ${REQUIRED_MAJOR} LTS ` +
    '(nodejs.org, or `nvm install` here: it reads .nvmrc) and run this again.'
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problem = nodeVersionProblem(process.versions.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
