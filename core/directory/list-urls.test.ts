import { describe, expect, it } from 'vitest';
import {
  doctorsUrl,
  isPlaceKind,
  nearbyDoctorsUrl,
  onlineDoctorsUrl,
  parseServiceSort,
  pathSegment,
  placeClinicsUrl,
  placeDoctorsUrl,
  placePhrase,
  sectionByKind,
  sectionBySegment,
  servicesUrl,
  TOP_FILTERS,
  topFilterBySlug,
  topUrl,
  treatmentUrl,
} from './list-urls';

describe('list URLs', () => {
  it('builds every list path with a trailing slash', () => {
    expect(doctorsUrl('moskva')).toBe('/moskva/vrach/');
    expect(doctorsUrl('moskva', 'terapevt')).toBe('/moskva/vrach/terapevt/');
    expect(placeDoctorsUrl('moskva', 'metro', 'tverskaya')).toBe('/moskva/metro/tverskaya/vrach/');
    expect(placeDoctorsUrl('kazan', 'rayon', 'vakhitovskiy', 'lor')).toBe(
      '/kazan/rayon/vakhitovskiy/vrach/lor/',
    );
    expect(nearbyDoctorsUrl('spb')).toBe('/spb/ryadom/vrach/');
    expect(nearbyDoctorsUrl('spb', 'lor', { lat: 59.9, lon: 30.3 })).toBe(
      '/spb/ryadom/vrach/lor/?lat=59.9&lon=30.3',
    );
    expect(treatmentUrl('moskva', 'gaimorit')).toBe('/moskva/lechenie/gaimorit/');
    expect(onlineDoctorsUrl()).toBe('/online/vrach/');
    expect(onlineDoctorsUrl('terapevt')).toBe('/online/vrach/terapevt/');
    expect(placeClinicsUrl('moskva', 'rayon', 'arbat')).toBe('/moskva/rayon/arbat/lpu/');
    expect(topUrl('moskva', 'stomatologii')).toBe('/moskva/top/stomatologii/');
    expect(servicesUrl('moskva', 'analizy')).toBe('/moskva/analizy/');
    expect(servicesUrl('moskva', 'diagnostika', 'mrt-golovy')).toBe('/moskva/diagnostika/mrt-golovy/');
  });

  it('reads the section or place kind from a path segment, nothing else', () => {
    expect(pathSegment('/moskva/metro/tverskaya/vrach/', 1)).toBe('metro');
    expect(isPlaceKind('rayon')).toBe(true);
    expect(isPlaceKind('vrach')).toBe(false);
    expect(isPlaceKind(undefined)).toBe(false);
    expect(sectionBySegment('diagnostika')?.kind).toBe('diagnostics');
    expect(sectionBySegment('lpu')).toBeNull();
    expect(sectionByKind('analysis').segment).toBe('analizy');
  });

  it('maps each top filter to one clinic kind', () => {
    expect(topFilterBySlug('stomatologii')?.kind).toBe('dentistry');
    expect(topFilterBySlug('nichego')).toBeNull();
    expect(new Set(TOP_FILTERS.map((t) => t.kind)).size).toBe(TOP_FILTERS.length);
  });

  it('names places and defaults the service sort to price', () => {
    expect(placePhrase('metro', 'Тверская')).toBe('у метро Тверская');
    expect(placePhrase('rayon', 'Арбат')).toBe('в районе Арбат');
    expect(parseServiceSort('rating')).toBe('rating');
    expect(parseServiceSort('cheap')).toBe('price');
    expect(parseServiceSort(null)).toBe('price');
  });
});
