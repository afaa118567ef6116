import { describe, expect, it } from 'vitest';
import { ANONYMOUS } from '../auth/viewer';
import { FavouriteIdsSchema } from './contracts';
import {
  favouriteLoginHref,
  favouritesAccess,
  parseFavouriteId,
  pendingFavourite,
  withoutFavouriteParams,
} from './favourites';

describe('parseFavouriteId', () => {
  it('accepts positive integers and refuses zero, signs, decimals and overflow', () => {
    expect(parseFavouriteId('42')).toBe(42);
    expect(parseFavouriteId(7)).toBe(7);
    for (const bad of ['0', '-1', '1.5', '01', 'abc', '', '2147483648', 0, -3, 1.5, null, undefined]) {
      expect(parseFavouriteId(bad)).toBeNull();
    }
  });
});

describe('FavouriteIdsSchema', () => {
  it('reads a bare array and an { ids } object, keeping the order', () => {
    expect(FavouriteIdsSchema.parse([3, 1, 2])).toEqual([3, 1, 2]);
    expect(FavouriteIdsSchema.parse({ ids: [5, '6'] })).toEqual([5, 6]);
  });

  it('refuses more than 100 ids, bad ids and other shapes', () => {
    expect(FavouriteIdsSchema.safeParse(Array.from({ length: 101 }, (_, i) => i + 1)).success).toBe(false);
    expect(FavouriteIdsSchema.safeParse(Array.from({ length: 100 }, (_, i) => i + 1)).success).toBe(true);
    expect(FavouriteIdsSchema.safeParse([1, 0]).success).toBe(false);
    expect(FavouriteIdsSchema.safeParse({ id: [1] }).success).toBe(false);
    expect(FavouriteIdsSchema.safeParse('1,2').success).toBe(false);
  });
});

describe('favouritesAccess', () => {
  it('lets real patients in, refuses work accounts and asks everyone else to sign in', () => {
    expect(favouritesAccess(ANONYMOUS)).toBe('sign-in');
    const signedIn = { ...ANONYMOUS, isAnonymous: false };
    expect(favouritesAccess({ ...signedIn, isRealPatient: true })).toBe('patient');
    expect(favouritesAccess({ ...signedIn, isStaff: true })).toBe('work-account');
    expect(favouritesAccess({ ...signedIn, isDoctor: true })).toBe('work-account');
    expect(favouritesAccess({ ...signedIn, isLpu: true })).toBe('work-account');
    expect(favouritesAccess(signedIn)).toBe('sign-in');
  });
});

describe('return URL after sign-in', () => {
  it('carries addToFavourites (and favouriteType=lpu for clinics) in the next address', () => {
    const doctor = favouriteLoginHref('/moskva/vrach/?page=2', 'doctors', 15);
    expect(doctor).toBe(`/login/?next=${encodeURIComponent('/moskva/vrach/?page=2&addToFavourites=15')}`);
    const clinic = favouriteLoginHref('/moskva/lpu/', 'lpu', 9);
    expect(new URL(clinic, 'http://x').searchParams.get('next')).toBe(
      '/moskva/lpu/?addToFavourites=9&favouriteType=lpu',
    );
  });

  it('replaces a stale request instead of adding a second one', () => {
    const href = favouriteLoginHref('/moskva/lpu/?addToFavourites=3&favouriteType=lpu', 'doctors', 4);
    expect(new URL(href, 'http://x').searchParams.get('next')).toBe('/moskva/lpu/?addToFavourites=4');
  });

  it('reads the pending favourite back and strips it from the address', () => {
    expect(pendingFavourite('?addToFavourites=15')).toEqual({ type: 'doctors', id: 15 });
    expect(pendingFavourite('?addToFavourites=9&favouriteType=lpu')).toEqual({ type: 'lpu', id: 9 });
    expect(pendingFavourite('?addToFavourites=0')).toBeNull();
    expect(pendingFavourite('')).toBeNull();
    expect(withoutFavouriteParams('/moskva/lpu/?page=2&addToFavourites=9&favouriteType=lpu#top')).toBe(
      '/moskva/lpu/?page=2#top',
    );
    expect(withoutFavouriteParams('/moskva/vrach/?addToFavourites=1')).toBe('/moskva/vrach/');
  });
});
