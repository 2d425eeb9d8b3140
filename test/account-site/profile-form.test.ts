/**
 * The profile form read back: what the page shows for a saved profile reads back as that profile; levels are read
 * by the calculators' parsers with their messages and nearest values; every problem lands beside its field, and a
 * form with a problem yields no profile.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../src/account/demo.js';
import { gearLevelIndex } from '../../src/calculators/governor-gear.js';
import { starPositionIndex } from '../../src/calculators/hero-shards.js';
import { profileProblems, profileValues, readProfileForm } from '../../src/site-account/player-pages/profile-form.js';

const demo = DEMO_PLAYER.profile;

describe('the profile form', () => {
  it('reads back the profile it shows (buildings as the player wrote them)', () => {
    const read = readProfileForm(profileValues(demo));
    expect(read.problems).toEqual([]);
    expect(read.profile).toEqual({
      ...demo,
      buildings: Object.fromEntries(Object.entries(demo.buildings).map(([k, v]) => [k, String(v)])),
    });
  });

  it('reads levels as players write them: TG4-2, 3★ 2/6', () => {
    const values = {
      ...profileValues(demo),
      '/profile/town_center_level': 'TG4-2',
      '/profile/heroes/0/stars': '3★ 2/6',
    };
    const read = readProfileForm(values);
    expect(read.problems).toEqual([]);
    expect(read.profile?.town_center_level).toBe(52);
    expect(read.profile?.heroes[0]).toMatchObject({ stars: 3, sub_tier: 2 });
  });

  it('refuses levels with the cost tools own messages, each beside its field, and gives no profile', () => {
    const values = {
      ...profileValues(demo),
      '/profile/governor_gear/crown/level': 'Gold T9 ★1',
      '/profile/heroes/1/stars': '7★',
      '/profile/kingdom': 'abc',
      '/profile/buildings/embassy': 'TG4-7',
    };
    const read = readProfileForm(values);
    expect(read.profile).toBeUndefined();
    const gear = gearLevelIndex('/profile/governor_gear/crown/level', 'Gold T9 ★1');
    const stars = starPositionIndex('/profile/heroes/1/stars', '7★');
    expect(gear.ok || stars.ok).toBe(false);
    const problems = profileProblems(values, read.problems);
    expect(problems.of('/profile/governor_gear/crown/level')).toEqual([!gear.ok && gear.error.message]);
    expect(problems.of('/profile/heroes/1/stars')).toEqual([!stars.ok && stars.error.message]);
    expect(problems.of('/profile/kingdom')).toEqual(['"abc" is not a whole number (1 to 99999)']);
    expect(problems.of('/profile/buildings/embassy')).toEqual([expect.stringContaining('TG4-4')]);
    expect(problems.general).toEqual([]);
    expect(problems.count).toBe(4);
  });

  it('blank rows are left out; a removed row goes; a problem in a later row points at its form row', () => {
    const values: Record<string, string> = {
      ...profileValues(demo),
      '/profile/heroes/0/remove': 'on',
      '/profile/heroes/9/key': 'not-a-hero',
      '/profile/heroes/9/level': '10',
    };
    const read = readProfileForm(values);
    const problems = profileProblems(values, read.problems);
    expect(problems.of('/profile/heroes/9/key')).toEqual([expect.stringMatching(/^unknown hero "not-a-hero"/)]);
    const fixed = readProfileForm({ ...values, '/profile/heroes/9/key': demo.heroes[0]!.key });
    expect(fixed.problems).toEqual([]);
    expect(fixed.profile?.heroes.map((h) => h.key)).toEqual([
      ...demo.heroes.slice(1).map((h) => h.key),
      demo.heroes[0]!.key,
    ]);
  });
});
