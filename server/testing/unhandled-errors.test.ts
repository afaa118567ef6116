import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropTypegenRace } from './unhandled-errors';

const fsError = (file: string) =>
  Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), {
    code: 'ENOENT',
    syscall: 'open',
    path: file,
  });

describe('dropTypegenRace', () => {
  it('drops a file-system error of the type generation under .react-router/types', () => {
    expect(dropTypegenRace(fsError(path.resolve('.react-router/types/+server-build.d.ts')))).toBe(false);
  });

  it('reports every other error', () => {
    expect(dropTypegenRace(fsError(path.resolve('app/routes.ts')))).toBeUndefined();
    expect(dropTypegenRace(new Error('.react-router/types/ in a message only'))).toBeUndefined();
    expect(dropTypegenRace(undefined)).toBeUndefined();
    expect(dropTypegenRace('a string')).toBeUndefined();
  });
});
