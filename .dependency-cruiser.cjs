/**
 * The plan of the house (docs/architecture.md), as rules dependency-cruiser checks on every import, type-only ones
 * included. test/architecture.test.ts runs it and fails on any violation; by hand: `npx depcruise shared src
 * generated codegen`.
 *
 * LAYERS lists the layers bottom-up. A module may import its own layer and the layers below it, never one above;
 * folders within one layer may import each other but never in a circle (no-folder-cycles). Every module of shared/,
 * generated/ and src/ belongs to exactly one layer (the test checks that too), so a new folder has to be placed here.
 * codegen/ stands apart: it reads the catalogue and writes generated/, and shares code with src/ only through
 * shared/.
 */

/** @type {{ name: string; paths: string[] }[]} */
const LAYERS = [
  { name: 'shared (code codegen and src both run)', paths: ['^shared/'] },
  { name: 'generated (from the catalogue by codegen)', paths: ['^generated/'] },
  {
    name: 'ground of src (settings, sign-in rules, the error base, tool outcomes)',
    paths: ['^src/config[.]ts$', '^src/credentials[.]ts$', '^src/errors[.]ts$', '^src/network-budgets[.]ts$', '^src/outcomes/'],
  },
  { name: 'reference data and calculators', paths: ['^src/reference/', '^src/calculators/'] },
  { name: 'player data', paths: ['^src/account/'] },
  { name: 'store', paths: ['^src/store/'] },
  { name: 'tool handlers', paths: ['^src/tools/'] },
  { name: 'registry (catalogue entries bound to handlers)', paths: ['^src/tool-registry/'] },
  { name: 'protocol', paths: ['^src/mcp/'] },
  { name: 'HTTP, auth, pages, observability', paths: ['^src/http/', '^src/pages/', '^src/auth/', '^src/observability/'] },
  { name: 'app and command lines', paths: ['^src/app[.]ts$', '^src/main[.]ts$', '^src/cli/', '^src/login/'] },
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

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upwardRules,
    {
      name: 'placed-in-a-layer',
      comment: 'every module of shared/, generated/ and src/ belongs to a layer in LAYERS (a new folder is placed there)',
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
      comment: 'codegen/ writes generated/ and shares code with src/ only through shared/; it never imports src/ or generated/',
      severity: 'error',
      from: { path: '^codegen/' },
      to: { path: '^(src|generated)/' },
    },
    {
      name: 'nothing-imports-codegen',
      comment: 'shared/, generated/ and src/ never import codegen/ (it is a build tool, not part of the service)',
      severity: 'error',
      from: { path: '^(shared|generated|src)/' },
      to: { path: '^codegen/' },
    },
    {
      name: 'no-folder-cycles',
      comment: 'no two folders import each other, directly or round a circle',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(shared|generated|src|codegen)/' },
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
