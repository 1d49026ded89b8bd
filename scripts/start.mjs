// `npm start`, in plain JavaScript: nothing here or in the server it runs needs tsx or a devDependency.
//
// - NODE_ENV=production: runs the compiled server (dist/), built beforehand by `npm run build` (a
//   Docker image's build stage, a deploy script). It does not build: a production server needs no
//   build tools, and starts in about a second (docs/decisions/0056).
// - Otherwise: builds first, so that `npm ci && npm start` works on a fresh clone.
//
// The server runs in this process (imported, not spawned), so SIGTERM and SIGINT reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const BUILT = ['dist/server/main.js', 'dist/server/job-thread-main.js', 'dist/web/index.html'];

if (process.env.NODE_ENV === 'production') {
  const missing = BUILT.filter((file) => !existsSync(new URL(file, root)));
  if (missing.length > 0) {
    console.error(
      `Lodestone is not built (${missing.join(', ')} missing). Run \`npm run build\` first: with NODE_ENV=production, \`npm start\` runs the build it finds and does not make one.`,
    );
    process.exit(1);
  }
} else {
  // The npm that runs this script, or the one on the PATH.
  const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
  const build = spawnSync(npm[0], [...npm.slice(1), 'run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Stack traces name the TypeScript sources (the bundles' maps are beside them).
process.setSourceMapsEnabled(true);
await import('../dist/server/main.js');
