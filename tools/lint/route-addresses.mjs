// The lint rule `routes/address-from-table`: an in-app address is built with `pathTo(<TABLE>.<id>, …)`
// from the areas' route tables (domain/src/schemas/routes/<remote>.ts), never spelled as text, so that
// changing a screen's address is one edit of its table.
import { readdirSync, readFileSync } from 'node:fs';

const TABLES_FOLDER = new URL('../../domain/src/schemas/routes/', import.meta.url);

const specificity = (pattern) =>
  pattern.split('/').reduce((score, segment) => score + (segment.startsWith(':') ? 3 : 10), 0);

/**
 * Every route of the tables as `{ table, id, pattern }`, the most specific first, read from the
 * sources (ESLint's configuration cannot import TypeScript). Each entry is `id: route('/pattern', …)`
 * inside `export const X_ROUTES = {`; a declaration of another shape stops the lint rather than
 * leave its address unchecked.
 */
function readRouteTables() {
  const routes = [];
  for (const file of readdirSync(TABLES_FOLDER).filter(
    (name) => name.endsWith('.ts') && name !== 'route.ts',
  )) {
    const source = readFileSync(new URL(file, TABLES_FOLDER), 'utf8');
    const table = /export const (\w+_ROUTES) = \{/.exec(source)?.[1];
    const entries = [...source.matchAll(/(\w+): route\(\s*'([^']*)'/g)];
    const calls = source.match(/\broute\(/g)?.length ?? 0;
    if (!table || entries.length !== calls) {
      throw new Error(
        `tools/lint/route-addresses.mjs reads routes as \`id: route('/pattern', …)\` in \`export const X_ROUTES = {\`; ` +
          `domain/src/schemas/routes/${file} declares one otherwise.`,
      );
    }
    for (const [, id, pattern] of entries) routes.push({ table, id, pattern });
  }
  return routes.sort((a, b) => specificity(b.pattern) - specificity(a.pattern));
}

/** Read once per ESLint process, on the first file linted. */
let tableRoutes;

const EXPRESSION = Symbol('expression');

/** The path's segments, each a list of text and EXPRESSION pieces; a query or a fragment ends it. */
function segmentsOf(pieces) {
  const segments = [[]];
  for (const piece of pieces) {
    if (piece === EXPRESSION) {
      segments.at(-1).push(EXPRESSION);
      continue;
    }
    const end = piece.search(/[?#]/);
    const [first, ...rest] = (end === -1 ? piece : piece.slice(0, end)).split('/');
    if (first) segments.at(-1).push(first);
    for (const part of rest) segments.push(part ? [part] : []);
    if (end !== -1) break;
  }
  // React Router ignores trailing slashes.
  while (segments.length > 1 && segments.at(-1).length === 0) segments.pop();
  return segments;
}

const escapeRegExp = (text) => text.replace(/[\\.*+^${}|()[\]?]/g, '\\$&');

/** Whether a segment of the text can be a segment of the pattern: any value fills a parameter. */
function segmentFits(pieces, patternSegment) {
  if (patternSegment.startsWith(':')) return pieces.length > 0;
  const source = pieces.map((piece) => (piece === EXPRESSION ? '.*' : escapeRegExp(piece))).join('');
  return new RegExp(`^${source}$`, 'i').test(patternSegment);
}

const isStatic = (pieces) => pieces.length > 0 && pieces.every((piece) => piece !== EXPRESSION);

/**
 * The route whose address the pieces spell, or undefined; the most specific of several. The text
 * must spell one of the route's static segments itself: `/${x}` alone names no screen.
 */
function routeSpelledBy(pieces, routes) {
  if (typeof pieces[0] !== 'string' || !pieces[0].startsWith('/')) return undefined;
  const text = segmentsOf(pieces);
  return routes.find(({ pattern }) => {
    const segments = pattern === '/' ? [''] : pattern.split('/');
    return (
      segments.length === text.length &&
      segments.every((segment, index) => segmentFits(text[index], segment)) &&
      (pattern === '/' ||
        segments.some(
          (segment, index) =>
            index > 0 &&
            !segment.startsWith(':') &&
            isStatic(text[index]) &&
            segmentFits(text[index], segment),
        ))
    );
  });
}

/** String methods whose argument is a separator or a prefix, never a link. */
const STRING_METHODS = new Set([
  'split',
  'join',
  'startsWith',
  'endsWith',
  'includes',
  'indexOf',
  'lastIndexOf',
]);

const isStringMethodArgument = (node) =>
  node.parent?.type === 'CallExpression' &&
  node.parent.arguments.includes(node) &&
  node.parent.callee.type === 'MemberExpression' &&
  STRING_METHODS.has(node.parent.callee.property.name);

const addressFromTable = {
  meta: {
    type: 'problem',
    docs: {
      description: 'In-app addresses are built from the route tables with pathTo, never spelled as text.',
    },
    messages: {
      useTable:
        "'{{text}}' is the address of {{table}}.{{id}} ('{{pattern}}'): build it with pathTo({{table}}.{{id}}{{params}}) from @formularze/domain/schemas.",
    },
    schema: [],
  },
  create(context) {
    tableRoutes ??= readRouteTables();
    const check = (node, pieces, text) => {
      if (isStringMethodArgument(node)) return;
      const route = routeSpelledBy(pieces, tableRoutes);
      if (!route) return;
      const names = route.pattern.match(/:[\w-]+/g)?.map((name) => name.slice(1)) ?? [];
      context.report({
        node,
        messageId: 'useTable',
        data: {
          text,
          table: route.table,
          id: route.id,
          pattern: route.pattern,
          params: names.length ? `, { ${names.join(', ')} }` : '',
        },
      });
    };
    return {
      Literal(node) {
        if (typeof node.value !== 'string') return;
        if (
          [
            'ImportDeclaration',
            'ExportNamedDeclaration',
            'ExportAllDeclaration',
            'ImportExpression',
          ].includes(node.parent?.type)
        ) {
          return;
        }
        check(node, [node.value], node.value);
      },
      TemplateLiteral(node) {
        if (node.parent?.type === 'TaggedTemplateExpression') return;
        const pieces = node.quasis.flatMap((quasi, index) =>
          index < node.expressions.length
            ? [quasi.value.cooked ?? '', EXPRESSION]
            : [quasi.value.cooked ?? ''],
        );
        check(node, pieces, context.sourceCode.getText(node).slice(1, -1));
      },
    };
  },
};

export default { rules: { 'address-from-table': addressFromTable } };
