#!/usr/bin/env node
// `npm run dev`: the API (restarted on change) on API_PORT behind Vite with hot reload on PORT.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '5000';
const apiPort = process.env.API_PORT ?? String(Number(port) + 1);
// Browsers reach everything through Vite, so the API must build its URLs (sign-in callback) from Vite's address.
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', PUBLIC_URL: publicUrl },
  }),
  spawn(bin('vite'), ['--port', port], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_PORT: apiPort, PUBLIC_URL: publicUrl },
  }),
];

const stop = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
