/**
 * The plan of the house (docs/architecture.md), as rules dependency-cruiser checks on every import, type-only ones
 * included. test/architecture.test.ts runs it and fails on any violation; by hand: `npx depcruise shared src
 * generated codegen views site`.
 *
 * LAYERS lists the layers bottom-up. A module may import its own layer and the layers below it, never one above;
 * folders within one layer may import each other but never in a circle (no-folder-cycles). Every module of shared/,
 * generated/ and src/ belongs to exactly one layer (the test checks that too), so a new folder has to be placed here.
 * codegen/ stands apart: it reads the catalogue and writes generated/, shares code with src/ only through shared/,
 * and of generated/ reads only the types compiled from the schemas (SCHEMA_TYPES).
 */

/** @type {{ name: string; paths: string[] }[]} */
const LAYERS = [
  { name: 'shared (code codegen and src both run)', paths: ['^shared/'] },
  { name: 'generated (from the catalogue by codegen)', paths: ['^generated/'] },
  {
    name: 'ground of src (settings, sign-in rules, the error base, tool outcomes, kept Map keys)',
    paths: [
      '^src/config[.]ts$',
      '^src/credentials[.]ts$',
      '^src/errors[.]ts$',
      '^src/kept-key[.]ts$',
      '^src/network-budgets[.]ts$',
      '^src/trusted-proxies[.]ts$',
      '^src/outcomes/',
    ],
  },
  { name: 'reference data and calculators', paths: ['^src/reference/', '^src/calculators/'] },
  { name: 'player data', paths: ['^src/account/'] },
  { name: 'store', paths: ['^src/store/'] },
  { name: 'tool handlers', paths: ['^src/tools/'] },
  { name: 'registry (catalogue entries bound to handlers)', paths: ['^src/tool-registry/'] },
  { name: 'protocol', paths: ['^src/mcp/'] },
  {
    name: 'HTTP, auth, pages, observability',
    paths: ['^src/http/', '^src/pages/', '^src/auth/', '^src/site-account/', '^src/observability/'],
  },
  {
    name: 'app and command lines',
    paths: [
      '^src/app[.]ts$',
      '^src/account-stack[.]ts$',
      '^src/account-app[.]ts$',
      '^src/main[.]ts$',
      '^src/cli/',
      '^src/login/',
    ],
  },
];

const upwardRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `no-upward-from-${layer.name.split(' ')[0]}`,
  comment: `${layer.name} may not import a layer above it: ${LAYERS.slice(index + 1)
    .map((above) => above.name)
    .join('; ')}`,
  severity: 'error',
  from: { path: layer.paths },
  to: { path: LAYERS.slice(index + 1).flatMap((above) => above.paths) },
}));

/**
 * The browser code, views/ (the MCP Apps views) and site/ (the website's script), stands outside the layers: codegen
 * bundles it into generated/. What each folder may import is listed exactly, and anything else is an error, so a
 * view cannot pull the server (or a large npm package) into a page by accident: `modules` are imported as code and
 * run in the browser; `types` are imported for their types alone (`import type`, which the bundle leaves out).
 */
const BROWSER_CODE = [
  {
    folder: 'views',
    modules: ['^views/', '^src/mcp/server-info[.]ts$', '^src/reference/labels[.]ts$'],
    types: [
      '^generated/shared-types[.]ts$',
      '^generated/tools/index[.]ts$',
      '^generated/tools/[^/]+/types[.]ts$',
      '(^|/)node_modules/@modelcontextprotocol/ext-apps/',
    ],
  },
  {
    folder: 'site',
    modules: [
      '^site/',
      '^views/shared/cost/chart[.]ts$',
      '^views/shared/format[.]ts$',
      '^src/pages/site-routes[.]ts$',
      '^src/mcp/argument-errors[.]ts$',
      '^generated/website/tools[.]ts$',
      '^generated/website/validators[.]ts$',
    ],
    types: ['^generated/metadata-types[.]ts$'],
  },
];

