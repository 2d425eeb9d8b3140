/** The catalogue and data checks: each problem reported with file, line and JSON pointer, all of them at once. */
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../codegen/generate.js';
import { loadGameData } from '../../codegen/generate.js';
import { formatProblem } from '../../codegen/problems.js';
import { ENDPOINT_YAML, fixtureRoot, toolYaml } from './fixture-root.js';

/** A minimal in-page website tool (catalog/website/); `extra` adds its input (mcp_tool or inputSchema). */
function websiteYaml(name: string, extra: string): string {
  return `name: ${name}
title: Fixture page tool
annotations: {readOnlyHint: true}
description: >-
  A fixture in-page tool, used to test the checks of catalog/website/ entries. Examples: {}.
${extra}`;
}

function problemsOf(files: Record<string, string>): string[] {
  return loadCatalog(fixtureRoot(files)).problems.map(formatProblem);
}

describe('catalogue validation', () => {
  it('accepts a valid catalogue', () => {
    expect(problemsOf({ 'catalog/tools/echo.yaml': toolYaml('echo') })).toEqual([]);
  });

  it('accepts website tools that share an MCP tool or have their own input schema', () => {
    const root = fixtureRoot({
      'catalog/tools/echo.yaml': toolYaml('echo'),
      'catalog/website/find.yaml': websiteYaml('find', 'mcp_tool: echo\n'),
      'catalog/website/read.yaml': websiteYaml(
        'read',
        'inputSchema: {type: object, additionalProperties: false, properties: {url: {type: string}}}\n',
      ),
    });
    const { catalog, problems } = loadCatalog(root);
    expect(problems).toEqual([]);
    expect(catalog!.websiteTools.map((t) => [t.name, t.inputSchema])).toEqual([
      ['find', catalog!.tools[0]!.arguments],
      ['read', { type: 'object', additionalProperties: false, properties: { url: { type: 'string' } } }],
    ]);
  });

  const cases: [string, Record<string, string>, string][] = [
    [
      'an unknown key, with its line',
      { 'catalog/tools/echo.yaml': toolYaml('echo').replace('title:', 'tittle: x\ntitle:') },
      'catalog/tools/echo.yaml:2:1 /tittle: unknown key "tittle"',
    ],
    [
      'a missing required key',
      { 'catalog/tools/echo.yaml': toolYaml('echo').replace('availability: public\n', '') },
      'catalog/tools/echo.yaml:1:1 (document): missing required key "availability"',
    ],
    [
      'a file named after another tool',
      { 'catalog/tools/other.yaml': toolYaml('echo') },
      '/name: tool "echo" must live in catalog/tools/echo.yaml',
    ],
    ['a name clients reject', { 'catalog/tools/bad.name.yaml': toolYaml('bad.name') }, '/name: must match pattern'],
    [
      'a top-level anyOf in the arguments',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace(
          'arguments:\n  type: object\n',
          'arguments:\n  type: object\n  anyOf: [{required: [level]}]\n',
        ),
      },
      '/arguments/anyOf: "anyOf" is not allowed at the root of arguments',
    ],
    [
      'a local $ref',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace('echo: {type: integer}', 'echo: {$ref: "#/definitions/x"}'),
      },
      '/result/properties/echo/$ref: local $ref',
    ],
    [
      'a $ref to a missing shared file',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace(
          'echo: {type: integer}',
          'echo: {$ref: ../shared/nope.yaml}',
        ),
      },
      '$ref to catalog/shared/nope.yaml cannot be resolved',
    ],
    [
      'a misspelt schema keyword',
      { 'catalog/tools/echo.yaml': toolYaml('echo').replace('minimum: 0', 'minimun: 0') },
      '/arguments: schema does not compile: strict mode: unknown keyword: "minimun"',
    ],
    [
      'a sunset less than 90 days after the deprecation',
      {
        'catalog/tools/echo.yaml': toolYaml(
          'echo',
          'deprecation: {deprecated: "2027-01-01T00:00:00Z", sunset: "2027-03-31", notice: "Going away soon."}\n',
        ),
      },
      '/deprecation/sunset: sunset 2027-03-31 is 89 days after the deprecation; at least 90 days of notice are required',
    ],
    [
      'a replacement that does not exist',
      {
        'catalog/tools/echo.yaml': toolYaml(
          'echo',
          'deprecation: {deprecated: "2027-01-01T00:00:00Z", sunset: "2027-06-01", replacement: ghost, notice: "Use the ghost tool."}\n',
        ),
      },
      '/deprecation/replacement: replacement "ghost" is not a tool in the catalogue',
    ],
    [
      'a malformed view URI',
      { 'catalog/tools/echo.yaml': toolYaml('echo', 'view: https://example.com/view\n') },
      '/view: view URI "https://example.com/view" must look like ui://<app>/<view>',
    ],
    [
      'example arguments that do not fit',
      { 'catalog/tools/echo.yaml': toolYaml('echo').replace('arguments: {level: 2}', 'arguments: {level: 9}') },
      '/examples/0/arguments: example arguments do not match the arguments schema: /level must be <= 3',
    ],
    [
      'broken YAML, with its line',
      { 'catalog/tools/echo.yaml': toolYaml('echo').replace('title: Fixture tool', 'title: [unclosed') },
      'catalog/tools/echo.yaml:3:1 (document): YAML:',
    ],
    [
      'a format in a tool schema (precompiled validators have no format code)',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace(
          'echo: {type: integer}',
          'echo: {type: integer}\n    when: {type: string, format: date-time}',
        ),
      },
      '/result: schema does not compile: unknown format "date-time"',
    ],
    [
      'a YAML flow map split by a comma into a stray key (tool-error document)',
      {
        'catalog/tools/echo.yaml': toolYaml('echo'),
        'catalog/shared/tool-error.yaml':
          'type: object\nproperties:\n  error: {type: string, description: What was wrong, and how to fix it.}\n',
      },
      'catalog/shared/tool-error.yaml:1:1 (document): schema does not compile: strict mode: unknown keyword: "and how to fix it."',
    ],
    [
      'a type array (not portable)',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace('echo: {type: integer}', 'echo: {type: [integer, "null"]}'),
      },
      '/result/properties/echo/type: a type array is not portable (some clients accept one type only): write anyOf: [{type: integer}, {type: null}]',
    ],
    [
      'aliases on an argument without keys',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace(
          'level: {type: integer, minimum: 0, maximum: 3, description: A level.}',
          'level: {type: integer, minimum: 0, maximum: 3, description: A level., x-aliases: {one: [uno]}}',
        ),
      },
      '/arguments/properties/level/x-aliases: x-aliases needs a string argument with an enum of keys',
    ],
    [
      'an alias of a key that is not one',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace(
          'level: {type: integer, minimum: 0, maximum: 3, description: A level.}',
          'level: {type: integer, minimum: 0, maximum: 3, description: A level.}\n    colour: {type: string, enum: [red, gold], x-aliases: {blue: [azure]}}',
        ),
      },
      '/arguments/properties/colour/x-aliases/blue: "blue" is not one of the keys (red, gold)',
    ],
    [
      'an alias that would mean two keys',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace(
          'level: {type: integer, minimum: 0, maximum: 3, description: A level.}',
          'level: {type: integer, minimum: 0, maximum: 3, description: A level.}\n    colour: {type: string, enum: [red, gold], x-aliases: {gold: [Red]}}',
        ),
      },
      '/arguments/properties/colour/x-aliases: "Red" would mean both red and gold',
    ],
    // The shapes tool.schema.json and website-tool.schema.json define once (definitions, which generated/metadata-types.ts
    // types), reported where they stand in the entry.
    [
      'an unknown annotation',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace(
          'openWorldHint: false',
          'openWorldHint: false, readonly: true',
        ),
      },
      'catalog/tools/echo.yaml:21:103 /annotations/readonly: unknown key "readonly"',
    ],
    [
      'a missing annotation',
      { 'catalog/tools/echo.yaml': toolYaml('echo').replace(', openWorldHint: false', '') },
      'catalog/tools/echo.yaml:21:1 /annotations: missing required key "openWorldHint"',
    ],
    [
      'a README summary too short',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace('summary: Echoes the level it is given.', 'summary: short'),
      },
      'catalog/tools/echo.yaml:22:10 /readme/summary: must NOT have fewer than 10 characters',
    ],
    [
      'an unknown key of the calculator page',
      { 'catalog/tools/echo.yaml': toolYaml('echo', 'calculator: {example: {level: "2"}, levels: [level]}\n') },
      'catalog/tools/echo.yaml:23:37 /calculator/levels: unknown key "levels"',
    ],
    [
      'an example with neither result nor error',
      { 'catalog/tools/echo.yaml': toolYaml('echo').replace('    result: {echo: 2}\n', '') },
      'catalog/tools/echo.yaml:18:5 /examples/0: missing required key "result"',
    ],
    [
      'an unknown key of an expected error',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace(
          '    result: {echo: 2}\n',
          '    error: {code: X, mesage: y}\n',
        ),
      },
      'catalog/tools/echo.yaml:20:22 /examples/0/error/mesage: unknown key "mesage"',
    ],
    [
      'an unknown annotation of a website tool',
      {
        'catalog/tools/echo.yaml': toolYaml('echo'),
        'catalog/website/find.yaml': websiteYaml('find', 'mcp_tool: echo\n').replace(
          '{readOnlyHint: true}',
          '{readOnlyHint: true, x: 1}',
        ),
      },
      'catalog/website/find.yaml:3:35 /annotations/x: unknown key "x"',
    ],
    [
      'an unknown key of a website tool',
      {
        'catalog/tools/echo.yaml': toolYaml('echo'),
        'catalog/website/find.yaml': websiteYaml('find', 'mcp_tool: echo\nfoo: 1\n'),
      },
      'catalog/website/find.yaml:7:1 /foo: unknown key "foo"',
    ],
    [
      'a tool no endpoint serves',
      { 'catalog/tools/echo.yaml': toolYaml('echo').replace('availability: public', 'availability: account') },
      '/availability: no endpoint serves "account" tools',
    ],
    [
      'an endpoint whose instructions do not name a tool only it serves',
      {
        'catalog/tools/echo.yaml': toolYaml('echo').replace('availability: public', 'availability: account'),
        'catalog/endpoints/mcp-account.yaml': ENDPOINT_YAML.replace('path: /mcp', 'path: /mcp/account')
          .replace('serves: [public]', 'serves: [public, account]')
          .replace('auth: none', 'auth: oauth'),
      },
      'catalog/endpoints/mcp-account.yaml:4:1 /instructions: the instructions do not name echo, served here and not on every endpoint; say what each is for',
    ],
    [
      'a website tool sharing an MCP tool that does not exist',
      {
        'catalog/tools/echo.yaml': toolYaml('echo'),
        'catalog/website/find.yaml': websiteYaml('find', 'mcp_tool: ghost\n'),
      },
      'catalog/website/find.yaml:6:1 /mcp_tool: "ghost" is not a tool in catalog/tools/',
    ],
    [
      'a website tool with both mcp_tool and inputSchema',
      {
        'catalog/tools/echo.yaml': toolYaml('echo'),
        'catalog/website/find.yaml': websiteYaml('find', 'mcp_tool: echo\ninputSchema: {type: object}\n'),
      },
      'catalog/website/find.yaml:1:1 (document): must match exactly one schema in oneOf',
    ],
    [
      'a website tool in a file of another name',
      {
        'catalog/tools/echo.yaml': toolYaml('echo'),
        'catalog/website/other.yaml': websiteYaml('find', 'mcp_tool: echo\n'),
      },
      '/name: website tool "find" must live in catalog/website/find.yaml',
    ],
    [
      'a website tool whose input schema does not compile',
      {
        'catalog/tools/echo.yaml': toolYaml('echo'),
        'catalog/website/find.yaml': websiteYaml(
          'find',
          'inputSchema: {type: object, properties: {url: {type: string, maxLenght: 3}}}\n',
        ),
      },
      '/inputSchema: schema does not compile: strict mode: unknown keyword: "maxLenght"',
    ],
    [
      'a website tool without annotations',
      {
        'catalog/tools/echo.yaml': toolYaml('echo'),
        'catalog/website/find.yaml': websiteYaml('find', 'mcp_tool: echo\n').replace(
          'annotations: {readOnlyHint: true}\n',
          '',
        ),
      },
      'missing required key "annotations"',
    ],
  ];
  it.each(cases)('reports %s', (_, files, expected) => {
    const problems = problemsOf(files);
    expect(
      problems.some((p) => p.includes(expected)),
      problems.join('\n'),
    ).toBe(true);
  });

  it('reports every problem in one run, across files', () => {
    const problems = problemsOf({
      'catalog/tools/echo.yaml': toolYaml('echo').replace('title:', 'tittle: x\ntitle:'),
      'catalog/tools/other.yaml': toolYaml('other', 'view: nope\n'),
      'catalog/endpoints/mcp.yaml': 'path: /mcp\n',
    });
    expect(problems.length).toBeGreaterThanOrEqual(3);
    expect(problems.filter((p) => p.startsWith('catalog/tools/echo.yaml'))).toHaveLength(1);
    expect(problems.some((p) => p.startsWith('catalog/tools/other.yaml'))).toBe(true);
    expect(problems.some((p) => p.startsWith('catalog/endpoints/mcp.yaml'))).toBe(true);
  });

  it('accepts a view whose source exists', () => {
    expect(
      problemsOf({
        'catalog/tools/echo.yaml': toolYaml('echo', 'view: ui://kingshot/echo\n'),
        'views/echo/main.ts': 'export {};\n',
      }),
    ).toEqual([]);
  });

  it.each([
    [
      'a view without its source',
      { 'catalog/tools/echo.yaml': toolYaml('echo', 'view: ui://kingshot/echo\n') },
      'catalog/tools/echo.yaml:23:1 /view: view ui://kingshot/echo has no source: views/echo/main.ts does not exist',
    ],
    [
      'a view of another app',
      { 'catalog/tools/echo.yaml': toolYaml('echo', 'view: ui://other/echo\n') },
      'catalog/tools/echo.yaml:23:1 /view: view URI "ui://other/echo" must be ui://kingshot/<view>: this server\'s views are built from views/<view>/',
    ],
    [
      'the shared folder as a view',
      {
        'catalog/tools/echo.yaml': toolYaml('echo', 'view: ui://kingshot/shared\n'),
        'views/shared/main.ts': 'export {};\n',
      },
      'catalog/tools/echo.yaml:23:1 /view: "shared" is the views\' shared code, not a view name',
    ],
    [
      'a view source no tool declares (shared/ is not one)',
      {
        'catalog/tools/echo.yaml': toolYaml('echo'),
        'views/ghost/main.ts': 'export {};\n',
        'views/shared/dom.ts': 'export {};\n',
      },
      'views/ghost/:1:1 (document): view source without a tool: no catalog/tools/*.yaml declares view: ui://kingshot/ghost (declare it, or remove the folder)',
    ],
  ])('reports %s, and only that', (_, files, expected) => {
    expect(problemsOf(files)).toEqual([expected]);
  });

  // An example's result is a subset of the real one (test/catalog.test.ts matches it with toMatchObject), so fields
  // may be left out; what is written must fit the result schema where it stands.
  it.each([
    [
      'an example result of the wrong type, with its line',
      toolYaml('echo').replace('result: {echo: 2}', 'result: {echo: "two"}'),
      'catalog/tools/echo.yaml:20:14 /examples/0/result/echo: example result does not fit the result schema: must be integer',
    ],
    [
      'an example result split by a YAML comma slip into a stray key',
      toolYaml('echo').replace('result: {echo: 2}', 'result: {echo: 2, 3}'),
      'catalog/tools/echo.yaml:20:23 /examples/0/result/3: example result does not fit the result schema: unknown key "3"',
    ],
  ])('reports %s, and only that', (_, yaml, expected) => {
    expect(problemsOf({ 'catalog/tools/echo.yaml': yaml })).toEqual([expected]);
  });

  // The rules a tool's description and arguments follow, once kept only by test/catalog.test.ts, are codegen's.
  const SHORT = 'Echoes a level for the code generator tests. Examples: {"level": 2}.';
  const NO_EXAMPLES =
    'A fixture tool that echoes the level it is given, used to test the code generator and nothing else at all.';
  it.each([
    [
      'a description of 100 characters or fewer',
      toolYaml('echo').replace(/  A fixture tool.*\n/, `  ${SHORT}\n`),
      `catalog/tools/echo.yaml:4:1 /description: description is ${SHORT.length} characters; a tool description is written for a model and must be over 100: say what the tool computes and the format of each argument`,
    ],
    [
      'a long description without "Examples:"',
      toolYaml('echo').replace(/  A fixture tool.*\n/, `  ${NO_EXAMPLES}\n`),
      'catalog/tools/echo.yaml:4:1 /description: a description over 100 characters must show calls after "Examples:" (add, say, Examples: {"level":2})',
    ],
    [
      'an argument without a description',
      toolYaml('echo').replace(
        'level: {type: integer, minimum: 0, maximum: 3, description: A level.}',
        'level: {type: integer, minimum: 0, maximum: 3}',
      ),
      'catalog/tools/echo.yaml:10:5 /arguments/properties/level: argument "level" has no description: a model reads it to fill the argument in (add description: ...)',
    ],
    [
      'an argument without a type',
      toolYaml('echo').replace(
        'level: {type: integer, minimum: 0, maximum: 3, description: A level.}',
        'level: {description: A level.}',
      ),
      'catalog/tools/echo.yaml:10:5 /arguments/properties/level: argument "level" has no type: give it a type (or anyOf of typed schemas)',
    ],
    [
      'arguments that accept unknown keys',
      toolYaml('echo').replace(
        'arguments:\n  type: object\n  additionalProperties: false\n',
        'arguments:\n  type: object\n',
      ),
      'catalog/tools/echo.yaml:6:1 /arguments: arguments must say additionalProperties: false, so a misspelt argument is an error rather than ignored',
    ],
    [
      'an argument name clients reject',
      toolYaml('echo')
        .replace('level: {type: integer', "'le vel': {type: integer")
        .replace('arguments: {level: 2}', "arguments: {'le vel': 2}"),
      'catalog/tools/echo.yaml:10:5 /arguments/properties/le vel: argument name "le vel" must match ^[a-zA-Z0-9_.-]{1,64}$ (clients reject other names)',
    ],
  ])('reports %s (file, rule, how to fix), and only that', (_, yaml, expected) => {
    expect(problemsOf({ 'catalog/tools/echo.yaml': yaml })).toEqual([expected]);
  });

  it('accepts an example result that leaves out required fields (it is a subset of the real result)', () => {
    const yaml = toolYaml('echo')
      .replace('required: [echo]', 'required: [echo, label]')
      .replace('echo: {type: integer}', 'echo: {type: integer}\n    label: {type: string}');
    expect(problemsOf({ 'catalog/tools/echo.yaml': yaml })).toEqual([]);
  });

  it('reports duplicate tool names', () => {
    const { problems } = loadCatalog(
      fixtureRoot({ 'catalog/tools/echo.yaml': toolYaml('echo'), 'catalog/tools/echo2.yaml': toolYaml('echo') }),
    );
    expect(problems.map(formatProblem).join('\n')).toContain('duplicate tool name "echo"');
  });
});

