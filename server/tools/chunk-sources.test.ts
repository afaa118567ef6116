import { describe, expect, it } from 'vitest';
import { splitByOwner } from '../../bench/first-load-js';
import { bytesByOwner, decodeMappings, ownerOf } from './chunk-sources';

describe('chunk sources', () => {
  it('decodes a source map’s segments: columns per line, sources across lines', () => {
    // 'AAAA,IAAC;ACAA': [0, src 0], [4, src 0]; next line [0, src 1].
    expect(decodeMappings('AAAA,IAAC;ACAA')).toEqual([
      [
        [0, 0],
        [4, 0],
      ],
      [[0, 1]],
    ]);
    expect(decodeMappings('A')).toEqual([[[0]]]);
  });

  it('tells the framework, libraries and our own code apart by path', () => {
    expect(ownerOf('../../node_modules/react-dom/cjs/react-dom-client.production.js').owner).toBe(
      'framework',
    );
    expect(ownerOf('../../node_modules/@remix-run/route-pattern/dist/index.js').owner).toBe('framework');
    expect(ownerOf('../../node_modules/date-fns/format.js')).toEqual({
      owner: 'libraries',
      name: 'date-fns',
    });
    expect(ownerOf('\0rolldown/runtime.js').owner).toBe('framework');
    expect(ownerOf('../../app/root.tsx?__react-router-build-client-route')).toEqual({
      owner: 'own',
      name: 'app/root.tsx',
    });
  });

  it('counts each byte for the source its segment names, and the unmapped glue in proportion', () => {
    // 'import x;' unmapped (9 bytes), then 6 bytes of app/a.ts, then 3 of react.
    const code = 'import x;abcdefghi';
    const { bytes, top } = bytesByOwner(code, {
      sources: ['../../app/a.ts', '../../node_modules/react/index.js'],
      mappings: 'A,SAAA,MCAA',
    });
    expect(bytes).toEqual({ own: 6 + 6, libraries: 0, framework: 3 + 3 });
    expect(top.own).toEqual([['app/a.ts', 6]]);
  });

  it('shares a page’s gzipped scripts out by their owners’ bytes', () => {
    const sources = {
      'assets/a.js': {
        bytes: { own: 1, libraries: 0, framework: 3 },
        top: { own: [], libraries: [], framework: [] },
      },
    };
    const { owners } = splitByOwner(
      [
        { href: '/assets/a.js', gzip: 400 },
        { href: '/assets/unknown.js', gzip: 10 },
      ],
      sources,
    );
    expect(owners).toEqual({ own: 110, libraries: 0, framework: 300 });
  });
});
