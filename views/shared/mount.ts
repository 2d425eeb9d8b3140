/**
 * What every view shares: connect to the host, follow its theme, show where the call stands (waiting, running,
 * cancelled, failed) and hand a successful result to the view's renderer. A view is one call:
 * `mountView({ render })`. Codegen writes the document around it: <title> (the tool's catalogue title) and
 * `data-view` on the root (the view's name, as in ui://kingshot/<name>).
 *
 * The state is mirrored in `data-state` on the root element (waiting | running | rendered | failed | cancelled |
 * disconnected), which the stylesheet and the browser tests read.
 */
import { SERVER_VERSION } from '../../src/mcp/server-info.js';
import { h } from './dom.js';
import { formatter, type Formatter } from './format.js';
import { ViewConnection, type HostContext, type ToolResult } from './protocol.js';
import { ResultShapeError } from './read.js';
import { applyHostContext } from './theme.js';

export interface RenderContext {
  readonly format: Formatter;
  /** The view's title: the document's <title>, which codegen sets to the tool's catalogue title. */
  readonly title: string;
}

export interface ViewDefinition {
  /** One line saying what is being computed, from the tool arguments (shown while the tool runs). */
  describeInput?(args: Record<string, unknown>): string | undefined;
  /** The verb of that line: "Calculating" (the default, for the cost tools); a lookup says "Looking up". */
  runningVerb?: string;
  /**
   * Builds the view of a successful result; throws ResultShapeError (read.ts) when the value is not what it
   * expects. Any other error is shown as a failure too, never left at "Calculating…".
   */
  render(value: unknown, context: RenderContext): Node;
}

type Outcome = { ok: true; value: unknown } | { ok: false; message: string };

function textOf(result: ToolResult): string | undefined {
  const block = result.content?.find((c) => c.type === 'text');
  return block && 'text' in block && typeof block.text === 'string' ? block.text : undefined;
}

/** The JSON document a text content holds; undefined when there is no text or it is not JSON. */
function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * structuredContent when the host passed it on, else the JSON text content (the same document, so it is parsed
 * only when there is no structuredContent). A failure's message comes from the text.
 */
function outcomeOf(result: ToolResult): Outcome {
  if (result.isError) {
    const text = textOf(result);
    const error = (parseJson(text) as { error?: { message?: unknown } } | null | undefined)?.error;
    const message = typeof error?.message === 'string' ? error.message : (text ?? 'The tool reported an error.');
    return { ok: false, message };
  }
  const structured = result.structuredContent;
  if (structured !== undefined && structured !== null && typeof structured === 'object')
    return { ok: true, value: structured };
  const parsed = parseJson(textOf(result));
  if (parsed !== undefined) return { ok: true, value: parsed };
  return { ok: false, message: 'The tool result carries no data this view can read.' };
}

export function mountView(definition: ViewDefinition): void {
  const root = document.documentElement;
  // Codegen writes <main id="app"> into every view document (codegen/emit/views.ts viewDocument).
  const main = document.getElementById('app')!;
  let lastValue: unknown;
  let locale: string | undefined;
  const title = document.title;

  const show = (state: string, ...content: Node[]) => {
    root.dataset.state = state;
    main.replaceChildren(...content);
  };
  const status = (state: string, message: string, role: 'status' | 'alert' = 'status') =>
    show(state, h('h1', {}, title), h('p', { class: `status status-${state}`, role }, message));

  const render = (value: unknown) => {
    lastValue = value;
    try {
      show('rendered', definition.render(value, { format: formatter(locale), title }));
    } catch (error) {
      // Whatever went wrong, the user sees that this result cannot be shown and why, not a view stuck at "running".
      const why =
        error instanceof ResultShapeError
          ? error.message
          : `the view failed to draw it (${error instanceof Error ? error.message : String(error)})`;
      status('failed', `This result cannot be shown here: ${why}`, 'alert');
    }
  };

  status('waiting', 'Waiting for the tool result…');
  const connection = new ViewConnection({
    toolInput(args) {
      if (root.dataset.state !== 'waiting') return;
      const what = definition.describeInput?.(args);
      const verb = definition.runningVerb ?? 'Calculating';
      status('running', what ? `${verb} ${what}…` : `${verb}…`);
    },
    toolResult(result) {
      const outcome = outcomeOf(result);
      if (outcome.ok) render(outcome.value);
      else status('failed', outcome.message, 'alert');
    },
    toolCancelled(reason) {
      status('cancelled', reason ? `The tool call was cancelled: ${reason}` : 'The tool call was cancelled.');
    },
    hostContext(context: HostContext) {
      applyHostContext(context);
      const next = typeof context.locale === 'string' ? context.locale : undefined;
      if (next !== locale) {
        locale = next;
        if (root.dataset.state === 'rendered') render(lastValue);
      }
    },
  });
  const disconnected = () =>
    status(
      'disconnected',
      'This view is shown by an MCP Apps host; opened on its own it has no result to show.',
      'alert',
    );
  // A document that is not embedded has no host to wait for.
  if (window.parent === window) disconnected();
  else
    connection
      .connect({ name: `kingshot-${root.dataset.view ?? 'view'}`, version: SERVER_VERSION })
      .catch(disconnected);
}
