import { execFileSync } from 'node:child_process';
import path from 'node:path';
import ts from 'typescript';

/**
 * Finds where the server puts together a checklist's answer by itself instead of asking the checklist
 * presenter (src/server/presenters/checklists.ts), for tests/rules/checklist-answers.test.ts:
 * - an object literal that TypeScript finds to be a whole Checklist, Task, ChecklistSummary, shared
 *   checklist answer, shared page's answers or realtime update message (each field there, of its type);
 * - a string or template that spells such JSON by hand (`"checklist":` or `"tasks":`).
 * Type-aware on purpose: a spread of a checklist with one field changed is caught however it is written.
 */

export const PRESENTER = 'src/server/presenters/checklists.ts';

const ANSWER_TYPES = [
  ['src/domain/checklist.ts', 'Checklist'],
  ['src/domain/checklist.ts', 'Task'],
  ['src/domain/checklist.ts', 'ChecklistSummary'],
  ['src/domain/sharing.ts', 'SharedChecklistResponse'],
  ['src/domain/sharing.ts', 'SharedPageAnswers'],
  ['src/domain/realtime.ts', 'ChecklistUpdateMessage'],
] as const;

const HAND_MADE_JSON = /"(checklist|tasks)":/;

export interface ChecklistBuilder {
  file: string;
  line: number;
  /** The answer type it makes, or 'JSON text'. */
  makes: string;
  code: string;
}

/** The server's source files the rule reads (not tests). */
export function serverSources(root: string): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src/server'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file) && !file.endsWith('.d.ts'));
}

/**
 * Every checklist builder outside the presenter in `files` (paths relative to `root`), and in the
 * `extra` sources given as text (path → text, as if they were files of the tree).
 */
export function findChecklistBuilders(
  root: string,
  files: readonly string[],
  extra: Record<string, string> = {},
): ChecklistBuilder[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const options = { ...config.options, noEmit: true };
  const virtual = new Map(Object.entries(extra).map(([file, text]) => [path.join(root, file), text]));
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, onError, create) => {
    const text = virtual.get(name);
    return text !== undefined
      ? ts.createSourceFile(name, text, language, true)
      : getSourceFile.call(host, name, language, onError, create);
  };
  const roots = [...files, ...Object.keys(extra), ...ANSWER_TYPES.map(([file]) => file)].map((file) =>
    path.join(root, file),
  );
  const program = ts.createProgram({ rootNames: [...new Set(roots)], options, host });
  const checker = program.getTypeChecker();

  const answerTypes = ANSWER_TYPES.map(([file, name]) => {
    const source = program.getSourceFile(path.join(root, file));
    const module = source && checker.getSymbolAtLocation(source);
    const symbol = module?.exports?.get(ts.escapeLeadingUnderscores(name));
    if (!symbol) throw new Error(`${name} is not exported by ${file}`);
    return { name, type: checker.getDeclaredTypeOfSymbol(symbol) };
  });

  const found: ChecklistBuilder[] = [];
  for (const file of [...files, ...Object.keys(extra)]) {
    if (file === PRESENTER) continue;
    const source = program.getSourceFile(path.join(root, file));
    if (!source) continue;
    const report = (node: ts.Node, makes: string) =>
      found.push({
        file,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        makes,
        code: node.getText(source).replace(/\s+/g, ' ').slice(0, 100),
      });
    const visit = (node: ts.Node) => {
      if (ts.isObjectLiteralExpression(node)) {
        const type = checker.getTypeAtLocation(node);
        const made = answerTypes.find((answer) => checker.isTypeAssignableTo(type, answer.type));
        if (made) report(node, made.name);
      } else if (
        (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) &&
        HAND_MADE_JSON.test(node.text)
      ) {
        report(node, 'JSON text');
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}
