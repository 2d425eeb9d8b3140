// A few rules that catch real bugs, type-aware where the bug is about promises; prettier owns the format.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['generated/**', 'dist/**', 'node_modules/**', 'var/**', 'test-artifacts/**', 'bench-results/**'] },
  {
    files: ['**/*.ts', '**/*.mts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      'no-debugger': 'error',
    },
  },
  {
    // The views' test host page is type-checked with the views (views/tsconfig.json), not the root project.
    files: ['test/views/host/**/*.ts'],
    languageOptions: { parserOptions: { projectService: false, project: './views/tsconfig.json' } },
  },
);
