// `npm run dev`: the API (restarting on change) on :3000 and the web app with hot reload on :5173.
// The API runs from its TypeScript sources through tsx, so no build is needed; production
// (`npm run serve`) runs the build in apps/server/dist with plain Node instead.
import { spawn } from 'node:child_process';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/server.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATA_DIR: process.env.DATA_DIR ?? './data',
      // The pages come from Vite on :5173, which forwards /api here: requests carry that origin,
      // and links in mails must lead there.
      SITE_URL: process.env.SITE_URL ?? 'http://localhost:5173',
      WEB_BUILD_DIR: process.env.WEB_BUILD_DIR ?? './no-web-build',
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@synergie/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
