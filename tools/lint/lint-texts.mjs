// Lints texts as if they were files of the repository, with its ESLint configuration, and prints the
// rules each one breaks: `node tools/lint/lint-texts.mjs '[{"file":"domain/src/x.ts","code":"…"}]'`.
// A separate process because jest's module system cannot load ESLint's configuration (an ES module).
import { ESLint } from 'eslint';

const texts = JSON.parse(process.argv[2]);
// Ignore patterns are off: a planted file may sit where the repository's lint never looks.
const eslint = new ESLint({ ignore: false });
const results = await Promise.all(
  texts.map(async ({ file, code }) => {
    const [result] = await eslint.lintText(code, { filePath: file });
    return result.messages.map((message) => message.ruleId);
  }),
);
process.stdout.write(JSON.stringify(results));
