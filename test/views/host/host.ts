/**
 * The host side of the browser tests, bundled by esbuild and loaded by the host page (HOST_PAGE in ../browser.ts):
 * the official `AppBridge` and `PostMessageTransport` from @modelcontextprotocol/ext-apps 1.7.5 drive a view in a
 * sandboxed iframe, so the view's hand-written protocol code (views/shared/protocol.ts) is checked against the real
 * host implementation, schemas included. The test calls `window.host` through page.evaluate.
 */
import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { HostState } from './state.js';

type CallToolResult = Parameters<AppBridge['sendToolResult']>[0];

class TestHost {
  readonly state: HostState = { initialized: false, sizes: [], errors: [] };
  #bridge?: AppBridge;
  #iframe?: HTMLIFrameElement;

  /** Embeds the view like an MCP Apps host (sandbox="allow-scripts": opaque origin) and completes the handshake. */
  async load(src: string, hostContext: McpUiHostContext, width: number): Promise<HostState> {
    const iframe = document.createElement('iframe');
    iframe.id = 'view';
    iframe.setAttribute('sandbox', 'allow-scripts');
    iframe.title = 'MCP App view';
    iframe.style.width = `${width}px`;
    iframe.style.height = '120px';
    document.body.append(iframe);
    this.#iframe = iframe;

    const bridge = new AppBridge(
      null,
      { name: 'kingshot-test-host', version: '1.0.0' },
      { openLinks: {}, logging: {} },
      { hostContext },
    );
    bridge.onsizechange = (size) => {
      this.state.sizes.push(size);
      // What hosts do with the report: fit the frame to the content's height.
      if (size.height !== undefined) iframe.style.height = `${size.height}px`;
    };
    bridge.onerror = (error) => this.state.errors.push(`bridge: ${error.message}`);
    const initialized = new Promise<void>((resolve) => {
      bridge.oninitialized = () => {
        this.state.initialized = true;
        this.state.appInfo = bridge.getAppVersion();
        this.state.appCapabilities = bridge.getAppCapabilities();
        resolve();
      };
    });
    // Listen before the view's script runs: connect to the frame's window first, then navigate it.
    const transport = new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!);
    transport.onerror = (error) => this.state.errors.push(`transport: ${error.message}`);
    await bridge.connect(transport);
    this.#bridge = bridge;
    iframe.src = src;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no handshake within 5 s; host errors: ${JSON.stringify(this.state.errors)}`)),
        5_000,
      );
    });
    await Promise.race([initialized, timeout]).finally(() => clearTimeout(timer));
    return this.state;
  }

  #live(): AppBridge {
    if (!this.#bridge) throw new Error('no view loaded');
    return this.#bridge;
  }

  sendInput(args: Record<string, unknown>): Promise<void> {
    return this.#live().sendToolInput({ arguments: args });
  }

  sendResult(result: CallToolResult): Promise<void> {
    return this.#live().sendToolResult(result);
  }

  sendCancelled(reason: string): Promise<void> {
    return this.#live().sendToolCancelled({ reason });
  }

  setContext(context: McpUiHostContext): void {
    this.#live().setHostContext(context);
  }

  setWidth(width: number): void {
    this.#iframe!.style.width = `${width}px`;
  }

  /** ui/resource-teardown: resolves with the view's answer. */
  teardown(): Promise<Record<string, unknown>> {
    return this.#live().teardownResource({});
  }
}

(window as unknown as { host: TestHost }).host = new TestHost();
