/**
 * The service's own errors share one base: each keeps its class (instanceof), its message and its name, and carries
 * its stable code. The operator CLI chooses its message by that code.
 */
import { describe, expect, it } from 'vitest';
import { HashGateBusy } from '../src/auth/hash-gate.js';
import { CliError, operatorError } from '../src/cli/main.js';
import { ConfigError } from '../src/config.js';
import { isServiceError, ServiceError } from '../src/errors.js';
import { SignInError } from '../src/login/form-sign-in.js';
import { describeStoreError, StoreUnavailableError } from '../src/store/errors.js';
import { AlreadyConsumedError } from '../src/store/oidc-adapter.js';
import { StoredDataError } from '../src/store/errors.js';
import { UserError } from '../src/store/users.js';

describe('the service errors', () => {
  const cases: [ServiceError, Function, string, string, string][] = [
    [new HashGateBusy(), HashGateBusy, 'HashGateBusy', 'ERR_HASH_GATE_BUSY', 'too many password checks are waiting'],
    [
      new ConfigError(['PORT must be a number', 'BASE_URL is missing']),
      ConfigError,
      'ConfigError',
      'ERR_CONFIG_INVALID',
      'invalid configuration:\n  - PORT must be a number\n  - BASE_URL is missing',
    ],
    [new CliError('unknown command "x"'), CliError, 'CliError', 'ERR_CLI', 'unknown command "x"'],
    [
      new SignInError('the sign-in form was refused'),
      SignInError,
      'SignInError',
      'ERR_SIGN_IN_FAILED',
      'the sign-in form was refused',
    ],
    [
      new UserError('no user with email a@example.com'),
      UserError,
      'UserError',
      'ERR_USER_REJECTED',
      'no user with email a@example.com',
    ],
    [
      new AlreadyConsumedError('AuthorizationCode'),
      AlreadyConsumedError,
      'AlreadyConsumedError',
      'ERR_ALREADY_CONSUMED',
      'AuthorizationCode already consumed',
    ],
    [
      new StoredDataError('inventory', 'not JSON'),
      StoredDataError,
      'StoredDataError',
      'ERR_STORED_DATA_INVALID',
      'stored inventory is invalid: not JSON',
    ],
    [
      new StoreUnavailableError(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
      StoreUnavailableError,
      'StoreUnavailableError',
      'ERR_STORE_UNAVAILABLE',
      'the store is unavailable: connect ECONNREFUSED 127.0.0.1:5432',
    ],
  ];
  it.each(cases)('%s keeps its class, name and message and carries its code', (error, kind, name, code, message) => {
    expect(error).toBeInstanceOf(kind);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(isServiceError(error, error.code)).toBe(true);
  });

  it('tells a kind by its code, not by its message', () => {
    expect(isServiceError(new UserError('ERR_CLI'), 'ERR_CLI')).toBe(false);
    expect(isServiceError(Object.assign(new Error('x'), { code: 'ERR_CLI' }), 'ERR_CLI')).toBe(false);
  });

  it('keeps the cause of an unreachable store, and its code is not mistaken for a driver code in the logs', () => {
    const cause = new Error('Connection terminated unexpectedly');
    const outage = new StoreUnavailableError(cause);
    expect(outage.cause).toBe(cause);
    expect(describeStoreError(outage)).toBe('the store is unavailable: Connection terminated unexpectedly');
  });
});

describe('the operator CLI reports the failures it expects by kind', () => {
  it('says what went wrong for a refused command, user or configuration', () => {
    expect(operatorError(new CliError('unknown command "x"'))).toBe('unknown command "x"');
    expect(operatorError(new UserError('a user with email a@example.com already exists'))).toBe(
      'a user with email a@example.com already exists',
    );
    expect(operatorError(new ConfigError(['PORT must be a number']))).toBe(
      'invalid configuration:\n  - PORT must be a number',
    );
  });

  it('tells how to repair invalid stored data', () => {
    expect(operatorError(new StoredDataError('goals', 'not JSON'))).toBe(
      'stored goals is invalid: not JSON; import a file with that section to replace it',
    );
  });

  it('says an unreachable store left the command undone, also when the outage is the cause of another error', () => {
    const outage = new StoreUnavailableError(
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    );
    const expected =
      'the store is unavailable: connect ECONNREFUSED 127.0.0.1:5432; the command did not complete (an import is all or nothing), run it again once the database is reachable';
    expect(operatorError(outage)).toBe(expected);
    expect(operatorError(new Error('the import failed', { cause: outage }))).toBe(
      'the import failed; the command did not complete (an import is all or nothing), run it again once the database is reachable',
    );
  });

  it('leaves any other failure to be thrown with its stack', () => {
    expect(operatorError(new Error('a bug'))).toBeUndefined();
    expect(operatorError(new HashGateBusy())).toBeUndefined();
    expect(operatorError('a string')).toBeUndefined();
  });
});
