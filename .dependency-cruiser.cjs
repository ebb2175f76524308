/** Import circles fail `npm test` (scripts/test.sh); module and feature boundaries are ESLint's (eslint.config.js). */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle: break it by moving the shared part to where both sides may import it. ' +
        'A circle closed only through a lazy import() is not one: nothing runs in a circle at load ' +
        '(the shell lazy-loads pages, and the login page warms the next screen the same way).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
