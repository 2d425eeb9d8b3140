/**
 * The check stage for data/costs/: what the cost-table schema cannot say. Ladder keys and level labels are unique,
 * every step has its cost and names known materials, disputes and published totals agree with the rows, and no two
 * tables compute the same system.
 */
import type { SourceDocument, SourceIndex } from '../load/yaml.js';
import type { CostTable } from '../model.js';
import type { Problem } from '../problems.js';

type Ladder = CostTable['ladders'][number];
type Covers = NonNullable<CostTable['sources'][number]['covers']>;
type Bounds = Pick<Covers, 'from' | 'to'>;

export function checkCostTables(costs: readonly CostTable[], sources: SourceIndex): Problem[] {
  const problems: Problem[] = [];
  for (const table of costs) checkCostTable(table, sources.get(table.file)!, problems);
  const systems = new Set<string>();
  for (const table of costs) {
    if (systems.has(table.system))
      problems.push(sources.problem(table.file, '/system', `duplicate system "${table.system}"`));
    systems.add(table.system);
  }
  return problems;
}

function checkCostTable(table: CostTable, doc: SourceDocument, problems: Problem[]): void {
  const materials = new Set(table.materials.map((m) => m.key));
  const ladderKeys = new Set<string>();
  table.ladders.forEach((ladder, li) => {
    if (ladderKeys.has(ladder.key))
      problems.push(doc.problem(`/ladders/${li}/key`, `duplicate ladder key "${ladder.key}"`));
    ladderKeys.add(ladder.key);
    const labels = new Set<string>();
    ladder.levels.forEach((level, i) => {
      const at = `/ladders/${li}/levels/${i}`;
      if (labels.has(level.label.toLowerCase()))
        problems.push(doc.problem(`${at}/label`, `duplicate level label "${level.label}"`));
      labels.add(level.label.toLowerCase());
      if (i === 0 && level.cost !== undefined)
        problems.push(doc.problem(`${at}/cost`, 'the first level is the starting point and has no cost'));
      if (i > 0 && level.cost === undefined)
        problems.push(doc.problem(at, `level "${level.label}" needs the cost of the step that reaches it`));
      for (const key of [...Object.keys(level.cost ?? {}), ...(level.unknown ?? [])]) {
        if (!materials.has(key))
          problems.push(
            doc.problem(`${at}/cost`, `unknown material "${key}"; materials: ${[...materials].join(', ')}`),
          );
      }
      checkDisputes(level, at, table, doc, problems);
    });
    checkConfidenceReasons(ladder, `/ladders/${li}`, doc, problems);
  });
  table.sources.forEach((source, i) => {
    if (source.covers) checkCovers(source.covers, table, `/sources/${i}/covers`, doc, problems);
  });
  table.cross_checks.forEach((check, i) => {
    const at = `/cross_checks/${i}`;
    const ladder = table.ladders.find((l) => l.key === check.ladder);
    if (!ladder) {
      problems.push(doc.problem(`${at}/ladder`, `no ladder "${check.ladder}"`));
      return;
    }
    const from = ladder.levels.findIndex((l) => l.label === check.from);
    const to = ladder.levels.findIndex((l) => l.label === check.to);
    if (from < 0) problems.push(doc.problem(`${at}/from`, `no level "${check.from}" in ladder ${ladder.key}`));
    if (to < 0) problems.push(doc.problem(`${at}/to`, `no level "${check.to}" in ladder ${ladder.key}`));
    if (from < 0 || to < 0) return;
    if (from > to) {
      problems.push(doc.problem(at, `"${check.from}" comes after "${check.to}"`));
      return;
    }
    const sums: Record<string, number> = Object.fromEntries([...materials].map((m) => [m, 0]));
    const unknownAt = new Map<string, string>();
    for (const level of ladder.levels.slice(from + 1, to + 1)) {
      for (const [key, amount] of Object.entries(level.cost ?? {})) sums[key] = (sums[key] ?? 0) + amount;
      for (const key of level.unknown ?? []) if (!unknownAt.has(key)) unknownAt.set(key, level.label);
    }
    for (const [key, expected] of Object.entries(check.totals)) {
      if (!materials.has(key)) problems.push(doc.problem(`${at}/totals/${key}`, `unknown material "${key}"`));
      else if (unknownAt.has(key)) {
        // Results give null for such a total; a published figure for it would be a number the steps cannot make.
        problems.push(
          doc.problem(
            `${at}/totals/${key}`,
            `the amount of ${key} is unknown on the step to "${unknownAt.get(key)}", so no total from "${check.from}" to "${check.to}" can be checked`,
          ),
        );
      } else if (sums[key] !== expected) {
        problems.push(
          doc.problem(
            `${at}/totals/${key}`,
            `the steps from "${check.from}" to "${check.to}" add up to ${sums[key]}, not ${expected}`,
          ),
        );
      }
    }
  });
}

/**
 * A step's `disputed` entries: each names a material the step costs, sources the table lists, and other amounts that
 * differ from the one used (a "dispute" with the same figure would widen no range and only lower confidence).
 */
