// Lists every function longer than 100 lines (STYLE.md: a function reads in one screen), found with the TypeScript
// compiler's parser; `npm run lint` runs it and fails when there is one. A route table may be longer: a
// function is exempt when every statement of its body only registers a route (`app.get(...)`, `route(...)`…).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const REPO = new URL('..', import.meta.url).pathname;
const LIMIT = 100;
const ROOTS = ['main', 'renderer', 'shared', 'sandbox', 'scripts', 'bench'];
const SKIP = new Set(['node_modules', 'out', 'dist', 'test-results']);
const ROUTE_METHODS = new Set(['get', 'post', 'put', 'delete', 'patch', 'all', 'use', 'on', 'route', 'mount']);

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path;
  }
}

function nameOf(node) {
  if (node.name !== undefined && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isCallExpression(parent) && ts.isVariableDeclaration(parent.parent) && ts.isIdentifier(parent.parent.name)) return parent.parent.name.text;
  return '(anonymous)';
}

/** A statement that only registers a route: `x.get('/path', handler)` or `route(...)`, or a declaration of constants. */
function registersRoute(statement) {
  if (ts.isVariableStatement(statement)) return true;
  if (ts.isReturnStatement(statement)) return true;
  if (!ts.isExpressionStatement(statement) || !ts.isCallExpression(statement.expression)) return false;
  const callee = statement.expression.expression;
  if (ts.isPropertyAccessExpression(callee)) return ROUTE_METHODS.has(callee.name.text);
  return ts.isIdentifier(callee) && /route/i.test(callee.text);
}

function isRouteTable(node) {
  const body = node.body;
  if (body === undefined || !ts.isBlock(body)) return false;
  return body.statements.some(ts.isExpressionStatement) && body.statements.every(registersRoute);
}

function longFunctions(files) {
  const found = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > LIMIT && !isRouteTable(node)) found.push({ file: relative(REPO, file), line: start + 1, name: nameOf(node), lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const found = longFunctions(ROOTS.flatMap((root) => [...sources(join(REPO, root))]));
for (const f of found) console.log(`TOO LONG ${f.lines} lines  ${f.name}  ${f.file}:${f.line}`);
if (found.length > 0) {
  console.error(`${found.length} function(s) over ${LIMIT} lines (STYLE.md): split them into cohesive helpers.`);
  process.exit(1);
}
console.log(`No function over ${LIMIT} lines outside route tables.`);
