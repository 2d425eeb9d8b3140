/**
 * generated/website/: the website's in-page WebMCP tools from catalog/website/ (metadata, input types, the
 * handler contract site/ implements, precompiled input validators) and the site script built from site/ (one
 * same-origin file the pages load, and the stylesheet its calculator chart needs). Nothing is emitted for a
 * catalogue without website tools.
 */
import { compile } from 'json-schema-to-typescript';
import { SITE_DIR } from '../build/site.js';
import type { Catalog, WebsiteToolEntry } from '../model.js';
import {
  addCompiledDeclarations,
  addConstant,
  banner,
  canonicalSchema,
  createProject,
  finish,
  newSourceFile,
  pascalCase,
  type EmittedFiles,
} from './shared.js';
import { addValidatorMap, standaloneValidatorsFile } from './validators.js';

const inputType = (tool: WebsiteToolEntry) =>
  tool.mcp_tool ? `${pascalCase(tool.mcp_tool)}Input` : `${pascalCase(tool.name)}WebsiteInput`;

export async function toolsModule(catalog: Catalog): Promise<string> {
  const project = createProject();
  const file = newSourceFile(project, 'generated/website/tools.ts');
  for (const tool of catalog.websiteTools) {
    if (tool.mcp_tool)
      file.addImportDeclaration({
        isTypeOnly: true,
        moduleSpecifier: `../tools/${tool.mcp_tool}/types.js`,
        namedImports: [inputType(tool)],
      });
  }
  for (const tool of catalog.websiteTools) {
    if (tool.mcp_tool) continue;
    addCompiledDeclarations(
      file,
      await compile(tool.inputSchema, inputType(tool), {
        bannerComment: '',
        additionalProperties: false,
        unknownAny: true,
        format: false,
      }),
    );
  }
  file.addTypeAlias({
    isExported: true,
    name: 'WebsiteToolName',
    docs: ['Every in-page tool of the website.'],
    type: catalog.websiteTools.map((t) => `'${t.name}'`).join(' | '),
  });
  file.addInterface({
    isExported: true,
    name: 'WebsiteTool',
    docs: ['What registerTool is given for one tool, less `execute`.'],
    properties: [
      { name: 'name', type: 'WebsiteToolName' },
      { name: 'title', type: 'string' },
      { name: 'description', type: 'string' },
      { name: 'inputSchema', type: 'Readonly<Record<string, unknown>>' },
      { name: 'annotations', type: '{ readOnlyHint: boolean }' },
      {
        name: 'mcpTool',
        type: 'string',
        hasQuestionToken: true,
        docs: ['The MCP tool whose contract (arguments and results) this one shares.'],
      },
    ],
  });
  file.addInterface({
    isExported: true,
    name: 'WebsiteToolResult',
    docs: [
      'An in-page tool result, shaped like an MCP tools/call result so bridges pass data and errors on faithfully.',
    ],
    properties: [
      { name: 'content', type: "{ type: 'text'; text: string }[]" },
      { name: 'structuredContent', type: 'Record<string, unknown>', hasQuestionToken: true },
      { name: 'isError', type: 'boolean' },
    ],
  });
  file.addInterface({
    isExported: true,
    name: 'WebsiteToolHandlers',
    typeParameters: ['Context'],
    docs: [
      'The contract site/ implements: one handler per catalogue entry, called with input that passed its validator.',
    ],
    methods: catalog.websiteTools.map((t) => ({
      name: t.name,
      docs: [`${t.title}.\n@see ${t.file}`],
      parameters: [
        { name: 'input', type: inputType(t) },
        { name: 'context', type: 'Context' },
      ],
      returnType: 'Promise<WebsiteToolResult>',
    })),
  });
  addConstant(file, {
    name: 'WEBSITE_TOOLS',
    type: 'readonly WebsiteTool[]',
    docs: 'Every in-page tool, sorted by name.',
    value: catalog.websiteTools.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: canonicalSchema(t.inputSchema),
      annotations: t.annotations,
      mcpTool: t.mcp_tool,
    })),
  });
  return finish(file, banner('catalog/website/*.yaml'));
}

export function validatorsModule(catalog: Catalog): string {
  const file = standaloneValidatorsFile(new Map(catalog.websiteTools.map((t) => [`${t.name}_input`, t.inputSchema])));
  file.insertImportDeclarations(0, [
    { isTypeOnly: true, moduleSpecifier: '../validators/input.js', namedImports: ['Validator'] },
    { isTypeOnly: true, moduleSpecifier: './tools.js', namedImports: ['WebsiteToolName'] },
  ]);
  addValidatorMap(file, {
    name: 'websiteInputValidators',
    keyType: 'WebsiteToolName',
    entries: catalog.websiteTools.map((t) => [t.name, `${t.name}_input`]),
  });
  return finish(
    file,
    `${banner('catalog/website/*.yaml (input schemas)')}// @ts-nocheck -- Ajv standalone output; the typed export is at the end.\n`,
  );
}

/** The two modules the site script imports (it is built from their text, by codegen/build/site.ts). */
export async function websiteModules(catalog: Catalog): Promise<EmittedFiles> {
  if (catalog.websiteTools.length === 0) return new Map();
  return new Map([
    ['generated/website/tools.ts', await toolsModule(catalog)],
    ['generated/website/validators.ts', validatorsModule(catalog)],
  ]);
}

/** `built` is the site script bundled from websiteModules' text; absent only for a catalogue without in-page tools. */
export async function emitWebsite(
  catalog: Catalog,
  built: { js: string; css: string } | undefined,
): Promise<EmittedFiles> {
  const files = await websiteModules(catalog);
  if (!built) return files;
  const project = createProject();
  const script = newSourceFile(project, 'generated/website/script.ts');
  addConstant(script, {
    name: 'WEBSITE_SCRIPT',
    type: 'string',
    docs: `The site script (${Buffer.byteLength(built.js)} bytes), served at /site/webmcp.js: registers the in-page tools where WebMCP exists and draws the calculator chart.`,
    value: built.js,
  });
  addConstant(script, {
    name: 'WEBSITE_STYLE',
    type: 'string',
    docs: `The stylesheet the script's parts need (${Buffer.byteLength(built.css)} bytes): the calculator pages inline it.`,
    value: built.css,
  });
  files.set(
    'generated/website/script.ts',
    finish(script, banner(`${SITE_DIR}/ and generated/website/{tools,validators}.ts`)),
  );
  return files;
}
