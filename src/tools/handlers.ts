/**
 * Every tool handler. Typed against the generated `ToolHandlers` contract: a catalogue entry without a handler
 * here (or a handler for a tool that left the catalogue) fails `tsc`.
 */
import type { ToolHandlers } from '../../generated/tools/index.js';
import type { ToolContext } from './context.js';
import { accountHandlers } from './account-handlers.js';
import { costHandlers } from './cost-handlers.js';
import { planHandlers } from './plan-handlers.js';
import { referenceHandlers } from './reference-handlers.js';

export const toolHandlers: ToolHandlers<ToolContext> = {
  ...costHandlers,
  ...planHandlers,
  ...referenceHandlers,
  ...accountHandlers,
};
