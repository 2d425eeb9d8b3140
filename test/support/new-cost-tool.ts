/**
 * A new cost tool, added to a copy of the project the way docs/adding-a-tool.md and docs/cost-systems.md say a
 * maintainer adds one: a cost table in data/costs/, a tool YAML in catalog/tools/, its icon in catalog/icons/, a small calculator in
 * src/calculators/ and one entry in the cost handler group. Nothing under test/ is touched: the suite must take the
 * tool in from the catalogue. The system is made up (pet food for a pet's levels 0-5) so it collides with nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const NEW_TOOL = 'pet_food_cost';
export const NEW_SYSTEM = 'pet_food';

const COST_TABLE = `# Pet food per pet level: a made-up system, added by the scratch-copy test of adding a tool.
system: pet_food
title: Pet food
data_as_of: "2026-11-20"
materials:
  - {key: pet_food, name: Pet Food}
sources:
  - id: made_up
    ref: "no source: a table written for a test"
    title: "A table written for a test"
notes:
  - "Level 0 is a pet not yet adopted."
ladders:
  - key: pet
    title: Pet
    confidence: high
    levels:
      - {label: "0"}
      - {label: "1", cost: {pet_food: 10}}
      - {label: "2", cost: {pet_food: 20}}
      - {label: "3", cost: {pet_food: 40}}
      - {label: "4", cost: {pet_food: 80}}
      - {label: "5", cost: {pet_food: 160}}
cross_checks:
  - {ladder: "pet", from: "0", to: "5", totals: {pet_food: 310}}
`;

const TOOL_YAML = `# yaml-language-server: $schema=../schema/tool.schema.json
name: pet_food_cost
title: Pet food cost
availability: public
instructions: 'pet_food_cost takes pet levels 0-5'
annotations: {readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false}
readme:
  summary: 'Pet food between pet levels'
  arguments: '\`from\`/\`to\` 0-5'
calculator:
  example: {from: '0', to: '5'}
description: >-
  Pet food needed to raise a pet from one level to another, with the cost of every level. Levels are whole
  numbers 0-5: 0 = not adopted, 5 = maximum; 310 pet food in all from 0 to 5.
  Examples: {"from": 0, "to": 5}; {"from": 2, "to": 4}.
  The result lists each level, the total pet food, confidence and sources.
arguments:
  type: object
  additionalProperties: false
  properties:
    from: {type: integer, minimum: 0, maximum: 5, description: "Current pet level, 0-5 (0 = not adopted)."}
    to: {type: integer, minimum: 0, maximum: 5, description: "Target pet level, 0-5, not below \`from\`."}
    ranges:
      type: array
      minItems: 1
      maxItems: 12
      description: >-
        Several upgrades in one call, instead of \`from\`/\`to\`: each entry has its own \`from\` and \`to\`. The
        result lists each range and the totals of all of them.
      items:
        type: object
        additionalProperties: false
        required: [from]
        properties:
          from: {type: integer, minimum: 0, maximum: 5}
          to: {type: integer, minimum: 0, maximum: 5}
    have:
      type: object
      additionalProperties: false
      description: >-
        The pet food the player has. The result then says how far it goes (\`reach\`); with \`have\`, \`to\` may
        be left out: the ladder's end.
      properties:
        pet_food: {type: integer, minimum: 0, maximum: 1000000000000, description: "Pet Food"}
    include_steps:
      type: boolean
      default: false
      description: With \`ranges\` or \`have\`, also list the steps.
result:
  type: object
  additionalProperties: false
  required: [totals, materials, confidence, notes, gaps, sources, data_version]
  properties:
    from: {type: string, description: The starting level.}
    to: {type: string, description: The target level.}
    step_count: {$ref: ../shared/step-count.yaml}
    steps: {$ref: ../shared/cost-steps.yaml}
    totals:
      type: object
      additionalProperties: false
      required: [pet_food]
      properties:
        pet_food: {type: integer, minimum: 0, description: Pet Food}
    materials:
      type: object
      description: Display names of the material keys.
      additionalProperties: {type: string}
    confidence: {$ref: ../shared/confidence.yaml}
    notes: {$ref: ../shared/notes.yaml}
    gaps: {$ref: ../shared/gaps.yaml}
    sources: {$ref: ../shared/sources.yaml}
    data_version: {$ref: ../shared/data-version.yaml}
    totals_range: {$ref: ../shared/totals-range.yaml}
    ranges:
      type: array
      description: With \`ranges\`, one entry per range.
      items: {$ref: ../shared/cost-range-result.yaml}
    reach: {$ref: ../shared/budget-reach.yaml}
examples:
  - title: Adopt to maximum
    arguments: {from: 0, to: 5}
    result: {from: "0", to: "5", step_count: 5, totals: {pet_food: 310}, confidence: high}
  - title: Level 6 does not exist
    arguments: {from: 3, to: 6}
    error: {code: INVALID_ARGUMENTS, message_includes: ["5"]}
  - title: How far 100 pet food go from level 1
    arguments: {from: 1, have: {pet_food: 100}}
    result: {to: "5", reach: {left: {pet_food: 40}}}
`;

const CALCULATOR = `/** Pet food: levels 0-5 of one pet. */
import { petFood } from '../../generated/data/costs/pet-food.js';
import type { PetFoodCostInput, PetFoodCostOutput } from '../../generated/tools/pet_food_cost/types.js';
import { success, type Outcome } from '../outcomes/failures.js';
import { details, knownTotals, ladderOf, numericLevelIndex } from './ladder.js';
import { costCall, leanSingle, targetOrTop, unitRange, type UnitRange } from './plan.js';

