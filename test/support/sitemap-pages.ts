/**
 * How many pages the sitemap lists, for the tests that walk it: the fixed pages, one calculator page per cost tool
 * of the catalogue (generated/, so a new cost tool adds its page here without a test edit) and the reference records.
 */
import { COST_TOOLS } from '../../generated/cost-systems.js';

/** Calculator pages: one per cost tool. */
export const CALCULATOR_PAGES = COST_TOOLS.length;

/** Reference records with a page each: 34 heroes, 8 Masters, 58 items, 36 events. */
export const RECORD_PAGES = 34 + 8 + 58 + 36;

/**
 * /, /search, /connect, /guide, /developers; /calculators and its pages; /reference and four indexes, /tier-list;
 * its 5 role pages, the overall lists and the lineups; every record.
 */
export const SITEMAP_PAGES = 5 + 1 + CALCULATOR_PAGES + 6 + 7 + RECORD_PAGES;
