/**
 * New passwords: 8 to 256 characters (credentials.ts, as the store requires), and not weak by zxcvbn's estimate
 * (@zxcvbn-ts with its common-password and English lists, the player's own email and name counted as guessable):
 * a score below 3 is refused with the estimator's own warning and suggestions shown beside the field. A long
 * password is cut to its first 100 characters for the estimate (zxcvbn's matching grows with the length; the
 * rest only adds strength).
 */
import { createRequire } from 'node:module';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type * as CommonWords from '@zxcvbn-ts/language-common';
import type * as EnglishWords from '@zxcvbn-ts/language-en';
import { passwordProblem } from '../credentials.js';

/**
 * The estimator and its word lists load on the first password checked, not with the service: the language packages
 * decompress their dictionaries when imported, which was the largest single cost of starting the service (about
 * 100 ms of CPU and its garbage, in a CPU profile of the app's import), paid by every start for a form few use.
 */
const load = createRequire(import.meta.url);

export const MIN_PASSWORD_SCORE = 3;
const ESTIMATED_LENGTH = 100;

let estimator: ZxcvbnCore.ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnCore.ZxcvbnFactory {
  if (estimator) return estimator;
  const core = load('@zxcvbn-ts/core') as typeof ZxcvbnCore;
  const common = load('@zxcvbn-ts/language-common') as typeof CommonWords;
  const english = load('@zxcvbn-ts/language-en') as typeof EnglishWords;
  estimator = new core.ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
  });
  return estimator;
}

/** Why a new password is refused (a sentence, and the estimator's suggestions), or undefined when it is accepted. */
export function newPasswordProblem(
  password: string,
  userInputs: readonly string[] = [],
): { message: string; suggestions: string[] } | undefined {
  const length = passwordProblem(password);
  if (length) return { message: `${length[0]!.toUpperCase()}${length.slice(1)}.`, suggestions: [] };
  const inputs = userInputs.flatMap((input) => [input, ...input.split(/[@.\s_-]+/)]).filter((s) => s.length >= 3);
  const result = zxcvbn().check(password.slice(0, ESTIMATED_LENGTH), inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const warning = result.feedback.warning;
  return {
    message: `This password is too easy to guess.${warning ? ` ${warning}` : ''} Choose a longer one, e.g. a few unrelated words.`,
    suggestions: result.feedback.suggestions,
  };
}
