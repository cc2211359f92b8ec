/**
 * The import boundaries of Vigil, checked by `npm run boundaries` (a step of `npm test`).
 * Imports flow one way: shared <- server and shared <- client; features never import each
 * other; the workspace is handed its routes by the app shell; the client's folders form layers;
 * and no import circle exists anywhere in src/, type-only and dynamic imports included.
 */

// The client's layers, lowest first: a layer may import the ones below it, never those above.
// keymap/ and palette/ share a level and do not import each other.
const clientLayers = [
  ['api'],
  ['state'],
  ['components'],
  ['widgets'],
  ['workspace'],
  ['commands'],
  ['keymap', 'palette'],
  ['features'],
  ['app'],
];

const clientFolders = (names) => `^src/client/(${names.join('|')})/`;

const layerRules = clientLayers.slice(0, -1).map((layer, index) => {
  const above = clientLayers.slice(index + 1).flat();
  return {
    name: `client-layers-${layer.join('-')}`,
    severity: 'error',
    comment:
      `src/client/${layer.join(' and ')} sit below ${above.join(', ')}: move what both need ` +
      'down a layer, or hand it in from above (as the shell hands the workspace its routes).',
    from: { path: clientFolders(layer) },
    // The workspace importing app/ has a rule of its own, below.
    to: { path: clientFolders(layer[0] === 'workspace' ? above.slice(0, -1) : above) },
  };
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle makes load order matter and hides which module owns what. ' +
        'Move the shared piece into a file both sides import.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'feature-imports-feature',
      severity: 'error',
      comment:
        'Features do not import each other: what two features share moves to ' +
        'src/client/widgets/ (or components/, api/, state/, src/shared/), or the shell composes them.',
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'client-imports-server',
      severity: 'error',
      comment:
        'The client talks to the server over HTTP only; what both need lives in src/shared/.',
      from: { path: '^src/client/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-imports-client',
      severity: 'error',
      comment: 'The server never imports client code; what both need lives in src/shared/.',
      from: { path: '^src/server/' },
      to: { path: '^src/client/' },
    },
    {
      name: 'shared-imports-a-side',
      severity: 'error',
      comment: 'src/shared/ is imported by both sides, so it imports neither.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(client|server)/' },
    },
    {
      name: 'workspace-imports-app',
      severity: 'error',
      comment:
        'The app shell composes the workspace and hands it the routes; the workspace ' +
        'never reaches back into src/client/app/.',
      from: { path: '^src/client/workspace/' },
      to: { path: '^src/client/app/' },
    },
    {
      name: 'demo-stays-apart',
      severity: 'error',
      comment:
        'The demo organization and the log generator are a tool beside the pipeline: only the ' +
        'start-up, the command line and the developer route load them; ingest, analysis, cases ' +
        'and accounts never import src/server/demo/.',
      from: {
        path: '^src/server/',
        pathNot: '^src/server/(demo/|cli/|main\\.ts$|routes/dev/)',
      },
      to: { path: '^src/server/demo/' },
    },
    {
      name: 'domain-below-http',
      severity: 'error',
      comment:
        'Domain code (accounts, ingest, analysis, case, db, presenters, privacy, runs, startup) ' +
        'knows nothing of HTTP: ' +
        'it throws DomainError kinds and the errors plugin answers; routes and plugins call it.',
      from: {
        path: '^src/server/(accounts|ingest|analysis|case|db|presenters|privacy|runs|startup)/',
      },
      to: { path: '^src/server/(routes|plugins)/' },
    },
    ...layerRules,
    {
      name: 'keymap-and-palette-apart',
      severity: 'error',
      comment: 'keymap/ and palette/ read what they share from state/ and commands/.',
      from: { path: '^src/client/(keymap|palette)/' },
      to: { path: '^src/client/(keymap|palette)/', pathNot: '^src/client/$1/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing is a typo or a missing package.',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count too: a circle of types is still a circle a reader must untangle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
