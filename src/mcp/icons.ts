/**
 * The `icons` of the server and of each tool (MCP 2025-11-25 `Icon`), pointing at the files the service serves at
 * /icons/<file> (src/pages/icon-routes.ts). Absolute URLs: a client fetches them from its own side.
 */
import { ICON_FILES, SERVER_ICON_FILE, TOOL_ICON_FILES } from '../../generated/icons.js';

export const ICON_ROUTE = '/icons';

export interface Icon {
  src: string;
  mimeType: 'image/svg+xml';
  sizes: ['any'];
}

function iconList(baseUrl: string, file: string | undefined): Icon[] | undefined {
  if (file === undefined || ICON_FILES[file] === undefined) return undefined;
  return [{ src: `${baseUrl}${ICON_ROUTE}/${file}`, mimeType: 'image/svg+xml', sizes: ['any'] }];
}

export function serverIcons(baseUrl: string): Icon[] | undefined {
  return iconList(baseUrl, SERVER_ICON_FILE);
}

export function toolIcons(baseUrl: string, toolName: string): Icon[] | undefined {
  return iconList(baseUrl, TOOL_ICON_FILES[toolName]);
}
