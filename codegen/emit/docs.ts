/**
 * The developer reference (/developers, and generated/docs/developers.md in the repository): endpoints, tools,
 * arguments, availability, examples and the deprecation changelog, straight from the catalogue.
 */
import { servedArguments } from '../load/keyed-arguments.js';
import type { Catalog, JsonSchema, ToolEntry, WebsiteToolEntry } from '../model.js';
import { toolsServedBy } from './protocol.js';
import {
  addConstant,
  banner,
  createProject,
  finish,
  newSourceFile,
  printTemplateLiteral,
  type EmittedFiles,
} from './shared.js';

/**
 * A schema's type in words. `brief` (the argument tables, four columns on a phone) leaves out an object's keys: the
 * description names them, and a list of material keys would not fit beside it.
 */
function typeLabel(schema: JsonSchema, brief = false): string {
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map((s) => typeLabel(s, brief)).join(' or ');
  if (Array.isArray(schema.enum))
    return `one of ${(schema.enum as unknown[]).map((v) => `\`${String(v)}\``).join(', ')}`;
  const type = String(schema.type ?? 'any');
  const range =
    schema.minimum !== undefined && schema.maximum !== undefined
      ? ` ${String(schema.minimum)}-${String(schema.maximum)}`
      : '';
  if (type === 'object' && schema.properties) {
    return brief ? 'object' : `object {${Object.keys(schema.properties).join(', ')}}`;
  }
  if (type === 'array' && schema.items) return `array of ${typeLabel(schema.items as JsonSchema, brief)}`;
  return `${type}${range}`;
}

function cell(text: unknown): string {
  return String(text ?? '')
    .replaceAll('|', '\\|')
    .replaceAll('\n', ' ');
}

function propertyTable(schema: JsonSchema, withRequired: boolean): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const head = withRequired
    ? ['| Name | Type | Required | Description |', '| --- | --- | --- | --- |']
    : ['| Field | Type | Description |', '| --- | --- | --- |'];
  const rows = Object.entries(properties).map(([name, prop]) => {
    const extra = prop.default !== undefined ? ` Default: \`${JSON.stringify(prop.default)}\`.` : '';
    return withRequired
      ? `| \`${name}\` | ${cell(typeLabel(prop, true))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(prop.description)}${extra} |`
      : `| \`${name}\` | ${cell(typeLabel(prop))} | ${cell(prop.description)} |`;
  });
  return [...head, ...rows];
}

function availabilityLabel(catalog: Catalog, tool: ToolEntry): string {
  return catalog.endpoints
    .filter((e) => e.serves.includes(tool.availability))
    .map((e) => `\`${e.path}\``)
    .join(', ');
}

function toolSection(catalog: Catalog, tool: ToolEntry): string[] {
  const lines = [`### \`${tool.name}\`: ${tool.title}`, ''];
  if (tool.deprecation) {
    const d = tool.deprecation;
    lines.push(
      `> **Deprecated** since ${d.deprecated}; removed on ${d.sunset}.${d.replacement ? ` Use \`${d.replacement}\`.` : ''} ${d.notice}`,
      '',
    );
  }
  lines.push(
    tool.description,
    '',
    `Available on: ${availabilityLabel(catalog, tool)}.${tool.view ? ` View: \`${tool.view}\`.` : ''}`,
    '',
  );
  lines.push('**Arguments**', '', ...propertyTable(servedArguments(tool), true), '');
  lines.push(
    '**Result** (`structuredContent`, and the same JSON in the text content)',
    '',
    ...propertyTable(tool.result, false),
    '',
  );
  const example = tool.examples.find((e) => e.result);
  if (example) {
    lines.push(`**Example**: ${example.title}`, '', '```json');
    lines.push(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: tool.name, arguments: example.arguments },
      }),
    );
    lines.push(
      '```',
      '',
      'Returns, among other fields:',
      '',
      '```json',
      JSON.stringify(example.result, null, 2),
      '```',
      '',
    );
  }
  return lines;
}

function websiteToolSection(tool: WebsiteToolEntry): string[] {
  const kind = tool.annotations.readOnlyHint ? 'Read-only.' : 'Not read-only: it navigates the tab.';
  const shared = tool.mcp_tool ? ` Same arguments, results and errors as the MCP tool \`${tool.mcp_tool}\` above.` : '';
  const args =
    Object.keys(tool.inputSchema.properties ?? {}).length > 0
      ? ['**Arguments**', '', ...propertyTable(tool.inputSchema, true), '']
      : ['No arguments.', ''];
  return [`### \`${tool.name}\` (in page): ${tool.title}`, '', tool.description, '', `${kind}${shared}`, '', ...args];
}

