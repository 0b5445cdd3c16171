import { type SmtpInbox, startSmtpInbox } from '@iot/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { openBrowser } from './browser.js';
import { startServer } from './server.js';

export type Server = Awaited<ReturnType<typeof startServer>>;
export type Browser = Awaited<ReturnType<typeof openBrowser>>;

/** What `useDemoServer` starts for the tests of a file (or of the describe it is called in). */
export interface DemoServer {
  readonly inbox: SmtpInbox;
  readonly server: Server;
}

type BrowserOptions = { locale?: string; viewport?: { width: number; height: number } };

/** What `useDemoSuite` sets up: the server and its inbox, and a fresh browser for each test. */
export interface DemoSuite extends DemoServer {
  readonly browser: Browser;
  readonly page: Page;
  /** Closes the test's browser and opens another, in the suite's locale and viewport unless told. */
  reopenBrowser(options?: BrowserOptions): Promise<Browser>;
}

function ready<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`the suite's ${name} is only there inside its tests and hooks`);
  return value;
}

/**
 * Starts an SMTP inbox and the server mailing to it before all the tests, stops both after them. The demo data is
 * seeded unless `seedDemo` is false. Read the properties inside tests and hooks: they are set by the hooks.
 */
export function useDemoServer(options: { seedDemo?: boolean } = {}): DemoServer {
  let inbox: SmtpInbox | undefined;
  let server: Server | undefined;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startServer({ smtpUrl: inbox.url, seedDemo: options.seedDemo ?? true });
  });
  afterAll(async () => {
    await server?.stop();
    await inbox?.close();
  });

  return {
    get inbox() {
      return ready(inbox, 'inbox');
    },
    get server() {
      return ready(server, 'server');
    },
  };
}

/**
 * `useDemoServer`, and a browser of its own for each test (in `locale`, `en-US` unless told, at `viewport` if given),
 * closed after it. Vitest runs the `before` hooks a file registers after this call after these (and its `after` hooks
 * before these), so they can use the server.
 */
export function useDemoSuite(options: BrowserOptions & { seedDemo?: boolean } = {}): DemoSuite {
  const demo = useDemoServer({ seedDemo: options.seedDemo });
  let browser: Browser | undefined;

  async function open({ locale = options.locale ?? 'en-US', viewport = options.viewport }: BrowserOptions) {
    const opened = await openBrowser({ locale });
    if (viewport) await opened.page.setViewportSize(viewport);
    return opened;
  }
  async function close() {
    const closing = browser;
    browser = undefined;
    await closing?.close();
  }

  beforeEach(async () => {
    browser = await open({});
  });
  afterEach(close);

  return {
    get inbox() {
      return demo.inbox;
    },
    get server() {
      return demo.server;
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get page() {
      return ready(browser, 'browser').page;
    },
    async reopenBrowser(reopen = {}) {
      await close();
      browser = await open(reopen);
      return browser;
    },
  };
}
