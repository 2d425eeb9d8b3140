import type { PlayerDataReader } from '../store/player-data.js';

/** What a tool handler may know about the request it serves. Everything else it needs is passed in explicitly. */
export interface ToolContext {
  /** The request's clock reading: handlers never read the system clock themselves. */
  readonly now: Date;
  /** Public base URL of the service, for links in results. */
  readonly baseUrl: string;
  /** Path of the endpoint the call arrived on (`/mcp`, `/mcp/account`). */
  readonly endpoint: string;
  /** The signed-in player, on endpoints that require a token (absent on /mcp). */
  readonly account?: AccountContext;
}

/** The signed-in player of the bearer token: read access to that player's data only. */
export interface AccountContext {
  readonly data: PlayerDataReader;
}