function websiteToolsSection(catalog: Catalog): string[] {
  if (catalog.websiteTools.length === 0) return [];
  return [
    '## Website tools (WebMCP)',
    '',
    'Every page of the website (not the sign-in and consent pages) registers these in-page tools for an agent in the',
    'browser, through WebMCP (`document.modelContext.registerTool`, or `navigator.modelContext` in older Chromium;',
    "nothing where neither exists). They run on the page's own origin and return MCP-shaped results",
    '(`content`, `structuredContent`, `isError`); a failure has the same `{"error": {...}}` text as the MCP tools.',
    '',
    '| Tool | Title | Read-only |',
    '| --- | --- | --- |',
    ...catalog.websiteTools.map(
      (t) => `| \`${t.name}\` | ${cell(t.title)} | ${t.annotations.readOnlyHint ? 'yes' : 'no'} |`,
    ),
    '',
    ...catalog.websiteTools.flatMap(websiteToolSection),
  ];
}

export function developerMarkdown(catalog: Catalog): string {
  const lines = [
    '# Kingshot MCP: developer reference',
    '',
    'Every endpoint is stateless: each `POST` carries one JSON-RPC 2.0 message and gets one JSON response',
    '(`202` with no body for a notification). Send `Content-Type: application/json`, `Accept: application/json, text/event-stream`',
    'and, after `initialize`, the negotiated `MCP-Protocol-Version`. This page is generated from the catalogue.',
    '',
    '## Endpoints',
    '',
    '| Path | Auth | Tools | Status |',
    '| --- | --- | --- | --- |',
    ...catalog.endpoints.map(
      (e) =>
        `| \`${e.path}\` | ${e.auth === 'oauth' ? 'OAuth 2.1 bearer token' : 'none'} | ${toolsServedBy(catalog, e.path).length} | ${e.deprecation ? `deprecated, sunset ${e.deprecation.sunset}` : 'current'} |`,
    ),
    '',
    ...catalog.endpoints.flatMap((e) => [`- \`${e.path}\`: ${e.description}`]),
    '',
    '## Tools',
    '',
    '| Tool | Title | Available on | Status |',
    '| --- | --- | --- | --- |',
    ...catalog.tools.map(
      (t) =>
        `| \`${t.name}\` | ${cell(t.title)} | ${availabilityLabel(catalog, t)} | ${t.deprecation ? `deprecated, sunset ${t.deprecation.sunset}` : 'current'} |`,
    ),
    '',
    ...catalog.tools.flatMap((t) => toolSection(catalog, t)),
    ...websiteToolsSection(catalog),
    '## Tool failures',
    '',
    'Bad arguments, unknown levels and names that are not found are tool failures: HTTP `200`, `result.isError: true`,',
    'and a text content holding this JSON document (from protocol 2025-06-18 on, also as `structuredContent`: each',
    "tool's `outputSchema` is exactly one of its result and this document):",
    '',
    ...propertyTable((catalog.toolError.properties as Record<string, JsonSchema>).error!, false),
    '',
    'Protocol errors (malformed JSON-RPC, unknown methods, unknown tools) are JSON-RPC errors instead.',
    '',
    '## Accepted tool names',
    '',
    ...catalog.endpoints.flatMap((e) => [
      `- \`${e.path}\`: ${toolsServedBy(catalog, e.path)
        .map((t) => `\`${t.name}\``)
        .join(', ')}`,
    ]),
    '',
    '<a id="changelog"></a>',
    '',
    '## Changelog',
    '',
  ];
  const changes = [
    ...catalog.endpoints
      .filter((e) => e.deprecation)
      .map((e) => ({ what: `Endpoint \`${e.path}\``, d: e.deprecation! })),
    ...catalog.tools.filter((t) => t.deprecation).map((t) => ({ what: `Tool \`${t.name}\``, d: t.deprecation! })),
  ].sort((a, b) => a.d.deprecated.localeCompare(b.d.deprecated));
  if (changes.length === 0) lines.push('No deprecations are scheduled. Every tool and endpoint above is current.');
  for (const { what, d } of changes) {
    lines.push(
      `- ${what}: deprecated ${d.deprecated}, removed on ${d.sunset}.${d.replacement ? ` Replacement: \`${d.replacement}\`.` : ''} ${d.notice}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function emitDocs(catalog: Catalog): EmittedFiles {
  const markdown = developerMarkdown(catalog);
  const project = createProject();
  const module = newSourceFile(project, 'generated/developer-docs.ts');
  addConstant(module, {
    name: 'DEVELOPER_MARKDOWN',
    docs: 'The developer reference as Markdown (served at /developers; HTML is rendered from it).',
    initializer: printTemplateLiteral(markdown),
  });
  return new Map([
    ['generated/docs/developers.md', `${banner('catalog/**/*.yaml', 'md')}\n${markdown}`],
    ['generated/developer-docs.ts', finish(module, banner('catalog/**/*.yaml'))],
  ]);
}
