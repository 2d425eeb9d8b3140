/**
 * The website's in-page WebMCP tools (catalog/website/<name>.yaml): the checks on one entry beyond its schema,
 * and its input schema, its own or the arguments of the MCP tool it shares a contract with (`mcp_tool`).
 */
import { createAjv } from '../ajv.js';
import { inlineRefs, type FragmentLoader } from './inline-refs.js';
import { servedArguments } from './keyed-arguments.js';
import type { SourceDocument } from './yaml.js';
import type { JsonSchema, ToolEntry, WebsiteToolEntry } from '../model.js';
import type { Problem } from '../problems.js';

type Authored = Omit<WebsiteToolEntry, 'file' | 'inputSchema'> & { inputSchema?: JsonSchema };

/** The entry of a schema-valid document, or undefined (problems recorded) when it names a missing MCP tool. */
export function websiteToolOf(
  doc: SourceDocument,
  tools: readonly ToolEntry[],
  loader: FragmentLoader,
  problems: Problem[],
): WebsiteToolEntry | undefined {
  const raw = doc.value as Authored;
  const expectedFile = `catalog/website/${raw.name}.yaml`;
  if (doc.file !== expectedFile)
    problems.push(
      doc.problem('/name', `website tool "${raw.name}" must live in ${expectedFile} (file name = tool name)`),
    );
  let inputSchema: JsonSchema;
  if (raw.mcp_tool !== undefined) {
    const shared = tools.find((t) => t.name === raw.mcp_tool);
    if (!shared) {
      problems.push(doc.problem('/mcp_tool', `"${raw.mcp_tool}" is not a tool in catalog/tools/`));
      return undefined;
    }
    // As tools/list serves it: a keyed argument takes any spelling, and the server turns it into the key.
    inputSchema = servedArguments(shared);
  } else {
    inputSchema = inlineRefs(raw.inputSchema, doc, ['inputSchema'], loader, problems) as JsonSchema;
    try {
      // Strict, and without formats: the schema also becomes a precompiled validator.
      createAjv({ formats: false }).compile(inputSchema);
    } catch (error) {
      problems.push(doc.problem('/inputSchema', `schema does not compile: ${(error as Error).message}`));
    }
  }
  const { mcp_tool, ...rest } = raw;
  return { ...rest, ...(mcp_tool !== undefined ? { mcp_tool } : {}), file: doc.file, inputSchema };
}
