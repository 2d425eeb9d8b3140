/**
 * The demo player seeded on first start, so a newcomer can sign in and try every account tool. Its goals are
 * chosen to show each kind of readiness: covered, partly covered, reached, and one switched off.
 */
import type { PlayerDataFile } from './model.js';

export const DEMO_NAME = 'Demo Governor';
export const DEFAULT_DEMO_EMAIL = 'demo@kingshot.example';

export const DEMO_PLAYER: Required<Pick<PlayerDataFile, 'profile' | 'goals' | 'inventory'>> = {
  profile: {
    player_id: '84721093',
    name: 'Demo Governor',
    kingdom: 241,
    town_center_level: 45,
    power: 48650000,
    troops: [
      { type: 'infantry', tier: 9, count: 52000 },
      { type: 'cavalry', tier: 9, count: 48000 },
      { type: 'archer', tier: 9, count: 50500 },
      { type: 'infantry', tier: 8, count: 12000 },
    ],
    combat_stats: {
      infantry: { attack: 312.5, defense: 298.1, lethality: 141.2, health: 139.8 },
      cavalry: { attack: 305.4, defense: 290.7, lethality: 138.9, health: 136.2 },
      archer: { attack: 309.9, defense: 287.3, lethality: 144.6, health: 133.5 },
    },
    heroes: [
      {
        key: 'amadeus',
        stars: 4,
        sub_tier: 3,
        level: 70,
        exclusive_gear_level: 6,
        gear: { helmet: { mastery: 8, enhancement: 100 }, gloves: { mastery: 5, enhancement: 80 } },
      },
      { key: 'jabel', stars: 3, sub_tier: 2, level: 62, exclusive_gear_level: 4, gear: {} },
      { key: 'helga', stars: 5, sub_tier: 6, level: 75, exclusive_gear_level: 10, gear: {} },
    ],
    governor_gear: {
      crown: { level: 'Gold T2 ★0', charms: [12, 12, 11] },
      pendant: { level: 'Gold T1 ★3', charms: [11, 11, 11] },
      top: { level: 'Gold T1 ★2', charms: [11, 10, 10] },
      pants: { level: 'Gold T1 ★2', charms: [10, 10, 10] },
      bracelet: { level: 'Gold ★3', charms: [10, 9, 9] },
      staff: { level: 'Gold ★3', charms: [9, 9, 9] },
    },
    buildings: {
      embassy: 'TG2-3',
      command_center: 'TG2',
      infirmary: 'TG1-4',
      barracks: 'TG3',
      stable: 'TG2-4',
      range: 'TG2-4',
      war_academy: 'TG1',
    },
  },
  goals: [
    { system: 'governor_gear', piece: 'top', target: 'Gold T3 ★3', active: true, note: 'Infantry first' },
    { system: 'truegold', building: 'town_center', target: 'TG5', active: true },
    { system: 'governor_charm', piece: 'top', slot: 1, target: 14, active: true },
    { system: 'hero_shards', hero: 'amadeus', target: '5★', active: true },
    { system: 'hero_widgets', hero: 'amadeus', target: 8, active: true },
    { system: 'mastery_forging', hero: 'amadeus', slot: 'helmet', track: 'mastery', target: '+12', active: true },
    { system: 'hero_shards', hero: 'helga', target: '5★', active: true },
    { system: 'governor_gear', piece: 'crown', target: 'Red ★0', active: false },
  ],
  inventory: {
    governor_gear: { satin: 150000, gilded_threads: 1200, artisans_vision: 300 },
    charms: { charm_guides: 600, charm_designs: 500 },
    truegold: { truegold: 4000, tempered_truegold: 100 },
    hero_shards: { amadeus: 180, jabel: 40 },
    widgets: { amadeus: 40 },
    forging: { forgehammers: 300, mythic_gear_pieces: 1, mithril: 0, enhancement_xp: 0 },
  },
};
