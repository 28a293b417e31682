// The import rules of the house (docs/architecture.md, "Allowed imports"), checked by `npm run lint:imports`.
// Tests and their helpers: may use the emulator and other test tools.
const TESTS = '(\\.test\\.tsx?$|/test/|testing\\.ts$|/test-[a-z-]+\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles: two files that need each other are one idea split wrong.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'features-stay-apart',
      severity: 'error',
      comment:
        'A web feature never imports another feature; shared code lives in lib/, components/ or a package.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'shared-web-code-below-features',
      severity: 'error',
      comment:
        'lib/, components/, stores/ and config/ serve the features; they never import a feature or a route.',
      from: { path: '^apps/web/src/(lib|components|stores|config)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The browser app never imports server code.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server never imports browser code.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'server-domains-not-routes',
      severity: 'error',
      comment:
        "A server domain never imports another domain's routes: what two domains share lives in the owner's other modules, or in http/, db/ or upstream/ (docs/architecture.md, \"The server's layout\").",
      from: { path: '^apps/server/src/([^/]+)/' },
      to: { path: '^apps/server/src/[^/]+/[a-z-]*routes\\.ts$', pathNot: '^apps/server/src/$1/' },
    },
    {
      name: 'server-plumbing-below-domains',
      severity: 'error',
      comment:
        'http/, db/ and upstream/ serve every domain: they import none (docs/architecture.md, "The server\'s layout").',
      from: { path: '^apps/server/src/(http|db|upstream)/' },
      to: { path: '^apps/server/src/[^/]+/', pathNot: '^apps/server/src/(http|db|upstream|test)/' },
    },
    {
      name: 'packages-not-apps',
      severity: 'error',
      comment: 'Packages are libraries: they never import an app, the journeys or the benchmarks.',
      from: { path: '^packages/' },
      to: { path: '^(apps|e2e|bench|scripts)/' },
    },
    {
      name: 'packages-stand-alone',
      severity: 'error',
      comment:
        'packages/spotify, packages/contracts and packages/music-exports import nothing of ours; packages/emulator only types from packages/spotify.',
      from: { path: '^packages/(spotify|contracts|music-exports)/', pathNot: TESTS },
      to: { path: '^packages/', pathNot: '^packages/$1/' },
    },
    {
      name: 'emulator-types-only',
      severity: 'error',
      from: { path: '^packages/emulator/', pathNot: TESTS },
      to: { path: '^packages/(?!emulator/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'scripts-not-tests',
      severity: 'error',
      comment: 'Scripts that build or run the product never import tests, journeys or test harnesses.',
      from: { path: '(^scripts/|/scripts/)' },
      to: { path: ['^e2e/', TESTS] },
    },
    {
      name: 'app-code-not-tests',
      severity: 'error',
      comment: 'Product code never imports a test or a test harness.',
      from: { path: '^(apps|packages)/[^/]+/src/', pathNot: TESTS },
      to: { path: ['^e2e/', TESTS] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'] },
    combinedDependencies: true,
  },
};
