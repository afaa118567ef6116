import path from 'node:path';
import { expect, it } from 'vitest';
import { firstLoadChunk } from './first-load-chunk';

const root = '/repo';
const id = (file: string) => path.join(root, file);
const ROOT_ROUTE = 'app/root.tsx?__react-router-build-client-route';
const SHELL_ROUTE = 'app/routes/shell.tsx?__react-router-build-client-route';

/** A module graph as rolldown's chunking context shows it: each module's static imports. */
const graph = (imports: Record<string, string[]>) => ({
  getModuleInfo: (module: string) => (module in imports ? { importedIds: imports[module] } : null),
});

it('names the entry’s, the root route’s and the shell layout’s static imports, followed through, and nothing else', () => {
  const ctx = graph({
    [id('app/entry.client.tsx')]: [id('node_modules/react-dom/client.js')],
    [id('node_modules/react-dom/client.js')]: [id('node_modules/react/index.js')],
    [id('node_modules/react/index.js')]: [],
    [id(ROOT_ROUTE)]: [id('app/root.tsx')],
    [id('app/root.tsx')]: [id('app/components/site-header.tsx'), id('node_modules/react/index.js')],
    [id('app/components/site-header.tsx')]: [],
    // The layout every page sits in passes the header its widgets.
    [id(SHELL_ROUTE)]: [id('app/routes/shell.tsx')],
    [id('app/routes/shell.tsx')]: [id('app/features/search/search-combobox.tsx')],
    [id('app/features/search/search-combobox.tsx')]: [],
    // A route, and what only it imports: loaded by its own pages, not in the first load.
    [id('app/routes/clinic.tsx')]: [id('app/features/clinic/price-list.tsx'), id('app/root.tsx')],
    [id('app/features/clinic/price-list.tsx')]: [],
  });
  const name = firstLoadChunk(root);
  for (const module of [
    'app/entry.client.tsx',
    'node_modules/react/index.js',
    ROOT_ROUTE,
    'app/components/site-header.tsx',
    SHELL_ROUTE,
    'app/features/search/search-combobox.tsx',
  ])
    expect(name(id(module), ctx), module).toBe('first-load');
  expect(name(id('app/routes/clinic.tsx'), ctx)).toBeNull();
  expect(name(id('app/features/clinic/price-list.tsx'), ctx)).toBeNull();
});

it('refuses to build when it cannot find the entry and the root route', () => {
  const name = firstLoadChunk(root);
  expect(() => name(id('app/x.tsx'), graph({}))).toThrow(/was not found/);
});
