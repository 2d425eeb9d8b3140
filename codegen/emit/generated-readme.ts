/** generated/README.md: what the folder holds and that it is written by codegen, never by hand. */
import type { EmittedFiles } from './shared.js';

const README = `# generated/

Everything in this folder is written by \`npm run codegen\` from \`catalog/\`, \`data/\`, \`views/\` and \`site/\`. Do not edit it by
hand: change the catalogue or the data and run the command again. CI fails when this folder is stale
(\`npm run codegen -- --check\`). Each file's first line names what it was generated from.

Each tool has its own folder, \`tools/<tool>/\`: \`types.ts\` (input and output types, catalogue metadata),
\`schema.ts\` (the schemas as served), \`list.ts\` (its tools/list entries), \`validate-input.ts\` and
\`validate-output.ts\` (precompiled validators). \`tools/index.ts\`, \`tools-list.ts\` and \`validators/\` are indexes
with one line per tool, so a change to one tool shows in a diff as that tool's files and the index lines naming it.

- \`tools/index.ts\`: every tool's metadata (\`TOOLS\`), the \`ToolName\` union and the \`ToolHandlers\` contract the
  handlers implement.
- \`tools-list.ts\`: each tool's tools/list entries per protocol era, keyed by name.
- \`validators/input.ts\`, \`validators/output.ts\`: the per-tool validators keyed by name, typed.
- \`metadata-types.ts\`: the types of the catalogue's own metadata (a tool, an endpoint, a deprecation, a tool's
  outcome), from \`catalog/schema/\`.
- \`shared-types.ts\`: named types of the shared schema fragments (\`catalog/shared/\`) the tools' types refer to.
- \`server-info.ts\`: who the server is (name, title, version, description, registry name, icon), from
  \`catalog/server.yaml\`.
- \`discovery/server.json\`, \`discovery/server-card.json\`: the MCP Registry's \`server.json\` and the MCP Server
  Card, built for the catalogue's example origin and checked against the published schemas
  (\`catalog/schema/published/\`). Each deployment serves its own, built for its \`BASE_URL\`.
- \`endpoints.ts\`: every MCP endpoint (path, title, instructions, tools) from \`catalog/endpoints/\`.
- \`tool-names.ts\`: the tool names \`tools/call\` accepts on each endpoint.
- \`icons.ts\`: the server's and each tool's icon (SVG text by file name), from \`catalog/icons/\`; served at
  \`/icons/<file>\`.
- \`deprecations.ts\`: the Deprecation/Sunset rules of endpoints and tools (empty when nothing is deprecated).
- \`developer-docs.ts\` and \`docs/developers.md\`: the developer reference (served at /developers), as a module and
  as Markdown.
- \`cost-systems.ts\`: the cost tables by system, the cost tool serving each system, every cost tool (the
  website's calculator pages) and the materials' display names, from \`data/costs/\` and the cost tools' YAML.
- \`player-data.ts\`: the player data's types, its JSON Schema and the goal systems, from
  \`catalog/player-data.schema.yaml\`.
- \`data/\`: the game data as typed modules: \`costs/*.ts\` and \`reference/*.ts\` (one per file of \`data/\`), their
  types (\`types.ts\`, \`reference/types.ts\`) and the data release (\`version.ts\`).
- \`views/<view>.ts\`: one module per MCP Apps view with its self-contained HTML document (built from \`views/\`),
  and \`views/index.ts\`, every view's URI, title, tools and document.
- \`website/\`: the in-page WebMCP tools' types and metadata (\`tools.ts\`) and validators (\`validators.ts\`) from
  \`catalog/website/\`, and the bundled site script and stylesheet (\`script.ts\`, from \`site/\`).
`;

export function emitGeneratedReadme(): EmittedFiles {
  return new Map([['generated/README.md', README]]);
}
