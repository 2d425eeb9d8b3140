/**
 * Registers the in-page tools with WebMCP: `document.modelContext` (current Chromium), else
 * `navigator.modelContext` (before Chrome 150), else nothing at all: most visitors' browsers have neither, and the
 * page stays silent for them. Each call's input is checked against the tool's catalogue schema first, with the
 * MCP tools' own messages for what is wrong.
 */
import { argumentsFailure } from '../src/mcp/argument-errors.js';
import { websiteInputValidators } from '../generated/website/validators.js';
import { WEBSITE_TOOLS, type WebsiteTool, type WebsiteToolResult } from '../generated/website/tools.js';
import { handlers, type PageContext } from './handlers.js';
import { failure } from './results.js';

interface ModelContextTool extends Omit<WebsiteTool, 'mcpTool'> {
  execute(input: unknown): Promise<WebsiteToolResult>;
}

interface ModelContext {
  registerTool(tool: ModelContextTool, options?: { signal?: AbortSignal }): unknown;
}

function modelContextOf(): ModelContext | undefined {
  const candidates = [
    (document as { modelContext?: unknown }).modelContext,
    (navigator as { modelContext?: unknown }).modelContext,
  ];
  return candidates.find((c): c is ModelContext => typeof (c as ModelContext | undefined)?.registerTool === 'function');
}

async function run(tool: WebsiteTool, input: unknown, context: PageContext): Promise<WebsiteToolResult> {
  const args = input ?? {};
  const validate = websiteInputValidators[tool.name];
  if (!validate(args)) return failure(argumentsFailure(validate.errors ?? [], tool.inputSchema));
  try {
    // The validator checked the input against this tool's schema, which is what its handler's type says.
    return await (handlers[tool.name] as (input: unknown, context: PageContext) => Promise<WebsiteToolResult>)(
      args,
      context,
    );
  } catch (error) {
    return failure({
      code: 'UNAVAILABLE',
      message: `${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/** How long open_page waits, after answering, before it moves the tab. */
const NAVIGATE_AFTER_MS = 200;

export function registerWebsiteTools(): void {
  const modelContext = modelContextOf();
  if (!modelContext) return;
  const context: PageContext = {
    get location() {
      return new URL(window.location.href);
    },
    // After the result has gone back to the agent: navigating first would end the page that must answer. The
    // result travels through the browser a task or more after execute() resolves, so a 0 ms timer sometimes won the
    // race (CI under load lost open_page's result that way); a short pause leaves it room.
    navigate: (url) => void setTimeout(() => window.location.assign(url.href), NAVIGATE_AFTER_MS),
    fetch: (input, init) => window.fetch(input, init),
  };
  let controller = new AbortController();
  const register = () => {
    controller = new AbortController();
    for (const tool of WEBSITE_TOOLS) {
      const { mcpTool: _shared, ...definition } = tool;
      try {
        const registered = modelContext.registerTool(
          { ...definition, execute: (input) => run(tool, input, context) },
          { signal: controller.signal },
        );
        // Some versions return a promise; a refusal (a name already taken by another script) is not the visitor's concern.
        if (registered instanceof Promise) registered.catch(() => undefined);
      } catch {
        // An older or stricter implementation that rejects the definition: the page works without it.
      }
    }
  };
  register();
  // Leaving the page unregisters its tools (WebMCP has no unregisterTool; the signal does it); a page the
  // back-forward cache brings back registers them again.
  window.addEventListener('pagehide', () => controller.abort());
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) register();
  });
}