/** Keyed arguments whose names come from the game data (`x-names-from`) and the catalogue (`x-aliases`). */
describe('keyed arguments named by the data', () => {
  const COLOURS =
    'colours:\n  - {key: red, title: Crimson Red, aliases: [Scarlet, RED]}\n  - {key: gold, name: Golden}\n';
  /** The fixture tool with a keyed `colour` argument; `keyed` is the rest of its schema after the enum. */
  const withColour = (keyed: string, exampleColour = 'red') =>
    toolYaml('echo')
      .replace(
        'level: {type: integer, minimum: 0, maximum: 3, description: A level.}',
        `level: {type: integer, minimum: 0, maximum: 3, description: A level.}\n    colour: {type: string, enum: [red, gold], description: A colour.${keyed}}`,
      )
      .replace('arguments: {level: 2}', `arguments: {level: 2, colour: ${exampleColour}}`);

  it("joins the data's titles, names and aliases with the catalogue's aliases, in the keys' order, leaving out spellings of the key", () => {
    const root = fixtureRoot({
      'catalog/tools/echo.yaml': withColour(
        ', x-names-from: "data/colours.yaml#/colours", x-aliases: {gold: [Yellow], red: [Rouge]}',
        'Scarlet',
      ),
      'data/colours.yaml': COLOURS,
    });
    const { catalog, problems } = loadCatalog(root);
    expect(problems.map(formatProblem)).toEqual([]);
    expect(catalog!.tools[0]!.keyedArguments).toEqual({
      colour: {
        keys: ['red', 'gold'],
        aliases: { red: ['Crimson Red', 'Scarlet', 'Rouge'], gold: ['Golden', 'Yellow'] },
      },
    });
    expect(catalog!.tools[0]!.arguments.properties).toMatchObject({
      colour: { type: 'string', enum: ['red', 'gold'], description: 'A colour.' },
    });
    expect(
      (catalog!.tools[0]!.arguments.properties as Record<string, Record<string, unknown>>).colour!['x-names-from'],
    ).toBeUndefined();
  });

  it.each([
    [
      'a catalogue alias the data already gives (kept twice)',
      {
        'catalog/tools/echo.yaml': withColour(
          ', x-names-from: "data/colours.yaml#/colours", x-aliases: {red: [scarlet, Rouge]}',
        ),
        'data/colours.yaml': COLOURS,
      },
      'catalog/tools/echo.yaml:11:127 /arguments/properties/colour/x-aliases/red: "scarlet" already named in data/colours.yaml#/colours: keep each name in one place',
    ],
    [
      'data keys that are not the enum',
      {
        'catalog/tools/echo.yaml': withColour(', x-names-from: "data/colours.yaml#/colours"'),
        'data/colours.yaml': `${COLOURS}  - {key: blue}\n`.replace('{key: gold, name: Golden}', '{key: golden}'),
      },
      'catalog/tools/echo.yaml:11:71 /arguments/properties/colour/x-names-from: the enum and the keys of data/colours.yaml#/colours must be the same (not in the data: gold; not in the enum: golden, blue)',
    ],
    [
      'a data name that would mean two keys',
      {
        'catalog/tools/echo.yaml': withColour(', x-names-from: "data/colours.yaml#/colours"'),
        'data/colours.yaml': COLOURS.replace('name: Golden', 'name: Scarlet'),
      },
      'catalog/tools/echo.yaml:11:71 /arguments/properties/colour/x-names-from: "Scarlet" would mean both red and gold (a name in data/colours.yaml#/colours)',
    ],
    [
      'a pointer to no list',
      {
        'catalog/tools/echo.yaml': withColour(', x-names-from: "data/colours.yaml#/colors"'),
        'data/colours.yaml': COLOURS,
      },
      'catalog/tools/echo.yaml:11:71 /arguments/properties/colour/x-names-from: data/colours.yaml#/colors is not a list of entries with a key',
    ],
    [
      'a data file that does not exist',
      { 'catalog/tools/echo.yaml': withColour(', x-names-from: "data/colors.yaml#/colours"') },
      'catalog/tools/echo.yaml:11:71 /arguments/properties/colour/x-names-from: data/colors.yaml does not exist',
    ],
    [
      'a reference outside data/',
      { 'catalog/tools/echo.yaml': withColour(', x-names-from: "catalog/colours.yaml#/colours"') },
      'catalog/tools/echo.yaml:11:71 /arguments/properties/colour/x-names-from: x-names-from must be "data/<file>.yaml#/<pointer to a list>", like "data/costs/truegold.yaml#/ladders"',
    ],
  ])('reports %s, and only that', (_, files, expected) => {
    expect(problemsOf(files)).toEqual([expected]);
  });
});

