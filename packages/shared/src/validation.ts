import { z } from 'zod';

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
