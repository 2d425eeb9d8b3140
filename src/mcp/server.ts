/**
 * One MCP endpoint's JSON-RPC methods. Takes a classified request and returns the response body; HTTP concerns
 * (headers, status codes, limits) stay in src/http.
 */
import type { DeprecationRule, EndpointMetadata } from '../../generated/metadata-types.js';
import type { Registry } from '../tool-registry/registry.js';
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

/** How a request ended, as metrics and logs count it (OpenTelemetry's `error.type` is `tool_error` for the second). */
export type ReplyOutcome = 'result' | 'tool_error' | 'protocol_error';

export interface Reply {
  readonly body: string;
  readonly outcome: ReplyOutcome;
  /** Set when the reply involves a deprecated tool (for the Deprecation/Sunset headers). */
  readonly deprecation?: DeprecationRule;
  /**
   * The result, when it is one of the endpoint's stored strings (tools/list, resources, initialize): the same request
   * gets the same body, so its bytes, compressed or not, are worth keeping (src/http/compression.ts).
   */
  readonly storedResult?: string;
}

function result(id: JsonRpcRequest['id'], resultJson: string): Reply {
  return { body: resultBody(id, resultJson), outcome: 'result' };
}

function storedResult(id: JsonRpcRequest['id'], resultJson: string): Reply {
  return { body: resultBody(id, resultJson), outcome: 'result', storedResult: resultJson };
}

function protocolError(body: string): Reply {
  return { body, outcome: 'protocol_error' };
}

function callReply(id: JsonRpcRequest['id'], outcome: CallOutcome): Reply {
  if (outcome.kind === 'error') return protocolError(errorBody(id, outcome.code, outcome.message));
  const body = resultBody(id, outcome.resultJson);
  const ended = outcome.toolError ? 'tool_error' : 'result';
  // Two literals rather than a spread: a spread object is built on V8's slow path, and this runs once a call.
  return outcome.deprecation ? { body, outcome: ended, deprecation: outcome.deprecation } : { body, outcome: ended };
}

const OFFERED = [
  'initialize',
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
];

export class McpServer {
  readonly endpoint: EndpointMetadata;
  readonly #initialize: InitializeResponder;
  readonly #toolsList: ToolsList;
  readonly #toolsCall: ToolsCall;
  readonly #resources: ResourceCatalog;

  constructor(options: {
    registry: Registry;
    endpoint: EndpointMetadata;
    resources: ResourceCatalog;
    baseUrl: string;
  }) {
    this.endpoint = options.endpoint;
    this.#initialize = new InitializeResponder({
      instructions: options.endpoint.instructions,
      websiteUrl: options.baseUrl,
    });
    this.#toolsList = new ToolsList(options.registry, options.endpoint, options.baseUrl);
    this.#toolsCall = new ToolsCall(options.registry, options.endpoint);
    this.#resources = options.resources;
  }

  /** Synchronous when it can be (every method but a tool whose handler is asynchronous): a promise costs a tick. */
  handle(request: JsonRpcRequest, context: RequestContext): Reply | Promise<Reply> {
    const { id, params } = request;
    switch (request.method) {
      case 'initialize':
        return storedResult(id, this.#initialize.resultJson(params.protocolVersion));
      case 'ping':
        return result(id, '{}');
      case 'tools/list':
        return storedResult(id, this.#toolsList.resultJson(context.protocolVersion, context.now));
      case 'tools/call': {
        const outcome = this.#toolsCall.call(params, context.protocolVersion, {
          now: context.now,
          baseUrl: context.baseUrl,
          endpoint: this.endpoint.path,
          ...(context.account ? { account: context.account } : {}),
        });
        return outcome instanceof Promise ? outcome.then((o) => callReply(id, o)) : callReply(id, outcome);
      }
      case 'resources/list':
        return storedResult(id, this.#resources.listJson);
      case 'resources/templates/list':
        return result(id, '{"resourceTemplates":[]}');
      case 'resources/read': {
        if (typeof params.uri !== 'string')
          return protocolError(
            errorBody(id, ErrorCode.InvalidParams, 'resources/read needs params.uri (see resources/list).'),
          );
        const json = this.#resources.readJson(params.uri);
        if (json === undefined) {
          return protocolError(
            errorBody(
              id,
              ErrorCode.ResourceNotFound,
              `Resource not found: ${params.uri.slice(0, 200)}. See resources/list.`,
              { uri: params.uri.slice(0, 200) },
            ),
          );
        }
        return storedResult(id, json);
      }
      default:
        return protocolError(
          errorBody(
            id,
            ErrorCode.MethodNotFound,
            `Method not found: ${request.method.slice(0, 100)}. This server offers ${OFFERED.join(', ')}.`,
          ),
        );
    }
  }
}
