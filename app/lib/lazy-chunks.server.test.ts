import { describe, expect, it } from 'vitest';
import { chunksOf, lazyChunks, type Manifest } from './lazy-chunks.server';

const manifest: Manifest = {
  'app/routes/doctors/doctor-page.tsx': {
    file: 'assets/doctor-page-a1.js',
    imports: ['_review-tags-b2.js', '_rating-line-c3.js'],
  },
  '_review-tags-b2.js': { file: 'assets/review-tags-b2.js', imports: ['_rating-line-c3.js'] },
  // Chunks may import each other in a cycle.
  '_rating-line-c3.js': { file: 'assets/rating-line-c3.js', imports: ['_review-tags-b2.js'] },
  'app/routes/doctors/doctor-list.tsx': { file: 'assets/doctor-list-d4.js' },
};

describe('chunksOf', () => {
  it('lists the module’s chunk first, then every chunk it imports, each once', () => {
    expect(chunksOf(manifest, 'app/routes/doctors/doctor-page.tsx')).toEqual([
      '/assets/doctor-page-a1.js',
      '/assets/review-tags-b2.js',
      '/assets/rating-line-c3.js',
    ]);
    expect(chunksOf(manifest, 'app/routes/doctors/doctor-list.tsx')).toEqual(['/assets/doctor-list-d4.js']);
  });

  it('leaves out the chunks of the modules the document loads anyway, routes keyed as the build keys them', () => {
    const withRoute: Manifest = {
      ...manifest,
      'app/routes/doctors.tsx?__react-router-build-client-route': {
        file: 'assets/doctors-e5.js',
        imports: ['_rating-line-c3.js'],
      },
    };
    expect(chunksOf(withRoute, 'app/routes/doctors/doctor-page.tsx', ['app/routes/doctors.tsx'])).toEqual([
      '/assets/doctor-page-a1.js',
    ]);
  });

  it('names nothing for a module the build does not know', () => {
    expect(chunksOf(manifest, 'app/routes/nothing.tsx')).toEqual([]);
  });
});

describe('lazyChunks', () => {
  it('names nothing outside a production build (the dev server has no manifest)', () => {
    expect(lazyChunks('app/routes/doctors/doctor-page.tsx')).toEqual([]);
  });
});
