import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules (.dependency-cruiser.cjs) catch what they say they catch: each deliberately bad import
 * below, written into a small tree of the same shape as this repository, makes the very command `npm
 * test` runs fail and name its rule; the same tree with the import made right passes.
 */
const root = path.resolve(import.meta.dirname, '../..');
let tree: string;

beforeAll(() => {
  tree = mkdtempSync(path.join(tmpdir(), 'listsync-layer-rules-'));
  copyFileSync(path.join(root, '.dependency-cruiser.cjs'), path.join(tree, '.dependency-cruiser.cjs'));
  copyFileSync(path.join(root, 'tsconfig.json'), path.join(tree, 'tsconfig.json'));
  writeFileSync(path.join(tree, 'known.json'), '[]\n');
  symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
});

afterAll(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
});

/** Writes the files (path → text) into a fresh src/ of the tree and runs the layer check over it. */
function cruise(files: Record<string, string>): { status: number | null; output: string } {
  rmSync(path.join(tree, 'src'), { recursive: true, force: true });
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  }
  const run = spawnSync(
    path.join(root, 'node_modules/.bin/depcruise'),
    ['--config', '.dependency-cruiser.cjs', '--ignore-known', 'known.json', 'src'],
    { cwd: tree, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const toast = {
  'src/web/components/ui/toast.tsx':
    "import { useToast } from '../../hooks/use-toast.ts';\nexport const Toaster = () => useToast;\n",
  'src/web/hooks/use-toast.ts': 'export const useToast = () => null;\n',
};

describe('layer rules', { timeout: 60_000 }, () => {
  it('refuses a vendor SDK imported by a service, and allows it in its adapter', () => {
    const bad = cruise({
      'src/server/services/billing.ts': "import Stripe from 'stripe';\nexport const sdk = Stripe;\n",
    });
    expect(bad.status).not.toBe(0);
    expect(bad.output).toContain('vendor-sdks-only-in-adapters');
    expect(bad.output).toContain('src/server/services/billing.ts');

    const good = cruise({
      'src/server/adapters/billing/stripe-billing.ts':
        "import Stripe from 'stripe';\nexport const sdk = Stripe;\n",
      'src/server/services/billing.ts':
        "import { sdk } from '../adapters/billing/stripe-billing.ts';\nexport const provider = sdk;\n",
    });
    expect(good.output).not.toContain('vendor-sdks-only-in-adapters');
    expect(good.status).toBe(0);
  });

  it('refuses the AWS SDK and nodemailer outside their adapters', () => {
    const bad = cruise({
      'src/server/services/photos.ts':
        "import { S3Client } from '@aws-sdk/client-s3';\nexport const c = S3Client;\n",
      'src/server/services/mail.ts': "import nodemailer from 'nodemailer';\nexport const m = nodemailer;\n",
    });
    expect(bad.status).not.toBe(0);
    expect(bad.output).toContain('src/server/services/photos.ts');
    expect(bad.output).toContain('src/server/services/mail.ts');
  });

  it('refuses a hook that imports a component, and allows the other way round', () => {
    const bad = cruise({
      ...toast,
      'src/web/hooks/use-billing.ts':
        "import { Toaster } from '../components/ui/toast.tsx';\nexport const useBilling = () => Toaster;\n",
    });
    expect(bad.status).not.toBe(0);
    expect(bad.output).toContain('web-hooks-not-components');

    const good = cruise({
      ...toast,
      'src/web/hooks/use-billing.ts':
        "import { useToast } from './use-toast.ts';\nexport const useBilling = () => useToast;\n",
    });
    expect(good.status).toBe(0);
  });

  it('keeps http/ in its three folders, plugins below routes and pages', () => {
    const loose = cruise({
      'src/server/http/session.ts': "import { x } from './plugins/errors.ts';\nexport const y = x;\n",
      'src/server/http/plugins/errors.ts': 'export const x = 1;\n',
    });
    expect(loose.status).not.toBe(0);
    expect(loose.output).toContain('http-files-by-kind');

    const upward = cruise({
      'src/server/http/plugins/errors.ts':
        "import { checklistRoutes } from '../routes/checklists.ts';\nexport const x = checklistRoutes;\n",
      'src/server/http/routes/checklists.ts': 'export const checklistRoutes = 1;\n',
    });
    expect(upward.status).not.toBe(0);
    expect(upward.output).toContain('http-plugins-below-routes-and-pages');

    const sideways = cruise({
      'src/server/http/routes/auth.ts':
        "import { checklistRoutes } from './checklists.ts';\nexport const authRoutes = checklistRoutes;\n",
      'src/server/http/routes/checklists.ts': 'export const checklistRoutes = 1;\n',
    });
    expect(sideways.status).not.toBe(0);
    expect(sideways.output).toContain('http-routes-and-pages-apart');

    const good = cruise({
      'src/server/http/plugins/errors.ts': 'export const x = 1;\n',
      'src/server/http/routes/checklists.ts':
        "import { x } from '../plugins/errors.ts';\nexport const checklistRoutes = x;\n",
      'src/server/http/pages/web-app.ts':
        "import { x } from '../plugins/errors.ts';\nexport const page = x;\n",
    });
    expect(good.status).toBe(0);
  });

  it('refuses a route that queries the database itself', () => {
    const bad = cruise({
      'src/server/repositories/checklists.ts': 'export const readChecklistRow = () => null;\n',
      'src/server/http/routes/checklists.ts':
        "import { readChecklistRow } from '../../repositories/checklists.ts';\nexport const r = readChecklistRow;\n",
    });
    expect(bad.status).not.toBe(0);
    expect(bad.output).toContain('routes-through-services');
  });
});
