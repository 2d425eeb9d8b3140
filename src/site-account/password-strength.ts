/**
 * New passwords: 8 to 256 characters (credentials.ts, as the store requires), and not weak by zxcvbn's estimate
 * (@zxcvbn-ts with its common-password and English lists, the player's own email and name counted as guessable):
 * a score below 3 is refused with the estimator's own warning and suggestions shown beside the field. A long
 * password is cut to its first 100 characters for the estimate (zxcvbn's matching grows with the length; the
 * rest only adds strength).
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { passwordProblem } from '../credentials.js';

export const MIN_PASSWORD_SCORE = 3;
const ESTIMATED_LENGTH = 100;

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
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
