/**
 * The view side of the MCP Apps host protocol (extension io.modelcontextprotocol/ui, spec 2026-01-26), written for
 * these views instead of bundling the official `App` class: `App` pulls in the MCP SDK's protocol layer and zod,
 * about 510 KB of minified script per view, where this file is a few kilobytes. It speaks the same messages as
 * `App` + `PostMessageTransport` from @modelcontextprotocol/ext-apps 1.7.5 (the types below are that package's),
 * and test/views/browser.ci.test.ts proves it against that package's host side (`AppBridge`) in Chromium.
 *
 * What it does: JSON-RPC 2.0 over postMessage with the parent window only; `ui/initialize` then
 * `ui/notifications/initialized`; tool input, tool result, cancellation and host-context notifications to callbacks;
 * answers `ping` and `ui/resource-teardown`, refuses other requests with -32601; and reports the document's size
 * with `ui/notifications/size-changed` whenever it changes (the same measurement `App` makes).
 */
import type {
  McpUiHostContext,
  McpUiInitializeRequest,
  McpUiInitializeResult,
  McpUiSizeChangedNotification,
  McpUiToolResultNotification,
} from '@modelcontextprotocol/ext-apps';

/** Protocol version of the MCP Apps extension these views implement (`LATEST_PROTOCOL_VERSION` in ext-apps 1.7.5). */
const MCP_APPS_PROTOCOL_VERSION = '2026-01-26';

export type ToolResult = McpUiToolResultNotification['params'];
export type HostContext = McpUiHostContext;

export interface ViewHandlers {
  /** Complete tool arguments (`ui/notifications/tool-input`). */
  toolInput?(args: Record<string, unknown>): void;
  /** The tool's CallToolResult (`ui/notifications/tool-result`). */
  toolResult(result: ToolResult): void;
  /** The call was cancelled (`ui/notifications/tool-cancelled`). */
  toolCancelled?(reason: string | undefined): void;
  /** The merged host context, at initialisation and after every `ui/notifications/host-context-changed`. */
  hostContext?(context: HostContext): void;
}

type Id = string | number;
interface JsonRpcMessage {
  jsonrpc: '2.0';
  id?: Id;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code: number; message: string };
}

const METHOD_NOT_FOUND = -32601;

export class ViewConnection {
  readonly #host: Window;
  readonly #handlers: ViewHandlers;
  readonly #pending = new Map<Id, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #context: HostContext = {};
  #lastSize = { width: 0, height: 0 };
  #sizeQueued = false;

  constructor(handlers: ViewHandlers, host: Window = window.parent) {
    this.#handlers = handlers;
    this.#host = host;
    window.addEventListener('message', (event) => {
      // Only the window that embeds the view speaks for the host; anything else could be another frame.
      if (event.source !== this.#host) return;
      const message = event.data as JsonRpcMessage | null;
      if (message === null || typeof message !== 'object' || message.jsonrpc !== '2.0') return;
      this.#receive(message);
    });
  }

  /** The handshake: `ui/initialize`, then `ui/notifications/initialized`; then size reports start. */
  async connect(appInfo: { name: string; version: string }): Promise<void> {
    // No app capabilities: the views call no host tools and send no messages or links.
    const params: McpUiInitializeRequest['params'] = {
      appInfo,
      appCapabilities: {},
      protocolVersion: MCP_APPS_PROTOCOL_VERSION,
    };
    const result = (await this.#request('ui/initialize', params)) as McpUiInitializeResult;
    this.#mergeContext(result.hostContext ?? {});
    this.#post({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
    this.#observeSize();
  }

  #request(method: string, params: Record<string, unknown>): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#post({ jsonrpc: '2.0', id, method, params });
    });
  }

  #post(message: JsonRpcMessage): void {
    // '*' because a sandboxed view has an opaque origin and cannot name the host's; the host checks event.source.
    this.#host.postMessage(message, '*');
  }

  #receive(message: JsonRpcMessage): void {
    if (message.method === undefined) {
      const pending = message.id === undefined ? undefined : this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id!);
      if (message.error) pending.reject(new Error(message.error.message));
      else pending.resolve(message.result);
      return;
    }
    if (message.id !== undefined) this.#answer(message.id, message.method);
    else this.#notify(message.method, message.params ?? {});
  }

  #answer(id: Id, method: string): void {
    if (method === 'ping') return this.#post({ jsonrpc: '2.0', id, result: {} });
    // Nothing to release before the host removes the view: it holds no resources outside its document.
    if (method === 'ui/resource-teardown') return this.#post({ jsonrpc: '2.0', id, result: {} });
    this.#post({ jsonrpc: '2.0', id, error: { code: METHOD_NOT_FOUND, message: `Method not found: ${method}` } });
  }

  #notify(method: string, params: Record<string, unknown>): void {
    switch (method) {
      case 'ui/notifications/tool-input':
        this.#handlers.toolInput?.((params.arguments as Record<string, unknown> | undefined) ?? {});
        break;
      case 'ui/notifications/tool-result':
        this.#handlers.toolResult(params as ToolResult);
        break;
      case 'ui/notifications/tool-cancelled':
        this.#handlers.toolCancelled?.(typeof params.reason === 'string' ? params.reason : undefined);
        break;
      case 'ui/notifications/host-context-changed':
        this.#mergeContext(params);
        break;
      default:
        // tool-input-partial and anything newer: nothing to do for a view that renders complete results.
        break;
    }
  }

  #mergeContext(update: HostContext): void {
    this.#context = { ...this.#context, ...update };
    this.#handlers.hostContext?.(this.#context);
  }

  /** Reports the content size after layout changes, at most once per frame and only when it changed. */
  #observeSize(): void {
    const report = () => {
      if (this.#sizeQueued) return;
      this.#sizeQueued = true;
      requestAnimationFrame(() => {
        this.#sizeQueued = false;
        const root = document.documentElement;
        // Measure the content, not the iframe: with height max-content the root is as tall as what it holds.
        const previous = root.style.height;
        root.style.height = 'max-content';
        const height = Math.ceil(root.getBoundingClientRect().height);
        root.style.height = previous;
        const width = Math.ceil(window.innerWidth);
        if (width === this.#lastSize.width && height === this.#lastSize.height) return;
        this.#lastSize = { width, height };
        const params: McpUiSizeChangedNotification['params'] = { width, height };
        this.#post({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params });
      });
    };
    report();
    const observer = new ResizeObserver(report);
    observer.observe(document.documentElement);
    observer.observe(document.body);
  }
}
