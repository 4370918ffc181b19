/**
 * The size rule (docs/architecture.md "Small files", docs/decisions/0039): a source file under src/ holds at most
 * MAX_FILE_LINES lines and a function at most MAX_FUNCTION_LINES, counted from the line it starts on to
 * the line it ends on, nested functions included (a route plugin counts with its handlers, a component
 * with its callbacks). Tests and generated catalogs are not held to it.
 *
 * Known exceptions live in .size-exceptions.json with the size they had when listed. The list can only
 * shrink: a new violation fails, a listed one that grew fails, and a listed one that now fits (or is
 * gone) fails until it is taken off the list (`npm run check:size -- --baseline` rewrites it).
 */
import ts from 'typescript';

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 80;

/** Files the rule reads: TypeScript under src/, not tests, not generated code. */
export function isRuledSource(file) {
  return (
    /^src\/.*\.tsx?$/.test(file) &&
    !/\.test\.tsx?$/.test(file) &&
    !file.endsWith('.d.ts') &&
    !file.startsWith('src/web/i18n/compiled/')
  );
}

function lineCount(text) {
  if (text.length === 0) return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}

/** A function's name as a reader would look for it: its own, the variable, property or call it sits in. */
function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source);
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` ${first.text}` : '';
    return `${callee}(${label.trim()}) callback`;
  }
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return '(anonymous)';
}

/**
 * The violations of one file: `{ kind: 'file', name, file, lines }` when the file is too long and
 * `{ kind: 'function', name, file, line, lines }` for each function that is.
 */
export function measureSource(file, text) {
  const found = [];
  const lines = lineCount(text);
  if (lines > MAX_FILE_LINES) found.push({ kind: 'file', file, name: file, lines });
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = end - start + 1;
      if (length > MAX_FUNCTION_LINES)
        found.push({ kind: 'function', file, name: nameOf(node, source), line: start + 1, lines: length });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The key an exception is listed under: stable when lines move, distinct for two functions of one name. */
export function exceptionKey(violation, index = 0) {
  const base = violation.kind === 'file' ? violation.file : `${violation.file} ${violation.name}`;
  return index === 0 ? base : `${base} #${index + 1}`;
}

/** Keys every violation, numbering those that share a name in one file (in the order they appear). */
export function keyed(violations) {
  const seen = new Map();
  return violations.map((violation) => {
    const base = exceptionKey(violation);
    const index = seen.get(base) ?? 0;
    seen.set(base, index + 1);
    return { ...violation, key: exceptionKey(violation, index) };
  });
}

/**
 * Compares what was measured with the known exceptions (`{ [key]: lines }`): the problems to fail on,
 * each a sentence a developer can act on.
 */
export function judge(violations, exceptions) {
  const problems = [];
  const measured = new Map(keyed(violations).map((violation) => [violation.key, violation]));
  for (const [key, violation] of measured) {
    const where = violation.kind === 'file' ? violation.file : `${violation.file}:${violation.line}`;
    const limit = violation.kind === 'file' ? MAX_FILE_LINES : MAX_FUNCTION_LINES;
    const what = violation.kind === 'file' ? 'file' : `function ${violation.name}`;
    const allowed = exceptions[key];
    if (allowed === undefined)
      problems.push(`${where}: ${what} has ${violation.lines} lines (at most ${limit}): split it`);
    else if (violation.lines > allowed)
      problems.push(
        `${where}: ${what} grew to ${violation.lines} lines; it is a known exception at ${allowed} and may only shrink`,
      );
  }
  for (const key of Object.keys(exceptions)) {
    if (!measured.has(key))
      problems.push(
        `${key}: now within the rule (or gone): take it off .size-exceptions.json (npm run check:size -- --baseline)`,
      );
  }
  return problems;
}
