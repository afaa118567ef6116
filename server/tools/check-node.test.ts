import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SCRIPT = 'server/tools/check-node.mjs';

// Plain JavaScript without a declaration file: imported by a path TypeScript does not follow.
const checkNode: {
  REQUIRED_MAJOR: number;
  nodeVersionProblem: (version: string) => string | null;
} = await import(`./${'check-node.mjs'}`);

const run = (node: string) => spawnSync(node, [SCRIPT], { encoding: 'utf8' });

/** The machine's older Node, where it has one (Debian's /usr/bin/node on the CI image). */
const OLD_NODE = '/usr/bin/node';
const oldNodeVersion = existsSync(OLD_NODE)
  ? spawnSync(OLD_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
  : '';
const hasOldNode = oldNodeVersion !== '' && Number(oldNodeVersion.split('.')[0]) < checkNode.REQUIRED_MAJOR;

describe('the Node version check before npm start', () => {
  it('an older Node is one line naming the version found and the one to install', () => {
    for (const version of ['20.20.2', '22.14.0', '18.0.0']) {
      const problem = checkNode.nodeVersionProblem(version) ?? '';
      expect(problem.split('\n')).toHaveLength(1);
      expect(problem).toContain(`Node.js 24 is needed, this is v${version}`);
      expect(problem).toContain('install Node 24 LTS');
    }
  });

  it('Node 24 and later pass', () => {
    for (const version of ['24.0.0', '24.22.3', '26.1.0'])
      expect(checkNode.nodeVersionProblem(version)).toBeNull();
  });

  it("asks for the version package.json's engines and .nvmrc name", () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.engines.node).toBe(`>=${checkNode.REQUIRED_MAJOR}`);
    expect(readFileSync('.nvmrc', 'utf8').trim()).toBe(String(checkNode.REQUIRED_MAJOR));
  });

  it('runs first in npm start, npm run dev and npm test', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8'));
    for (const name of ['start', 'dev', 'test'])
      expect(scripts[name]).toMatch(/^node server\/tools\/check-node\.mjs && /);
  });

  it('says nothing and exits 0 on this Node', () => {
    const { status, stdout, stderr } = run(process.execPath);
    expect({ status, stdout, stderr }).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it.skipIf(!hasOldNode)(`on the machine's older Node (${OLD_NODE}): that one line, exit 1`, () => {
    const { status, stdout, stderr } = run(OLD_NODE);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${checkNode.nodeVersionProblem(oldNodeVersion)}\n`);
  });
});
