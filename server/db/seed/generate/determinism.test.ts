import { describe, expect, it } from 'vitest';
import { address, phone } from './addresses';
import { clinicName } from './clinics';
import { CLINIC_KINDS, type Sentiment, SPECIALITY_GROUPS, towns } from './data';
import { personName } from './names';
import { createRng } from './random';
import { replyText, reviewText } from './reviews';

const SENTIMENTS: Sentiment[] = ['positive', 'neutral', 'negative'];

describe('generators are deterministic', () => {
  it('produces the same names, texts, addresses and phones from the same seed', () => {
    const run = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 50 }, () => ({
        name: personName(rng, rng.chance(0.5) ? 'M' : 'F', rng.pick(['moskva', 'kazan', 'ufa'])),
        text: reviewText(rng, {
          sentiment: rng.pick(SENTIMENTS),
          group: rng.pick(SPECIALITY_GROUPS),
          doctorGender: 'F',
          doctorFirstPatronymic: 'Анна Петровна',
        }),
        address: address(rng, rng.pick(towns)),
        phone: phone(rng, 'moskva'),
        clinic: clinicName(rng, rng.pick(CLINIC_KINDS)),
        reply: replyText(rng, 'clinic', { sentiment: 'negative' }),
      }));
    };
    expect(run(77)).toEqual(run(77));
    expect(run(77)).not.toEqual(run(78));
  });
});
