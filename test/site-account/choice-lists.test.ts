import { describe, expect, it } from 'vitest';
import { byName, HERO_CHOICES, MYTHIC_HERO_CHOICES } from '../../src/site-account/player-pages/lists.js';
import { heroes } from '../../src/reference/records.js';

describe("the forms' hero choices", () => {
  it('lists every hero in English alphabetical order', () => {
    const names = [...heroes.values()].map((h) => h.name);
    const english = [...names].sort((a, b) => a.localeCompare(b, 'en'));
    expect(HERO_CHOICES.map((c) => c.label.replace(/ \([A-Za-z]+\)$/, ''))).toEqual(english);
    expect(HERO_CHOICES).toHaveLength(heroes.size);
  });

  it('lists the Mythic heroes in English alphabetical order', () => {
    const mythic = [...heroes.values()].filter((h) => h.rarity === 'mythic').map((h) => h.name);
    expect(mythic.length).toBeGreaterThan(3);
    expect(MYTHIC_HERO_CHOICES.map((c) => c.label)).toEqual([...mythic].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('orders ASCII names as English collation does: case ignored first, then lower case before upper', () => {
    const names = ['zed', 'Amy', 'amy', 'Bo', 'al Haddad', 'Al-Rashid'];
    const expected = ['al Haddad', 'Al-Rashid', 'amy', 'Amy', 'Bo', 'zed'];
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(expected);
    expect(
      names
        .map((name) => ({ name }))
        .sort(byName)
        .map((n) => n.name),
    ).toEqual(expected);
  });
});
