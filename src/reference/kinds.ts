/**
 * What is said per kind of reference record, in one place: the path segment of its pages (which is also the
 * search_database `kind` value), its nouns in running text, and the tool that returns one record.
 */
import type { RecordKind } from './search.js';

export interface KindWords {
  /** /heroes/<key>, and `kind: "heroes"` in search results. */
  readonly path: 'heroes' | 'masters' | 'items' | 'events';
  readonly singular: string;
  readonly plural: string;
  readonly tool: 'get_hero' | 'get_master' | 'get_item' | 'get_event';
}

export const KINDS: Readonly<Record<RecordKind, KindWords>> = {
  hero: { path: 'heroes', singular: 'hero', plural: 'heroes', tool: 'get_hero' },
  master: { path: 'masters', singular: 'Master', plural: 'Masters', tool: 'get_master' },
  item: { path: 'items', singular: 'item', plural: 'items', tool: 'get_item' },
  event: { path: 'events', singular: 'event', plural: 'events', tool: 'get_event' },
};