const browserRules = BROWSER_CODE.flatMap(({ folder, modules, types }) => [
  {
    name: `${folder}-imports-listed-modules`,
    comment: `${folder}/ is bundled for the browser and imports only ${modules.join(' ')}, and the types of ${types.join(' ')}`,
    severity: 'error',
    from: { path: `^${folder}/` },
    to: { pathNot: [...modules, ...types] },
  },
  {
    name: `${folder}-imports-types-only`,
    comment: `${folder}/ imports ${types.join(' ')} for their types alone (import type), which its bundle leaves out`,
    severity: 'error',
    from: { path: `^${folder}/` },
    to: { path: types, dependencyTypesNot: ['type-only'] },
  },
]);

/**
 * The modules of generated/ that codegen may import, for their types alone: the types compiled from the catalogue's
 * and the data's own schemas (catalog/schema/*.json, data/schema/cost-table.schema.json), which codegen's model uses
 * so that each of these shapes has one definition.
 */
const SCHEMA_TYPES = ['^generated/metadata-types[.]ts$', '^generated/data/types[.]ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upwardRules,
    {
      name: 'placed-in-a-layer',
      comment:
        'every module of shared/, generated/ and src/ belongs to a layer in LAYERS (a new folder is placed there)',
      severity: 'error',
      from: { path: '^(shared|generated|src)/', pathNot: LAYERS.flatMap((layer) => layer.paths) },
      to: {},
    },
    {
      name: 'imports-placed-modules',
      comment: 'nothing imports a module of shared/, generated/ or src/ that belongs to no layer in LAYERS',
      severity: 'error',
      from: {},
      to: { path: '^(shared|generated|src)/', pathNot: LAYERS.flatMap((layer) => layer.paths) },
    },
    {
      name: 'codegen-apart-from-src',
      comment: 'codegen/ writes generated/ and shares code with src/ only through shared/; it never imports src/',
      severity: 'error',
      from: { path: '^codegen/' },
      to: { path: '^src/' },
    },
    {
      name: 'codegen-stages-in-order',
      comment:
        'codegen runs load/, check/, build/, emit/ in that order (docs/adding-a-tool.md, "Codegen"): a stage imports the stages before it, never one after',
      severity: 'error',
      from: { path: '^codegen/load/' },
      to: { path: '^codegen/(check|build|emit)/' },
    },
    {
      name: 'codegen-stages-in-order',
      comment: 'check/ runs before build/ and emit/',
      severity: 'error',
      from: { path: '^codegen/check/' },
      to: { path: '^codegen/(build|emit)/' },
    },
    {
      name: 'codegen-stages-in-order',
      comment: 'build/ runs before emit/',
      severity: 'error',
      from: { path: '^codegen/build/' },
      to: { path: '^codegen/emit/' },
    },
    {
      name: 'codegen-emitters-read-no-disk',
      comment: 'the emitters are pure functions of the model: the load stage read every file they need',
      severity: 'error',
      from: { path: '^codegen/emit/' },
      to: { path: '^(node:)?fs(/promises)?$', dependencyTypes: ['core'] },
    },
    {
      name: 'codegen-apart-from-generated',
      comment: `codegen/ imports nothing it writes except the types compiled from the catalogue's and the data's schemas (${SCHEMA_TYPES.join(' ')})`,
      severity: 'error',
      from: { path: '^codegen/' },
      to: { path: '^generated/', pathNot: SCHEMA_TYPES },
    },
    {
      name: 'codegen-imports-schema-types-only',
      comment:
        'codegen/ imports the compiled schema types with import type: erased, so codegen runs whatever state generated/ is in',
      severity: 'error',
      from: { path: '^codegen/' },
      to: { path: SCHEMA_TYPES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'nothing-imports-codegen',
      comment: 'shared/, generated/ and src/ never import codegen/ (it is a build tool, not part of the service)',
      severity: 'error',
      from: { path: '^(shared|generated|src)/' },
      to: { path: '^codegen/' },
    },
    ...browserRules,
    {
      name: 'nothing-imports-browser-code',
      comment:
        'shared/, generated/, src/ and codegen/ never import views/ or site/ (codegen bundles them by path; the service serves the bundles)',
      severity: 'error',
      from: { path: '^(shared|generated|src|codegen)/' },
      to: { path: '^(views|site)/' },
    },
    {
      name: 'no-folder-cycles',
      comment: 'no two folders import each other, directly or round a circle',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(shared|generated|src|codegen|views|site)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are arrows too: a type from a higher layer is a back-arrow like any other.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
