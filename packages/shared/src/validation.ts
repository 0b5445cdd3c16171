import { z } from 'zod';
import { isMessageCode, type Message, messageOf } from './messages.js';

/**
 * Zod reports every issue as a message code of `messages.ts`, never as English prose, so the server and the web app
 * translate the same code. A missing value is `validation.required`; anything else without its own code is
 * `validation.invalid`.
 */
z.config({
  customError: (issue) =>
    issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid',
});

export { z };

/**
 * The message of a zod issue (or of fastify's copy of one, its fields spread): a text over its length limit names
 * the limit, so the user knows how much to cut; any other issue keeps its code.
 */
export function issueMessage(issue: { code?: string; message: string; origin?: unknown; maximum?: unknown }): Message {
  if (issue.message === 'validation.too_long' && issue.code === 'too_big' && issue.origin === 'string')
    return messageOf('validation.max_length', { max: Number(issue.maximum) });
  return isMessageCode(issue.message) ? issue.message : 'validation.invalid';
}
