/** What the test host page records about the view it embeds (read by the test through page.evaluate). */
export interface HostState {
  initialized: boolean;
  sizes: { width?: number; height?: number }[];
  errors: string[];
  appInfo?: { name: string; version: string };
  appCapabilities?: unknown;
}
