/**
 * One MCP endpoint's JSON-RPC methods. Takes a classified request and returns the response body; HTTP concerns
 * (headers, status codes, limits) stay in src/http.
 */
import type { DeprecationRule, EndpointMetadata } from '../../generated/catalog-types.js';
import type { Registry } from '../catalog/registry.js';
import type { AccountContext } from '../tools/context.js';
import { InitializeResponder } from './initialize.js';
import { errorBody, ErrorCode, resultBody, type JsonRpcRequest } from './jsonrpc.js';
import type { ProtocolVersion } from './protocol-versions.js';
import type { ResourceCatalog } from './resources.js';
import { ToolsCall, type CallOutcome } from './tools-call.js';
import { ToolsList } from './tools-list.js';

export interface RequestContext {
  readonly protocolVersion: ProtocolVersion;
  readonly now: Date;
  readonly baseUrl: string;
  /** The signed-in player (account endpoint only). */
  readonly account?: AccountContext;
}

export interface Reply {
  readonly body: string;
  /** Set when the reply involves a deprecated tool (for the Deprecation/Sunset headers). */
  readonly deprecation?: DeprecationRule;
}

function callReply(id: JsonRpcRequest['id'], outcome: CallOutcome): Reply {
  if (outcome.kind === 'error') return { body: errorBody(id, outcome.code, outcome.message) };
  return { body: resultBody(id, outcome.resultJson), ...(outcome.deprecation ? { deprecation: outcome.deprecation } : {}) };
}

const OFFERED = ['initialize', 'ping', 'tools/list', 'tools/call', 'resources/list', 'resources/read', 'resources/templates/list'];

export class McpServer {
  readonly endpoint: EndpointMetadata;
  readonly #initialize: InitializeResponder;
  readonly #toolsList: ToolsList;
  readonly #toolsCall: ToolsCall;
  readonly #resources: ResourceCatalog;

  constructor(options: { registry: Registry; endpoint: EndpointMetadata; resources: ResourceCatalog; baseUrl: string }) {
    this.endpoint = options.endpoint;
    this.#initialize = new InitializeResponder({ instructions: options.endpoint.instructions, websiteUrl: options.baseUrl });
    this.#toolsList = new ToolsList(options.registry, options.endpoint);
    this.#toolsCall = new ToolsCall(options.registry, options.endpoint);
    this.#resources = options.resources;
  }

  /** Synchronous when it can be (every method but a tool whose handler is asynchronous): a promise costs a tick. */
  handle(request: JsonRpcRequest, context: RequestContext): Reply | Promise<Reply> {
    const { id, params } = request;
    switch (request.method) {
      case 'initialize':
        return { body: resultBody(id, this.#initialize.resultJson(params.protocolVersion)) };
      case 'ping':
        return { body: resultBody(id, '{}') };
      case 'tools/list':
        return { body: resultBody(id, this.#toolsList.resultJson(context.protocolVersion, context.now)) };
      case 'tools/call': {
        const outcome = this.#toolsCall.call(params, context.protocolVersion, { now: context.now, baseUrl: context.baseUrl, endpoint: this.endpoint.path, ...(context.account ? { account: context.account } : {}) });
        return outcome instanceof Promise ? outcome.then((o) => callReply(id, o)) : callReply(id, outcome);
      }
      case 'resources/list':
        return { body: resultBody(id, this.#resources.listJson) };
      case 'resources/templates/list':
        return { body: resultBody(id, '{"resourceTemplates":[]}') };
      case 'resources/read': {
        if (typeof params.uri !== 'string') return { body: errorBody(id, ErrorCode.InvalidParams, 'resources/read needs params.uri (see resources/list).') };
        const json = this.#resources.readJson(params.uri);
        if (json === undefined) {
          return { body: errorBody(id, ErrorCode.ResourceNotFound, `Resource not found: ${params.uri.slice(0, 200)}. See resources/list.`, { uri: params.uri.slice(0, 200) }) };
        }
        return { body: resultBody(id, json) };
      }
      default:
        return { body: errorBody(id, ErrorCode.MethodNotFound, `Method not found: ${request.method.slice(0, 100)}. This server offers ${OFFERED.join(', ')}.`) };
    }
  }
}
