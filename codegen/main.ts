/**
 * `npm run codegen`            validate catalog/ and data/, then rewrite generated/ from scratch and the README's
 *                              tool tables (between their markers).
 * `npm run codegen -- --check` validate and compare; write nothing; exit 1 listing every stale file.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.js';
import { CatalogInvalidError, formatProblem } from './problems.js';
import { README } from './load/files.js';
import { checkOutput, writeOutput } from './write.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const check = process.argv.includes('--check');

try {
  const files = await generate(root);
  if (check) {
    const report = checkOutput(root, files);
    const stale = [
      ...report.modified.map((f) =>
        f === README
          ? `  modified: ${README} (the tool tables between its GENERATED markers differ from catalog/tools/*.yaml \`readme\`; edit the YAML, not the table)`
          : `  modified: ${f}`,
      ),
      ...report.missing.map((f) => `  missing:  ${f}`),
      ...report.extra.map((f) => `  extra:    ${f}`),
    ];
    if (stale.length > 0) {
      process.stderr.write(
        `generated output is stale:\n${stale.join('\n')}\nRun \`npm run codegen\` and commit generated/ and ${README}.\n`,
      );
      process.exitCode = 1;
    } else {
      process.stdout.write(`generated/ and the README's tool tables are current (${files.size} files).\n`);
    }
  } else {
    writeOutput(root, files);
    process.stdout.write(`wrote ${files.size} files to generated/\n`);
  }
} catch (error) {
  if (error instanceof CatalogInvalidError) {
    process.stderr.write(
      `${error.problems.map(formatProblem).join('\n')}\n${error.problems.length} problem(s); nothing was written.\n`,
    );
    process.exitCode = 1;
  } else throw error;
}
