/** Display names of data keys, shared by the reference pages and the hero view. */
import { describe, expect, it } from 'vitest';
import { capitalised, keyLabel } from '../../src/reference/labels.js';

describe('keyLabel', () => {
  it.each([
    ['lethality_up', 'Lethality up'],
    ['damage_up_pct_atk', 'Damage up (% of ATK)'],
    ['aoe_damage_up_pct_atk', 'AoE damage up (% of ATK)'],
    ['stun_s', 'Stun (s)'],
    ['no_of_attacks', 'No. of attacks'],
    ['hero_hp', 'Hero HP'],
    ['kvk_attack_up', 'KvK attack up'],
    ['bear_hunt_joiner', 'Bear Hunt joiner'],
    ['bear_hunt', 'Bear Hunt'],
    ['rally_leader', 'Rally leader'],
    // A lone unit word is a word, not a unit.
    ['s', 'S'],
    ['pct_atk', 'Pct ATK'],
    ['', ''],
  ])('%j → %j', (key, label) => {
    expect(keyLabel(key)).toBe(label);
  });
});

describe('capitalised', () => {
  it('upper-cases the first letter only', () => {
    expect(capitalised('infantry')).toBe('Infantry');
    expect(capitalised('pieces of gear')).toBe('Pieces of gear');
    expect(capitalised('')).toBe('');
  });
});
