import { describe, expect, it } from 'vitest';
import { patientTrust, type TrustFacts, trustVerdict } from './trust';

const NOW = new Date('2026-11-22T09:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

const newcomer: TrustFacts = {
  phoneConfirmed: false,
  createdAt: daysAgo(10),
  appointments: 0,
  deletedReviews: 0,
};

const titlesMet = (facts: TrustFacts) =>
  patientTrust(facts, NOW)
    .trust_criteria.filter((c) => c.can_trust)
    .map((c) => c.title);

describe('patient trust', () => {
  it('a confirmed phone, a booked visit, a two-year-old account and no deleted reviews: 100 %, can trust', () => {
    const trust = patientTrust(
      { phoneConfirmed: true, createdAt: daysAgo(730), appointments: 3, deletedReviews: 0 },
      NOW,
    );
    expect(trust.trust_percent).toBe(100);
    expect(trust.can_trust).toBe(true);
    expect(trust.trust_criteria).toEqual([
      { title: 'Телефон подтверждён', can_trust: true },
      { title: 'Есть записи через сервис', can_trust: true },
      { title: 'Профиль старше года', can_trust: true },
      { title: 'Отзывы не удалялись модераторами', can_trust: true },
    ]);
  });

  it('a ten-day-old account without phone or visits and no deleted reviews: 20 %, be careful', () => {
    const trust = patientTrust(newcomer, NOW);
    expect(trust.trust_percent).toBe(20);
    expect(trust.can_trust).toBe(false);
    expect(titlesMet(newcomer)).toEqual(['Отзывы не удалялись модераторами']);
  });

  it('a confirmed phone and one visit on a new account with a deleted review: exactly 60 %, can trust', () => {
    const trust = patientTrust(
      { ...newcomer, phoneConfirmed: true, appointments: 1, deletedReviews: 1 },
      NOW,
    );
    expect(trust.trust_percent).toBe(60);
    expect(trust.can_trust).toBe(true);
  });

  it('a year-old clean account with neither phone nor visits: 40 %, be careful', () => {
    const trust = patientTrust({ ...newcomer, createdAt: daysAgo(365) }, NOW);
    expect(trust.trust_percent).toBe(40);
    expect(trust.can_trust).toBe(false);
  });

  it('an account 364 days old is not yet older than a year; 365 days is', () => {
    expect(titlesMet({ ...newcomer, createdAt: daysAgo(364) })).not.toContain('Профиль старше года');
    expect(titlesMet({ ...newcomer, createdAt: daysAgo(365) })).toContain('Профиль старше года');
  });

  it('a confirmed phone on a year-old account with two deleted reviews: 50 %, be careful', () => {
    const trust = patientTrust(
      { phoneConfirmed: true, createdAt: daysAgo(400), appointments: 0, deletedReviews: 2 },
      NOW,
    );
    expect(trust.trust_percent).toBe(50);
    expect(trust.can_trust).toBe(false);
  });

  it('the verdict reads «Можно доверять» or «Доверяйте с осторожностью»', () => {
    expect(trustVerdict(true)).toBe('Можно доверять');
    expect(trustVerdict(false)).toBe('Доверяйте с осторожностью');
  });
});
