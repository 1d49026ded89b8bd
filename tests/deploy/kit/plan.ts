import { spawn } from 'node:child_process';
import { REPO_ROOT } from './lodestone.js';

/**
 * Puts the workspace of `ownerEmail` on `plan` as a self-hosting operator does it, with the plan
 * command (`npm run plan -- <email> <plan>`, scripts/plan.ts) against the servers' database.
 */
export function setPlanAsOperator(
  env: { DATABASE_URL: string; SECRET: string },
  ownerEmail: string,
  plan: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/plan.ts', ownerEmail, plan], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: env.DATABASE_URL, SECRET: env.SECRET, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output.trim()) : reject(new Error(`npm run plan -- ${ownerEmail} ${plan}: exit ${code}\n${output}`)),
    );
  });
}