const MATERIALS = ['pet_food'] as const;
const PET_LADDER = ladderOf(petFood, 'pet');

/** One pet's range; \`at\` is where it sits in the arguments ('' or \`/ranges/<i>\`). */
function petRange(range: { from: number; to?: number }, at: string, hasBudget: boolean): Outcome<UnitRange> {
  const target = targetOrTop(\`\${at}/to\`, range.to, hasBudget, PET_LADDER);
  if (!target.ok) return target;
  const level = (where: string, value: number) => numericLevelIndex(where, value, PET_LADDER, 'a pet level');
  const to = range.to === undefined ? 'top' : level(\`\${at}/to\`, range.to);
  return unitRange(petFood, PET_LADDER, { from: level(\`\${at}/from\`, range.from), to });
}

export function petFoodCostTool(input: PetFoodCostInput): Outcome<PetFoodCostOutput> {
  const call = costCall(input, () => ({ from: input.from!, to: input.to }), petRange, MATERIALS);
  if (!call.ok) return call;
  if (call.value.kind === 'list') {
    const { totals, ...rest } = call.value.answer;
    return success({ totals: knownTotals(totals, MATERIALS), ...rest });
  }
  const { priced, reach } = call.value;
  const b = priced.breakdown;
  const single = { from: b.from, to: b.to, step_count: b.step_count, totals: knownTotals(b.totals, MATERIALS) };
  return success(leanSingle({ ...single, ...details(b), ...(reach ? { reach } : {}) }, input));
}
`;

const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" role="img" aria-label="pet food cost"><rect width="24" height="24" rx="5" fill="#2a7ab4"/><circle cx="12" cy="13" r="5" fill="#fff"/></svg>
`;

/** Writes the five pieces into the project copy at `root` (codegen is the caller's next step, as in the docs). */
export function addNewCostTool(root: string): void {
  writeFileSync(join(root, 'data/costs/pet-food.yaml'), COST_TABLE);
  writeFileSync(join(root, `catalog/tools/${NEW_TOOL}.yaml`), TOOL_YAML);
  writeFileSync(join(root, `catalog/icons/${NEW_TOOL}.svg`), ICON);
  writeFileSync(join(root, 'src/calculators/pet-food.ts'), CALCULATOR);
  const group = join(root, 'src/tools/cost-handlers.ts');
  const source = readFileSync(group, 'utf8');
  const withImport = source.replace(
    /^(import .*\n)(?!import )/m,
    `$1import { petFoodCostTool } from '../calculators/pet-food.js';\n`,
  );
  const withEntry = withImport.replace(
    /\n\} satisfies Partial<ToolHandlers<ToolContext>>;/,
    `\n  pet_food_cost: (input) => petFoodCostTool(input),\n} satisfies Partial<ToolHandlers<ToolContext>>;`,
  );
  if (withEntry === withImport || withImport === source)
    throw new Error('src/tools/cost-handlers.ts no longer has the shape this test extends: update addNewCostTool');
  writeFileSync(group, withEntry);
}
