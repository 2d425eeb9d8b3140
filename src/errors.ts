/**
 * The one base of the service's own errors. Each kind has a stable `code` (jose's convention: `ERR_…`), so a caller
 * can switch on what went wrong without string-matching messages, and the compiler knows every code there is.
 * Library errors (oidc-provider's, the drivers') keep their own types. Ground layer: imports nothing from src/.
 */

export type ServiceErrorCode =
  /** A configuration variable is missing or malformed (config.ts); `problems` lists each. */
  | 'ERR_CONFIG_INVALID'
  /** The account store cannot be reached or is overloaded for now (store/errors.ts). */
  | 'ERR_STORE_UNAVAILABLE'
  /** A saved player document fails its schema (store/player-data.ts). */
  | 'ERR_STORED_DATA_INVALID'
  /** A one-time OAuth artefact (code, refresh token) was consumed by someone else first (store/oidc-adapter.ts). */
  | 'ERR_ALREADY_CONSUMED'
  /** A user account cannot be created or changed as asked (store/users.ts). */
  | 'ERR_USER_REJECTED'
  /** Too many password checks are already waiting (auth/hash-gate.ts). */
  | 'ERR_HASH_GATE_BUSY'
  /** The operator CLI cannot do what it was asked (cli/main.ts). */
  | 'ERR_CLI'
  /** The headless sign-in of the login tool failed (login/form-sign-in.ts). */
  | 'ERR_SIGN_IN_FAILED';

export class ServiceError<Code extends ServiceErrorCode = ServiceErrorCode> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** True when `error` is one of the service's own errors of the given kind. */
export function isServiceError<Code extends ServiceErrorCode>(error: unknown, code: Code): error is ServiceError<Code> {
  return error instanceof ServiceError && error.code === code;
}
