/** Import circles fail `npm test` (scripts/test.sh); module and feature boundaries are ESLint's (eslint.config.js). */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle: break it by moving the shared part to where both sides may import it. ' +
        'Lazy import() counts too (decision 0030): the web shell lazy-loads screens, so a screen that ' +
        'imports the shell closes a circle; screens use platform/ instead.',
      from: {},
      to: { circular: true },
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
