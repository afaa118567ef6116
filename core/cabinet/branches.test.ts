import { describe, expect, it } from 'vitest';
import { branchLabel, type CabinetBranch } from './branches';

const branch = (id: number, name: string, address: string, town = 'Москва'): CabinetBranch => ({
  id,
  name,
  address,
  town,
});

describe('branchLabel', () => {
  it('names a branch by its address alone when the network’s branches share a name and a town', () => {
    const all = [branch(1, 'Здоровье', 'ул. Ленина, 5'), branch(2, 'Здоровье', 'Тверская ул., 12')];
    expect(all.map((b) => branchLabel(b, all))).toEqual(['ул. Ленина, 5', 'Тверская ул., 12']);
  });

  it('leads with the name when the branches are named differently', () => {
    const all = [branch(1, 'Здоровье', 'ул. Ленина, 5'), branch(2, 'Здоровье Дети', 'Тверская ул., 12')];
    expect(branchLabel(all[1], all)).toBe('Здоровье Дети — Тверская ул., 12');
  });

  it('adds the town when the branches are in more than one', () => {
    const all = [branch(1, 'Здоровье', 'ул. Ленина, 5'), branch(2, 'Здоровье', 'ул. Баумана, 3', 'Казань')];
    expect(branchLabel(all[1], all)).toBe('ул. Баумана, 3, Казань');
  });
});