describe('game data validation', () => {
  const table = (rows: string, checks: string, source = '{id: s, ref: somewhere, title: S}') => `system: demo
title: Demo
data_as_of: "2026-01-01"
materials: [{key: gold, name: Gold}]
sources: [${source}]
notes: []
ladders:
  - key: demo
    title: Demo
    confidence: high
    levels:
${rows}
cross_checks:
${checks}`;

  it('accepts rows that add up to their cross-checks', () => {
    const root = fixtureRoot({
      'data/costs/demo.yaml': table(
        '      - {label: "0"}\n      - {label: "1", cost: {gold: 5}}\n      - {label: "2", cost: {gold: 7}}\n',
        '  - {ladder: demo, from: "0", to: "2", totals: {gold: 12}}\n',
      ),
    });
    const { data, problems } = loadGameData(root);
    expect(problems).toEqual([]);
    expect(data?.version).toMatch(/^2026\.01\.01\+[0-9a-f]{8}$/);
  });
  it.each([
    [
      'a cross-check the rows do not add up to',
      '      - {label: "0"}\n      - {label: "1", cost: {gold: 5}}\n',
      '  - {ladder: demo, from: "0", to: "1", totals: {gold: 6}}\n',
      'the steps from "0" to "1" add up to 5, not 6',
    ],
    [
      'an unknown material',
      '      - {label: "0"}\n      - {label: "1", cost: {silver: 5}}\n',
      '  []\n',
      'unknown material "silver"',
    ],
    [
      'a duplicate label',
      '      - {label: "0"}\n      - {label: "1", cost: {gold: 5}}\n      - {label: "1", cost: {gold: 5}}\n',
      '  []\n',
      'duplicate level label "1"',
    ],
    [
      'a level without its step cost',
      '      - {label: "0"}\n      - {label: "1"}\n',
      '  []\n',
      'level "1" needs the cost of the step that reaches it',
    ],
    [
      'a cross-check total of an amount no source publishes',
      '      - {label: "0"}\n      - {label: "1", cost: {gold: 5}, unknown: [gold]}\n',
      '  - {ladder: demo, from: "0", to: "1", totals: {gold: 5}}\n',
      'the amount of gold is unknown on the step to "1", so no total from "0" to "1" can be checked',
    ],
    [
      'a step below high confidence without a reason',
      '      - {label: "0"}\n      - {label: "1", cost: {gold: 5}, confidence: medium}\n',
      '  []\n',
      '/ladders/0/confidence_reasons: the steps to "1" are below high confidence with no reason',
    ],
    [
      'a confidence reason on a missing level',
      '      - {label: "0"}\n      - {label: "1", cost: {gold: 5}}\n    confidence_reasons: [{from: "7", reason: why}]\n',
      '  []\n',
      '/ladders/0/confidence_reasons/0/from: no level "7" in ladder demo',
    ],
    [
      'a cross-check on a missing level',
      '      - {label: "0"}\n      - {label: "1", cost: {gold: 5}}\n',
      '  - {ladder: demo, from: "0", to: "9", totals: {gold: 5}}\n',
      'no level "9" in ladder demo',
    ],
  ])('reports %s with file, line and pointer', (_, rows, checks, expected) => {
    const { problems } = loadGameData(fixtureRoot({ 'data/costs/demo.yaml': table(rows, checks) }));
    const text = problems.map(formatProblem).join('\n');
    expect(text).toContain(expected);
    expect(text).toMatch(/^data\/costs\/demo\.yaml:\d+:\d+ \//);
  });
  describe("a source's covers", () => {
    const rows = '      - {label: "0"}\n      - {label: "1", cost: {gold: 5}}\n      - {label: "2", cost: {gold: 7}}\n';
    const problemsWith = (covers: string) =>
      loadGameData(
        fixtureRoot({
          'data/costs/demo.yaml': table(rows, '  []\n', `{id: s, ref: somewhere, covers: ${covers}, title: S}`),
        }),
      ).problems.map(formatProblem);

    it.each([
      '{ladders: [{ladder: demo, from: "1"}]}',
      '{ladders: [{ladder: demo, from: "0", to: "1"}]}',
      '{from: "1"}',
      '{ladders: [demo], from: "0", to: "1"}',
      '{ladders: []}',
    ])('accepts %s', (covers) => {
      expect(problemsWith(covers)).toEqual([]);
    });
    it.each([
      [
        'a ladder that does not exist',
        '{ladders: [ghost]}',
        'data/costs/demo.yaml:5:54 /sources/0/covers/ladders/0: no ladder "ghost"',
      ],
      [
        'a ladder named twice',
        '{ladders: [demo, {ladder: demo, to: "1"}]}',
        'data/costs/demo.yaml:5:61 /sources/0/covers/ladders/1/ladder: ladder "demo" is named twice',
      ],
      [
        "a ladder's own bound that is no level of it",
        '{ladders: [{ladder: demo, from: "9"}]}',
        'data/costs/demo.yaml:5:69 /sources/0/covers/ladders/0/from: no level "9" in ladder demo',
      ],
      [
        'a start at the last level (no step)',
        '{ladders: [{ladder: demo, from: "2"}]}',
        'data/costs/demo.yaml:5:69 /sources/0/covers/ladders/0/from: "2" is not before "2" in ladder demo: the source would cover no step',
      ],
      [
        'a start that is not before the end',
        '{from: "1", to: "1"}',
        'data/costs/demo.yaml:5:44 /sources/0/covers/from: "1" is not before "1" in ladder demo: the source would cover no step',
      ],
      [
        'a ladder entry without bounds',
        '{ladders: [{ladder: demo}]}',
        'data/costs/demo.yaml:5:54 /sources/0/covers/ladders/0: give "from" or "to", or name the ladder by its key alone',
      ],
      [
        'bounds beside ladders that bound none',
        '{ladders: [{ladder: demo, from: "1"}], to: "2"}',
        'data/costs/demo.yaml:5:82 /sources/0/covers/to: these bounds apply to the ladders named by key, and none is: give each ladder its own {ladder, from, to}',
      ],
      [
        'an unknown key of a ladder entry',
        '{ladders: [{ladder: demo, form: "1"}]}',
        'data/costs/demo.yaml:5:69 /sources/0/covers/ladders/0/form: unknown key "form"',
      ],
      [
        'a ladder entry that is neither a key nor an entry',
        '{ladders: [3]}',
        'data/costs/demo.yaml:5:54 /sources/0/covers/ladders/0: must be string,object',
      ],
    ])('reports %s at its place, and only that', (_, covers, expected) => {
      expect(problemsWith(covers)).toEqual([expected]);
    });
  });
  it('changes the data version when a number changes', () => {
    const a = loadGameData(
      fixtureRoot({
        'data/costs/demo.yaml': table('      - {label: "0"}\n      - {label: "1", cost: {gold: 5}}\n', '  []\n'),
      }),
    ).data!.version;
    const b = loadGameData(
      fixtureRoot({
        'data/costs/demo.yaml': table('      - {label: "0"}\n      - {label: "1", cost: {gold: 6}}\n', '  []\n'),
      }),
    ).data!.version;
    expect(a).not.toBe(b);
  });
});
