/**
 * Vitest global setup for the e2e run: starts the stack once (server + capture SMTP + mailbox)
 * and hands its coordinates to the spec workers through `provide`/`inject`.
 */
import type { TestProject } from 'vitest/node';
import { startMailbox } from './mailbox';
import { startStack } from './stack';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseURL: string;
    e2eAdminEmail: string;
    e2eAdminPassword: string;
    e2eDefaultPassword: string;
    e2eMailboxURL: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const seedDemo = process.env.E2E_MODE === 'screenshots';
  const stack = await startStack({ seedDemo });
  const mailbox = await startMailbox(stack.smtp!);
  console.log(
    `[e2e] server ${stack.baseURL} (data ${stack.dataDir})${seedDemo ? ', demo data' : ''}`,
  );
  project.provide('e2eBaseURL', stack.baseURL);
  project.provide('e2eAdminEmail', stack.adminEmail);
  project.provide('e2eAdminPassword', stack.adminPassword);
  project.provide('e2eDefaultPassword', stack.defaultPassword);
  project.provide('e2eMailboxURL', mailbox.url);
  return async () => {
    await mailbox.close();
    await stack.stop();
  };
}
