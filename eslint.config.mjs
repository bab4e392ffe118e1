import { defineConfig, globalIgnores } from 'eslint/config'
import nextVitals from 'eslint-config-next/core-web-vitals'
import nextTs from 'eslint-config-next/typescript'

/*
 * The layers (README, "How it is built"), top to bottom:
 *
 *   tests → deploy → scripts → entry points → src/cms → src/features → src/components → src/platform → src/domain
 *
 * A file imports from its own layer and the layers below it, never from one above (import/no-restricted-paths),
 * and no file reaches itself again through its imports (import/no-cycle, run as project/no-cycle below; type-only
 * imports vanish when compiled and do not count, dynamic ones do).
 *
 *   tests/           the integration, end-to-end and Lighthouse suites: anything below
 *   deploy/          the scale-out rehearsal (scripts/lib)
 *   scripts/         npm run start, build, migrate, seed, generate, backup, bench...
 *   entry points     src/app (routes only), src/browser (the public pages' browser script, bundled on its own by
 *                    scripts/build.ts: it may share a feature's texts and formats), src/proxy.ts and
 *                    src/instrumentation*.ts; they never import one another
 *   src/cms          payload.config.ts (assembles the features' collections and globals), Media, the database
 *                    and its migrations, the seed, the readiness check, Payload's REST handlers
 *   src/features     one home per feature; a feature may use another's exports (never in a cycle)
 *   src/components   the shared UI
 *   src/platform     what every feature shares: the Payload client, access rules, field factories, cache, forms,
 *                    mail queue, network, the HTTP server
 *   src/domain       pure rules and constants
 *
 * Unit tests beside the code (src/**\/*.test.ts) belong to their folder's layer. Payload's generated files
 * (src/payload-types.ts, types anyone may import; src/app/(payload)/**; src/cms/migrations/**) are exempt.
 *
 * One import points up, on purpose: src/platform/payload.ts, the one Payload client, reaches the assembled config
 * through Payload's `@payload-config` alias, as Payload's Local API requires (see the block for it below). No other
 * file below src/cms may import it, and no cycle may run through it.
 */
const LAYERS = [
  { name: 'tests', groups: [['tests']] },
  { name: 'deploy', groups: [['deploy']] },
  { name: 'scripts', groups: [['scripts']] },
  {
    name: 'entry points',
    isolated: true,
    groups: [['src/app'], ['src/browser'], ['src/proxy.ts'], ['src/instrumentation.ts', 'src/instrumentation-node.ts']],
  },
  { name: 'cms', groups: [['src/cms']] },
  { name: 'features', groups: [['src/features']] },
  { name: 'components', groups: [['src/components']] },
  { name: 'platform', groups: [['src/platform']] },
  { name: 'domain', groups: [['src/domain']] },
]

/** One zone per pair of (importing group, group it may not import), so each refusal names both. */
function layerZones(except = {}) {
  const zones = []
  LAYERS.forEach((layer, i) => {
    for (const target of layer.groups) {
      const above = LAYERS.slice(0, i).flatMap((upper) => upper.groups.map((group) => [group, upper.name, 'above']))
      const beside = layer.isolated
        ? layer.groups.filter((group) => group !== target).map((group) => [group, layer.name, 'beside'])
        : []
      for (const [group, name, where] of [...above, ...beside]) {
        for (const from of group) {
          zones.push({
            target,
            from,
            ...(except[from] ? { except: except[from] } : {}),
            message:
              where === 'above'
                ? `${target.join(', ')} (${layer.name}) may not import ${from} (${name}, a layer above): move what both need down, or pass it in (README, "How it is built").`
                : `The entry points do not import one another: ${target.join(', ')} may not import ${from} (README, "How it is built").`,
          })
        }
      }
    }
  })
  return zones
}

/*
 * import/no-cycle, as it is but cheap. To map the graph of imports, eslint-plugin-import 2.32 turns a file's whole
 * language options into text for every import it follows (exportMap/childContext.js), and 28 of their 33 kB are the
 * 1,174 browser and Node globals that eslint-config-next declares: 45 of the lint's 55 CPU seconds went there. The
 * rule needs only the parser and its options (to read the files it follows), so it gets the file's options less
 * the globals; everything else, and every cycle it finds, stays the same.
 */
const importPlugin = nextVitals.find((config) => config.plugins?.import).plugins.import
const noCycle = importPlugin.rules['no-cycle']
const project = {
  rules: {
    'no-cycle': {
      meta: noCycle.meta,
      create(context) {
        const { globals: _globals, ...languageOptions } = context.languageOptions
        return noCycle.create(Object.create(context, { languageOptions: { value: languageOptions } }))
      },
    },
  },
}

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      // Images are served as they are (uploads already resized by Payload); next/image adds nothing here.
      '@next/next/no-img-element': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts,js,jsx,mjs}'],
    // The cycle check follows our own files only: it need not parse the packages (minutes on two cores).
    settings: { 'import/ignore': ['node_modules'] },
    plugins: { project },
    rules: {
      'import/no-restricted-paths': ['error', { zones: layerZones() }],
      'project/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The one Payload client reaches the assembled config through Payload's own alias (see above).
    files: ['src/platform/payload.ts'],
    rules: {
      'import/no-restricted-paths': ['error', { zones: layerZones({ 'src/cms': ['./payload.config.ts'] }) }],
    },
  },
  {
    // A button of ours drawn before the screen's script runs must look not ready until it works (issue 39):
    // every one goes through ReadyButton, which holds Payload's Button back until then.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/components/ready/ReadyButton.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@payloadcms/ui',
              importNames: ['Button'],
              message:
                'Use ReadyButton (src/components/ready/ReadyButton.tsx): a button drawn before the script runs must look not ready.',
            },
          ],
        },
      ],
    },
  },
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'out/**',
    'next-env.d.ts',
    // Generated by Payload; kept as generated.
    'src/payload-types.ts',
    'src/app/(payload)/**',
    'src/cms/migrations/**',
  ]),
])