function checkDisputes(
  level: CostTable['ladders'][number]['levels'][number],
  at: string,
  table: CostTable,
  doc: SourceDocument,
  problems: Problem[],
): void {
  const sourceIds = new Set(table.sources.map((s) => s.id));
  for (const [key, dispute] of Object.entries(level.disputed ?? {})) {
    const where = `${at}/disputed/${key}`;
    const used = level.cost?.[key];
    if (used === undefined) {
      problems.push(doc.problem(where, `the step has no amount of "${key}" to dispute`));
      continue;
    }
    const named = [...dispute.used_by, ...dispute.others.flatMap((o) => o.sources)];
    for (const id of named)
      if (!sourceIds.has(id))
        problems.push(doc.problem(where, `unknown source "${id}"; sources: ${[...sourceIds].join(', ')}`));
    for (const other of dispute.others)
      if (other.value === used)
        problems.push(doc.problem(where, `the other amount ${other.value} is the amount used; name a different one`));
  }
}

/**
 * A source's `covers`: each ladder it names exists, once; each bound is a level of every ladder it bounds and leaves
 * at least one step (`from` before `to`); the bounds beside `ladders` bound some ladder.
 */
function checkCovers(covers: Covers, table: CostTable, at: string, doc: SourceDocument, problems: Problem[]): void {
  const byKey = new Map(table.ladders.map((l) => [l.key, l]));
  const sharedBounds = covers.from !== undefined || covers.to !== undefined;
  // The ladders the bounds beside `ladders` apply to: those named by key, or every ladder when none are named.
  const boundedByShared: Ladder[] = covers.ladders === undefined ? [...table.ladders] : [];
  const named = new Set<string>();
  (covers.ladders ?? []).forEach((entry, j) => {
    const key = typeof entry === 'string' ? entry : entry.ladder;
    const pointer = typeof entry === 'string' ? `${at}/ladders/${j}` : `${at}/ladders/${j}/ladder`;
    const ladder = byKey.get(key);
    if (!ladder) problems.push(doc.problem(pointer, `no ladder "${key}"`));
    else if (named.has(key)) problems.push(doc.problem(pointer, `ladder "${key}" is named twice`));
    named.add(key);
    if (!ladder) return;
    if (typeof entry === 'string') boundedByShared.push(ladder);
    else if (entry.from === undefined && entry.to === undefined)
      problems.push(doc.problem(`${at}/ladders/${j}`, `give "from" or "to", or name the ladder by its key alone`));
    else checkBounds([ladder], entry, `${at}/ladders/${j}`, doc, problems);
  });
  if (!sharedBounds) return;
  if (boundedByShared.length === 0) {
    problems.push(
      doc.problem(
        `${at}/${covers.from !== undefined ? 'from' : 'to'}`,
        'these bounds apply to the ladders named by key, and none is: give each ladder its own {ladder, from, to}',
      ),
    );
    return;
  }
  checkBounds(boundedByShared, covers, at, doc, problems);
}

/** `from` and `to` are levels of each ladder, and `from` comes before `to` (the ladder's last level when absent). */
function checkBounds(
  ladders: readonly Ladder[],
  bounds: Bounds,
  at: string,
  doc: SourceDocument,
  problems: Problem[],
): void {
  for (const key of ['from', 'to'] as const) {
    const label = bounds[key];
    if (label === undefined) continue;
    const missing = ladders.filter((l) => !l.levels.some((level) => level.label === label)).map((l) => l.key);
    if (missing.length > 0)
      problems.push(doc.problem(`${at}/${key}`, `no level "${label}" in ladder ${missing.join(', ')}`));
  }
  if (bounds.from === undefined) return;
  for (const ladder of ladders) {
    const from = ladder.levels.findIndex((l) => l.label === bounds.from);
    const to =
      bounds.to === undefined ? ladder.levels.length - 1 : ladder.levels.findIndex((l) => l.label === bounds.to);
    if (from >= 0 && to >= 0 && from >= to) {
      problems.push(
        doc.problem(
          `${at}/from`,
          `"${bounds.from}" is not before "${ladder.levels[to]!.label}" in ladder ${ladder.key}: the source would cover no step`,
        ),
      );
    }
  }
}

/** Every step below high confidence (the ladder's own or its own) must be covered by a reason, so results say why. */
function checkConfidenceReasons(ladder: Ladder, at: string, doc: SourceDocument, problems: Problem[]): void {
  const index = (label: string | undefined, fallback: number, pointer: string): number | undefined => {
    if (label === undefined) return fallback;
    const found = ladder.levels.findIndex((l) => l.label === label);
    if (found < 0) problems.push(doc.problem(pointer, `no level "${label}" in ladder ${ladder.key}`));
    return found < 0 ? undefined : found;
  };
  const covered = new Set<number>();
  (ladder.confidence_reasons ?? []).forEach((reason, i) => {
    const from = index(reason.from, 1, `${at}/confidence_reasons/${i}/from`);
    const to = index(reason.to, ladder.levels.length - 1, `${at}/confidence_reasons/${i}/to`);
    if (from === undefined || to === undefined) return;
    for (let k = Math.max(from, 1); k <= to; k++) covered.add(k);
  });
  const unexplained = ladder.levels
    .filter((level, i) => i > 0 && (level.confidence ?? ladder.confidence) !== 'high' && !covered.has(i))
    .map((l) => l.label);
  if (unexplained.length > 0) {
    const shown =
      unexplained.length > 4
        ? `${unexplained.slice(0, 4).join('", "')}" and ${unexplained.length - 4} more`
        : `${unexplained.join('", "')}"`;
    problems.push(
      doc.problem(
        `${at}/confidence_reasons`,
        `the steps to "${shown} are below high confidence with no reason: add a confidence_reasons entry that covers them`,
      ),
    );
  }
}
